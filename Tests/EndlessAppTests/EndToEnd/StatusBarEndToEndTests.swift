import EndlessTesting
import Foundation
import Testing

/// The status bar of the real binary, with pictures: its figures say what they count.
@Suite("the status bar's figures (tmux)", .timeLimit(TimeBudget.minutes(2)))
struct StatusBarEndToEndTests {
    @Test("the picture cache's hit rate is labelled as such, not a bare `cache NN%`")
    func picturesCachedLabel() throws {
        let session = try BrowseEndToEndTests.launch("--graphics symbols", width: 140, height: 20)
        let screen = try session.wait(for: "the rows and the pictures' figure") { $0.contains("pictures cached") }
        let status = screen.split(separator: "\n").last.map(String.init) ?? ""
        #expect(status.contains(/pictures cached \d+%/), "\(status)")
        #expect(!status.contains(/· cache \d+%/), "\(status)")
        _ = try BrowseEndToEndTests.quit(session)
    }
}
