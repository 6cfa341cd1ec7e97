import Endless
import EndlessCache
import EndlessFeedModel
import EndlessTerminal
import EndlessTesting
import Foundation
import RandomUserAPI
import Testing

@testable import EndlessApp

/// A tab opening where its list was left: on the selected person's page, with that person
/// selected, and the selection staying on them as the pages before load above.
@Suite("Reopening where the list was left", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct ReopeningTests {
    typealias F = BrowseFixtures

    /// A people tab whose feed opens on page 5, to select person 107 (the 8th on it) again.
    static func tab(clock: ManualClock) -> (FeedTab<ScriptedPageSource<RandomUser>>, F.Model) {
        let feed = Feed(
            source: F.source(clock: clock), configuration: FeedConfiguration(pageSize: 20, minimumIndicatorDuration: .zero),
            openingKey: 5, clock: clock)
        let model = FeedViewModel(
            feed: feed, descriptor: F.descriptor(), images: nil, reselecting: String(describing: F.person(107).id), clock: clock,
            now: { F.now })
        let tab = FeedTab(
            kind: .people, model: model, style: PeopleFeed.rowStyle,
            cells: ImageCells(mode: .none, colorDepth: .trueColor, cellPixelSize: nil), images: nil)
        return (tab, model)
    }

    static func draw(_ tab: some BrowserTab) {
        var frame = ScreenBuffer(size: Size(width: 80, height: 24))
        _ = tab.draw(into: &frame, indicator: Rect(x: 0, y: 0, width: 80, height: 1), list: Rect(x: 0, y: 1, width: 80, height: 22), elapsed: .zero)
    }

    @Test("the person selected last time is selected on the first frame, and stays selected as the page before loads above")
    func selectionFollows() async throws {
        let clock = ManualClock()
        let (tab, model) = Self.tab(clock: clock)
        tab.activate()
        await model.wait { $0.rowCount > 0 && !$0.feed.loadStates.refresh.isLoading }
        #expect(model.item(at: 0)?.id == F.person(100).id, "it did not open on page 5")

        Self.draw(tab)
        #expect(model.selection == 7)
        #expect(model.item(at: model.selection)?.id == F.person(107).id)

        // Scrolled to the top: page 4 loads above, every row moves down 20.
        model.visibleRangeChanged(0..<5)
        await model.wait { $0.rowCount >= 40 && $0.feed.loadStates.prepend.isIdle }
        #expect(model.item(at: 20)?.id == F.person(100).id)
        // A key before the next frame still moves from the same person.
        tab.perform(.moveDown, visibleRows: 10)
        #expect(model.item(at: model.selection)?.id == F.person(108).id)
        #expect(model.position == ListPosition(pageKey: 5, loadSize: 20, itemID: String(describing: F.person(108).id)))
    }

    @Test("a quit before the first frame still saves the person to reopen on, not the top of the page")
    func quitBeforeFrame() async throws {
        let clock = ManualClock()
        let (tab, model) = Self.tab(clock: clock)
        tab.activate()
        await model.wait { $0.rowCount > 0 && !$0.feed.loadStates.refresh.isLoading }
        let dump = tab.dump()
        #expect(dump.selection == 7)
        #expect(model.position?.itemID == String(describing: F.person(107).id))
    }
}
