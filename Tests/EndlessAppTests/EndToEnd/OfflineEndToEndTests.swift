import EndlessTesting
import Foundation
import Testing

/// `--offline` with nothing cached, in a real terminal: it says what would load the list
/// instead of offering a retry that cannot work offline.
@Suite("--offline with an empty cache (tmux)", .timeLimit(TimeBudget.minutes(2)))
struct OfflineEndToEndTests {
    @Test("the first load fails saying to run without --offline, with no R to retry")
    func emptyCache() throws {
        let session = try BrowseEndToEndTests.launch("--offline --graphics none", width: 90, height: 16)
        try session.wait(for: "the failed first load") { $0.contains("could not load people") }
        let screen = try session.screen()
        #expect(screen.contains("without --offline"), "\(screen)")
        #expect(!screen.contains("press R to retry"), "\(screen)")
        _ = try BrowseEndToEndTests.quit(session)
    }
}
