import EndlessImages
import EndlessTerminal
import EndlessTesting
import Foundation
import RandomUserAPI
import Synchronization
import Testing

@testable import Endless
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
        framed(tab).frame
    }

    /// A frame of `tab`, how many of its rows were on screen whole, and how many were cut by
    /// the bottom of the list (0 or 1).
    static func framed(_ tab: some BrowserTab) -> (frame: ScreenBuffer, rowsOnScreen: Int, cutRows: Int) {
        var frame = ScreenBuffer(size: PeopleScreenTests.size)
        let layout = BrowserScreen.draw(BrowserModel(tabs: [tab], opening: .people), into: &frame, elapsed: .zero)
        let cut = layout.rows.count { if case .cutItem = $0.row { true } else { false } }
        return (frame, FeedScreen<ScriptedPageSource<RandomUser>>.visibleItems(layout.rows).count, cut)
    }

    @Test("a j across rows kept lays out no row afresh; every frame is the one drawn afresh")
    func selectionOnly() async throws {
        let model = await PeopleScreenTests.loaded(pages: 2)
        let reference = await PeopleScreenTests.loaded(pages: 2)
        // The person rows' own memo of laid-out text, to count layouts by.
        let layouts = RowMemo<PersonRowKey, PersonRowInputs, AvatarRow.Text>()
        let tab = Self.tab(model, style: PeopleFeed.rowStyle(memo: layouts))
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
        #expect(layouts.made == first)
        for key in 1...4 {
            model.perform(.moveDown, visibleRows: 10)
            reference.perform(.moveDown, visibleRows: 10)
            #expect(draw(browser) == draw(referenceBrowser), "after \(key) j")
            // Every row was drawn before, selected or not: all are copied.
            #expect(tab.rowsDrawn == first, "after \(key) j")
            #expect(layouts.made == first, "after \(key) j")
        }
        // A frame where nothing changed draws no row.
        #expect(draw(browser) == draw(referenceBrowser))
        #expect(tab.rowsDrawn == first)
    }

    @Test("a row that marks the selection itself is drawn over the bar, selected and unselected kept apart")
    func marksSelection() async throws {
        let model = await PeopleScreenTests.loaded()
        var style = FeedRowStyle<RandomUser>(height: { _ in 2 }, placeholderHeight: 2) { person, context, frame in
            frame.write((context.isSelected ? "> " : "  ") + (person.name?.first ?? "?"), at: Point(x: context.rect.x + 1, y: context.rect.y))
        }
        style.uniformHeight = 2
        #expect(style.marksSelection)  // the default: the safe side
        let tab = Self.tab(model, style: style)
        var frame = Self.frame(tab)
        let drawn = tab.rowsDrawn
        for key in 1...3 {
            model.perform(.moveDown, visibleRows: 10)
            frame = Self.frame(tab)
            // The row selected is drawn selected; the row left was drawn unselected in the
            // first frame, except the first row, selected then.
            #expect(tab.rowsDrawn == drawn + key + 1, "after \(key) j")
        }
        let row = try #require(frame.lines.firstIndex { $0.contains("> First") })
        #expect(frame[0, row].grapheme == Theme.selectionBarGlyph)
        #expect(frame.lines.filter { $0.contains("> ") }.count == 1)
    }

    @Test("a row changed under the same id, and a row that reads the clock, are drawn again")
    func changedAndClock() async throws {
        let model = await PeopleScreenTests.loaded()
        let counting = CountingStyle()
        let tab = Self.tab(model, style: counting.style)
        let first = Self.framed(tab)
        let onScreen = first.rowsOnScreen
        // The 21 lines of the list hold ten rows of two and the first line of the eleventh.
        #expect(first.cutRows == 1)
        let drawn = onScreen + first.cutRows
        let rows = counting.draws  // the rows on screen, and up to a group below drawn ahead
        #expect(rows > onScreen && rows <= onScreen + FeedScreen<ScriptedPageSource<RandomUser>>.rowsDrawnAhead)
        _ = Self.frame(tab)
        #expect(counting.draws == rows)  // kept: copied, not drawn
        counting.readsClock = true
        tab.rowMemoForTests?.removeAll()
        _ = Self.frame(tab)
        #expect(counting.draws == rows + drawn + 1)  // and the row below, tried ahead once
        _ = Self.frame(tab)
        #expect(counting.draws == rows + 2 * drawn + 1)  // never kept, nor drawn ahead again
        #expect(tab.rowMemoForTests?.count == 0)
    }

    @Test("items that are not Equatable are kept only under the same stamp; a stamp needs no comparison")
    func notEquatable() {
        struct Number: Identifiable { let id: Int }
        let inputs = ListRowInputs(item: Number(id: 1), image: nil, placeholder: nil)
        #expect(inputs != inputs)
        let stamped = ListRowInputs(item: Number(id: 1), stamp: ItemStamp(page: 7, offset: 1), image: nil, placeholder: nil)
        #expect(stamped == stamped)
        #expect(stamped != ListRowInputs(stamped, stamp: ItemStamp(page: 8, offset: 1)))
        let person = ListRowInputs(item: F.person(1), image: nil, placeholder: nil)
        #expect(person == person)
        #expect(person != ListRowInputs(item: F.person(2), image: nil, placeholder: nil))
        // Another stamp, the same person (a refresh brought it again): still the same row.
        #expect(ListRowInputs(person, stamp: ItemStamp(page: 1, offset: 0)) == ListRowInputs(person, stamp: ItemStamp(page: 2, offset: 0)))
    }

    /// An item that counts how often it is compared.
    struct Compared: Identifiable, Sendable, Equatable {
        static let comparisons = Atomic(0)
        let id: Int

        static func == (lhs: Self, rhs: Self) -> Bool {
            comparisons.add(1, ordering: .relaxed)
            return lhs.id == rhs.id
        }
    }

    @Test("a held j compares no item of a row that did not change; a refresh that brings the same items draws no row again")
    func noItemCompared() async throws {
        let clock = ManualClock()
        let source = ScriptedPageSource(pageSize: 20, clock: clock, makeItem: Compared.init)
        let feed = Feed(source: source, configuration: FeedConfiguration(pageSize: 20, minimumIndicatorDuration: .zero), clock: clock)
        let model = FeedViewModel(
            feed: feed,
            descriptor: FeedDescriptor(
                nouns: Nouns("number", "numbers"), sourceLabel: "test source",
                details: { number, _ in ItemDetails(id: "\(number.id)", title: UntrustedText("\(number.id)"), imageURL: nil, fields: []) }),
            images: nil,
            clock: clock, now: { F.now })
        model.start()
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        var style = FeedRowStyle<Compared>(height: { _ in 2 }, placeholderHeight: 2) { number, context, frame in
            frame.write("number \(number.id)", at: Point(x: context.rect.x + 2, y: context.rect.y))
        }
        style.uniformHeight = 2
        let tab = FeedTab(kind: .people, model: model, style: style, cells: Self.cells, images: nil)
        _ = Self.frame(tab)
        let drawn = tab.rowsDrawn
        let compared = Compared.comparisons.load(ordering: .relaxed)
        for _ in 0..<5 {
            model.perform(.moveDown, visibleRows: 10)
            _ = Self.frame(tab)
        }
        #expect(tab.rowsDrawn == drawn + 6)  // the row left and the row selected, each j
        #expect(Compared.comparisons.load(ordering: .relaxed) == compared)

        // New stamps, the same numbers: compared once each, drawn from the memo.
        let outcome = await model.refresh(ignoringCooldown: true)
        guard case .refreshed = outcome else {
            Issue.record("the refresh: \(outcome)")
            return
        }
        let before = tab.rowsDrawn
        _ = Self.frame(tab)
        #expect(tab.rowsDrawn == before)
        #expect(Compared.comparisons.load(ordering: .relaxed) > compared)
    }

    @Test("a row is copied as the last frame showed it only for the same listed row, index, place, selection and picture")
    func shownRows() throws {
        let memo = ListRowMemo(rowsOf: Int.self)
        var frame = ScreenBuffer(size: Size(width: 20, height: 4))
        frame.write("seven", at: Point(x: 2, y: 0))
        let size = Size(width: 20, height: 2)
        let cells = RowCells(Rect(x: 0, y: 0, width: 20, height: 2), of: frame, graphicsBefore: 0)
        let listed = ListedRow(stamp: ItemStamp(page: 1, offset: 0), idText: "7", image: nil)
        let url = try #require(URL(string: "http://127.0.0.1/7.jpg"))
        let picture = RowPicture(
            DecodedImage(width: 1, height: 1, pixels: [0, 0, 0, 255], request: ImageRequest(url: url, targetSize: PixelSize(width: 1, height: 1))))
        memo.recordShown(.init(index: 3, listed: listed, x: 0, size: size, isSelected: false, image: nil, cells: cells))

        #expect(memo.shownCells(at: 3, listed: listed, x: 0, size: size, isSelected: false, image: nil) != nil)
        // The same item listed again (a refresh's new stamp) is another object: drawn the long way.
        let again = ListedRow(stamp: ItemStamp(page: 2, offset: 0), idText: "7", image: nil)
        #expect(memo.shownCells(at: 3, listed: again, x: 0, size: size, isSelected: false, image: nil) == nil)
        #expect(memo.shownCells(at: 3 + ListRowMemo.slotCount, listed: listed, x: 0, size: size, isSelected: false, image: nil) == nil)
        #expect(memo.shownCells(at: 3, listed: listed, x: 1, size: size, isSelected: false, image: nil) == nil)
        #expect(memo.shownCells(at: 3, listed: listed, x: 0, size: Size(width: 19, height: 2), isSelected: false, image: nil) == nil)
        #expect(memo.shownCells(at: 3, listed: listed, x: 0, size: size, isSelected: true, image: nil) == nil)
        // Its picture arrived.
        #expect(memo.shownCells(at: 3, listed: listed, x: 0, size: size, isSelected: false, image: picture) == nil)

        memo.removeAll()
        #expect(memo.shownCells(at: 3, listed: listed, x: 0, size: size, isSelected: false, image: nil) == nil)
    }

    @Test("a row's picture is taken from the row shown at its index only for the same listed row, while the store holds it")
    func heldPictures() throws {
        let memo = ListRowMemo(rowsOf: Int.self)
        let frame = ScreenBuffer(size: Size(width: 20, height: 2))
        let cells = RowCells(Rect(x: 0, y: 0, width: 20, height: 2), of: frame, graphicsBefore: 0)
        let request = ImageStoreTests.picture(7)
        let image = DecodedImage(width: 8, height: 8, pixels: [UInt8](repeating: 255, count: 8 * 8 * 4), request: request)
        let pipeline = ImagePipeline(configuration: .init(dataLoader: ImageStoreTests.PendingLoader(), diskCache: nil))
        pipeline.configuration.memoryCache?.store(image)
        let store = ImageStore(pipeline: pipeline)
        store.update(wanted: [request], unwanted: [])
        let picture = try #require(RowPicture(image))
        let hold = try #require(store.heldPicture(unobserved: request, showing: picture))
        let feedImage = FeedImage(url: request.url, size: .init(width: 8, height: 8))
        let listed = ListedRow(stamp: ItemStamp(page: 1, offset: 0), idText: "7", image: feedImage)
        let size = Size(width: 20, height: 2)
        memo.recordShown(.init(index: 3, listed: listed, x: 0, size: size, isSelected: false, image: RowPicture(image), hold: hold, cells: cells))

        #expect(memo.heldPicture(at: 3, of: listed) == RowPicture(image))
        #expect(memo.heldPicture(at: 3 + ListRowMemo.slotCount, of: listed) == nil)
        let again = ListedRow(stamp: ItemStamp(page: 2, offset: 0), idText: "7", image: feedImage)
        #expect(memo.heldPicture(at: 3, of: again) == nil)
        store.update(wanted: [], unwanted: [request])
        #expect(memo.heldPicture(at: 3, of: listed) == nil, "let go: looked up again")
        // A row recorded without a hold (no picture, or one not held) is always looked up.
        memo.recordShown(.init(index: 4, listed: listed, x: 0, size: size, isSelected: false, image: nil, cells: cells))
        #expect(memo.heldPicture(at: 4, of: listed) == nil)
    }
}
