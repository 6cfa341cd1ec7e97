import Endless
import EndlessFeedModel
import EndlessTerminal
import EndlessTesting
import ReqresAPI
import Testing

@testable import EndlessApp

/// Issue 29: the built-in feeds' rows do not mark the selection themselves
/// (`FeedRowStyle.marksSelection` false), so the browser draws them alike selected or not and
/// lays the bar over them. Every frame is the one drawn the way it was before: each row drawn
/// selected over the bar, its selected and unselected looks kept apart.
@Suite("Selection look", .serialized, .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct SelectionLookTests {
    /// Draws `model` through `style` and through the same style marking the selection itself
    /// (the way every row was drawn before), a `j` at a time from the top and back with `k`,
    /// and expects the same frames; the selected row's gutter shows the bar.
    static func expectSameLook<Source: PageSource>(
        _ kind: FeedID, _ model: FeedViewModel<Source>, style: FeedRowStyle<Source.Item>, moves: Int = 12,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!style.marksSelection, sourceLocation: sourceLocation)
        var before = style
        before.marksSelection = true
        let cells = ImageCells(mode: .symbols, colorDepth: .trueColor, cellPixelSize: nil)
        let now = BrowserModel(tabs: [FeedTab(kind: kind, model: model, style: style, cells: cells, images: nil)], opening: kind)
        let then = BrowserModel(tabs: [FeedTab(kind: kind, model: model, style: before, cells: cells, images: nil)], opening: kind)
        func frame(_ browser: BrowserModel) -> (ScreenBuffer, [(row: ListRow, rect: Rect)]) {
            var frame = ScreenBuffer(size: Size(width: 100, height: 30))
            let layout = BrowserScreen.draw(browser, into: &frame, elapsed: .zero)
            return (frame, layout.rows)
        }
        model.select(0)
        for move in 0..<(2 * moves) {
            let (drawn, rows) = frame(now)
            let (expected, _) = frame(then)
            #expect(drawn == expected, "after \(move) moves:\n\(drawn.lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
            let selected = rows.first { $0.row == .item(model.selection) }
            #expect(selected.map { drawn[$0.rect.x, $0.rect.y].grapheme } == Theme.selectionBarGlyph, sourceLocation: sourceLocation)
            model.perform(move < moves ? .moveDown : .moveUp, visibleRows: 10)
        }
    }

    @Test("people")
    func people() async {
        let model = await PeopleScreenTests.loaded(pages: 2)
        Self.expectSameLook(.people, model, style: PeopleFeed.rowStyle)
    }

    @Test("users")
    func users() async throws {
        let (client, stop) = try UsersFeedTests.simulatorClient(apiKey: ReqresClient.freeAPIKey)
        defer { stop() }
        let model = UsersFeedTests.model(client, clock: ManualClock())
        model.start()
        await model.wait { $0.rowCount >= 6 && !$0.feed.loadStates.refresh.isLoading }
        Self.expectSameLook(.users, model, style: UsersFeed.rowStyle, moves: 4)
    }

    @Test("photos")
    func photos() async throws {
        let (tab, model, stop) = try PhotosFeedTests.tab()
        defer { stop() }
        model.start()
        await model.wait { $0.rowCount >= 30 && !$0.feed.loadStates.refresh.isLoading }
        Self.expectSameLook(.photos, model, style: tab.style)
    }

    @Test("coins")
    func coins() async throws {
        let board = try await CoinsBoardTests.board()
        defer { board.server.stop() }
        Self.expectSameLook(.coins, board.model, style: CoinRow.style(currency: "usd"))
    }
}
