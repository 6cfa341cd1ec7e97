import Testing

@testable import EndlessApp

/// A style whose rows are all one height says so, so that the list never reads an item to
/// learn a row's height (it asks many times a frame) and the browser draws the next row ahead.
@Suite("Row styles of one height")
@MainActor
struct FeedRowStyleTests {
    @Test("the one-height initializer sets the rows', the placeholders' and the uniform height together")
    func initializer() {
        let style = FeedRowStyle<Int>(height: 3) { _, _, _ in }
        #expect(style.uniformHeight == 3)
        #expect(style.placeholderHeight == 3)
        #expect(style.height(42) == 3)
    }

    @Test("people, users and coins declare their rows of one height; photos, sized from each photo, do not")
    func builtInFeeds() {
        #expect(PeopleFeed.rowStyle.uniformHeight == AvatarRow.height)
        #expect(UsersFeed.rowStyle.uniformHeight == AvatarRow.height)
        // The coins board did not, and every frame copied each row's whole market entry out
        // of the feed to ask its height (issue 29).
        #expect(CoinRow.style(currency: "usd").uniformHeight == CoinRow.height)
        #expect(PhotoRow.style(PhotoRow.Layout(cellAspect: 0.5)).uniformHeight == nil)
    }
}
