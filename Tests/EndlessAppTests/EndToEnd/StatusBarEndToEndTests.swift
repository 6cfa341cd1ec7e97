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

    @Test("a service refusing for the rate is `rate-limited` on the status line, not `offline`, beside the banner saying why")
    func rateLimitedIsNotOffline() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("endless-e2e-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let session = try BrowseEndToEndTests.launch(
            "--graphics none --throttle-rate 1", width: 120, height: 20, environment: ["XDG_CACHE_HOME": cache.path])
        // The client honours the 429's Retry-After for its retries before giving up, and the
        // feed retries a failed first page by itself once: the banner comes after those waits
        // (about 5 s), which a sanitizer's build does not shorten.
        let screen = try session.wait(
            for: "the failure, on the status line and in the banner", timeout: TimeBudget.scaled(.seconds(30))
        ) {
            $0.contains("rate-limited") && $0.contains("HTTP 429")
        }
        let status = screen.split(separator: "\n").last.map(String.init) ?? ""
        #expect(status.contains("rate-limited"), "\(status)")
        #expect(!status.contains("offline"), "\(status)")
        #expect(screen.contains("HTTP 429"))
        _ = try BrowseEndToEndTests.quit(session)
    }
}
