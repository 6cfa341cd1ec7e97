import Endless
import EndlessTerminal
import EndlessTesting
import Foundation
import RandomUserAPI
import Testing

@testable import EndlessApp
@testable import EndlessFeedModel

/// Issue 29, for every feed: a frame draws only the rows that changed and copies the others,
/// and the frame is the one drawn with every row drawn afresh.
@Suite("List row memo", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct ListRowMemoTests {
    typealias F = BrowseFixtures
    static let cells = ImageCells(mode: .none, colorDepth: .trueColor, cellPixelSize: nil)

    /// A row that counts its draws, and shows the person's age from the clock when `clock` is set.
    @MainActor
    final class CountingStyle {
        var draws = 0
        var readsClock = false

        var style: FeedRowStyle<RandomUser> {
            var style = FeedRowStyle<RandomUser>(height: { _ in 2 }, placeholderHeight: 2) { [self] person, context, frame in
                draws += 1
                let age = readsClock ? " \(Int(context.now.timeIntervalSince1970))" : ""
                frame.write((person.name?.first ?? "?") + age, at: Point(x: context.rect.x + 2, y: context.rect.y))
            }
            style.uniformHeight = 2
            return style
        }
    }

    static func tab(_ model: F.Model, style: FeedRowStyle<RandomUser>, keepsRows: Bool = true) -> FeedTab<ScriptedPageSource<RandomUser>> {
        FeedTab(kind: .people, model: model, style: style, cells: cells, images: nil, keepsRows: keepsRows)
    }

    static func frame(_ tab: some BrowserTab) -> ScreenBuffer {
        var frame = ScreenBuffer(size: PeopleScreenTests.size)
        _ = BrowserScreen.draw(BrowserModel(tabs: [tab], opening: .people), into: &frame, elapsed: .zero)
        return frame
    }

    @Test("a j that moves only the selection draws at most the two rows involved; every frame is the one drawn afresh")
    func selectionOnly() async throws {
        let model = await PeopleScreenTests.loaded(pages: 2)
        let reference = await PeopleScreenTests.loaded(pages: 2)
        let tab = Self.tab(model, style: PeopleFeed.rowStyle)
        let afresh = Self.tab(reference, style: PeopleFeed.rowStyle, keepsRows: false)
        let browser = BrowserModel(tabs: [tab], opening: .people)
        let referenceBrowser = BrowserModel(tabs: [afresh], opening: .people)
        func draw(_ browser: BrowserModel) -> ScreenBuffer {
            var frame = ScreenBuffer(size: PeopleScreenTests.size)
            _ = BrowserScreen.draw(browser, into: &frame, elapsed: .zero)
            return frame
        }
        #expect(draw(browser) == draw(referenceBrowser))
        let first = tab.rowsDrawn
        #expect(first > 5)  // the screenful, drawn once
        for key in 1...4 {
            let before = tab.rowsDrawn
            model.perform(.moveDown, visibleRows: 10)
            reference.perform(.moveDown, visibleRows: 10)
            #expect(draw(browser) == draw(referenceBrowser), "after \(key) j")
            // The first j draws the row left (unselected) and the row selected; later, the row
            // left was drawn unselected in an earlier frame and is copied.
            #expect(tab.rowsDrawn - before == (key == 1 ? 2 : 1), "after \(key) j")
        }
        // A frame where nothing changed draws no row.
        let before = tab.rowsDrawn
        #expect(draw(browser) == draw(referenceBrowser))
        #expect(tab.rowsDrawn == before)
    }

    @Test("a row changed under the same id, and a row that reads the clock, are drawn again")
    func changedAndClock() async throws {
        let model = await PeopleScreenTests.loaded()
        let counting = CountingStyle()
        let tab = Self.tab(model, style: counting.style)
        _ = Self.frame(tab)
        let rows = counting.draws
        _ = Self.frame(tab)
        #expect(counting.draws == rows)  // kept: copied, not drawn
        counting.readsClock = true
        tab.rowMemoForTests?.removeAll()
        _ = Self.frame(tab)
        _ = Self.frame(tab)
        #expect(counting.draws == rows * 3)  // the clock's rows are never kept
        #expect(tab.rowMemoForTests?.count == 0)
    }

    @Test("items that are not Equatable are drawn every frame")
    func notEquatable() {
        struct Number: Identifiable { let id: Int }
        let inputs = ListRowInputs(item: Number(id: 1), image: nil, placeholder: nil)
        #expect(inputs != inputs)
        let person = ListRowInputs(item: F.person(1), image: nil, placeholder: nil)
        #expect(person == person)
        #expect(person != ListRowInputs(item: F.person(2), image: nil, placeholder: nil))
    }
}
