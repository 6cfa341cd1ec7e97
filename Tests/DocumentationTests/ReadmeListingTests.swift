import Endless
import EndlessTesting
import Testing

/// Runs the README's library example.
@MainActor
@Suite struct ReadmeListingTests {
    @Test func theReadmeFeedLoadsTheRowsOnScreen() async throws {
        let feed = await showNumbers(rows: 0..<30) { _ in }
        try #require(await feed.wait { $0.items.count >= 40 })
        #expect(feed.items.first?.id == 0)
        #expect(feed.items.item(at: 39)?.id == 39)
    }
}
