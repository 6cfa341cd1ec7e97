import Endless
import EndlessImages
import EndlessTerminal
import EndlessTerminalTesting
import EndlessTesting
import Foundation
import RandomUserAPI
import Testing

@testable import EndlessApp
@testable import EndlessFeedModel

/// What a person sees at the sizes terminals come in (80×24, 50×20, 20×8): nothing cut
/// mid-phrase, details that fit and scroll, one selection look, tabs told apart without colour.
@Suite("The screen at small sizes", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct ScreenSizesTests {
    typealias F = BrowseFixtures

    /// Draws `browser` at `size` as the loop would; returns its lines and the layout.
    static func render(_ browser: BrowserModel, _ size: Size, colorDepth: ColorDepth = .trueColor) -> (lines: [String], layout: BrowserLayout) {
        var terminal = InMemoryTerminal(size: size, colorDepth: colorDepth)
        var frame = ScreenBuffer(size: size)
        let layout = BrowserScreen.draw(browser, into: &frame, elapsed: .zero)
        browser.active.rowsShown(layout.rows)
        terminal.render(frame)
        return (terminal.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), layout)
    }

    /// A people model with its first page loaded.
    static func loaded() async -> F.Model {
        let clock = ManualClock()
        let model = F.model(F.source(clock: clock), clock: clock)
        model.start()
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        return model
    }

    /// Two tabs: people (shown) and a second feed of people named photos.
    static func twoTabs(_ model: F.Model, style: FeedRowStyle<RandomUser> = PeopleFeed.rowStyle) async -> BrowserModel {
        let cells = ImageCells(mode: .none, colorDepth: .trueColor, cellPixelSize: nil)
        let clock = ManualClock()
        let other = F.model(F.source(clock: clock), clock: clock)
        return BrowserModel(
            tabs: [
                FeedTab(kind: .people, model: model, style: style, cells: cells, images: nil),
                FeedTab(kind: .photos, model: other, style: PeopleFeed.rowStyle, cells: cells, images: nil),
            ], opening: .people)
    }

    static func column(_ line: String, _ x: Int) -> Character? {
        let characters = Array(line)
        return characters.indices.contains(x) ? characters[x] : nil
    }

    @Test("details open: the list's selection bar and scrollbar are hidden beside the panel")
    func detailsHideListMarks() async throws {
        let model = await Self.loaded()
        let browser = F.browser(model)
        let before = Self.render(browser, Size(width: 80, height: 24)).lines
        #expect(Self.column(before[2], 0) == "▌" && Self.column(before[2], 79) != " ", "the list shows both, without details")
        model.openDetails()
        let lines = Self.render(browser, Size(width: 80, height: 24)).lines
        try #require(lines.count == 24)
        for y in 2..<23 {
            #expect(Self.column(lines[y], 0) != "▌", "line \(y): \(lines[y])")
            #expect(Self.column(lines[y], 79) == " " || Self.column(lines[y], 79) == nil, "line \(y): \(lines[y])")
        }
    }

    @Test("one selection look for every row height: the bar on every line of the selected row")
    func selectionOnEveryLine() async throws {
        let model = await Self.loaded()
        var tall = FeedRowStyle<RandomUser>(height: { _ in 6 }, placeholderHeight: 6) { person, context, frame in
            frame.write(person.name?.full ?? "", at: Point(x: context.rect.x + 2, y: context.rect.y))
        }
        tall.rowImageSize = Size(width: 0, height: 0)
        let browser = await Self.twoTabs(model, style: tall)
        let lines = Self.render(browser, Size(width: 60, height: 20)).lines
        let marked = lines.indices.filter { Self.column(lines[$0], 0) == "▌" }
        #expect(marked == Array(2..<8), "\(lines.joined(separator: "\n"))")
    }

    @Test("PgDn turns a page as less does: the selection moves the rows on screen less one, and the rows scroll with it")
    func pageDown() async throws {
        let model = await Self.loaded()
        let browser = F.browser(model)
        let first = Self.render(browser, Size(width: 80, height: 24)).layout
        #expect(FeedScreen<ScriptedPageSource<RandomUser>>.visibleItems(first.rows) == 0..<10)
        browser.perform(.list(.pageDown), visibleRows: first.visibleRowCount)
        #expect(model.selection == 9)
        let after = Self.render(browser, Size(width: 80, height: 24)).layout
        // The old page's last rows stay in sight at the top (one more than less, for the margin
        // kept above the selection); the rest is the next page.
        #expect(FeedScreen<ScriptedPageSource<RandomUser>>.visibleItems(after.rows) == 8..<18)
    }

    @Test("the active tab is in brackets, so it is told from the others with no colour")
    func activeTabWithoutColour() async throws {
        let browser = await Self.twoTabs(await Self.loaded())
        let header = Self.render(browser, Size(width: 100, height: 10), colorDepth: .none).lines[0]
        #expect(header.contains("[1 people]") && header.contains(" 2 photos "), "\(header)")
        #expect(!header.contains("[2"))
    }

    @Test("a narrow header lets the app's name go before what is shown: an order or a search stays named", arguments: [50, 44])
    func headerKeepsTheView(width: Int) {
        let header = BrowserChrome.Header(
            tabs: [.people, .photos, .coins, .users], active: .coins, source: "simulator 127.0.0.1:38817 · by volume ↓", view: "by volume ↓",
            status: FeedStatus(seed: nil, page: 3, rows: 100, live: nil), nouns: Nouns("coin", "coins"))
        var frame = ScreenBuffer(size: Size(width: width, height: 1))
        _ = BrowserChrome.drawHeader(header, into: &frame, in: frame.bounds)
        let line = frame.lines[0]
        #expect(line.contains("· by volume ↓") && line.contains("100 coins"), "\(line)")
        #expect(!line.contains("endless") && !line.contains("page 3") && !line.contains("…"), "\(line)")
        // Wide, everything; narrower than the view allows, the view goes too, the rows stay.
        var wide = ScreenBuffer(size: Size(width: 100, height: 1))
        _ = BrowserChrome.drawHeader(header, into: &wide, in: wide.bounds)
        #expect(wide.lines[0].contains("endless") && wide.lines[0].contains("by volume ↓") && wide.lines[0].contains("page 3"), "\(wide.lines[0])")
        var narrow = ScreenBuffer(size: Size(width: 30, height: 1))
        _ = BrowserChrome.drawHeader(header, into: &narrow, in: narrow.bounds)
        #expect(!narrow.lines[0].contains("by volume") && narrow.lines[0].contains("100"), "\(narrow.lines[0])")
    }

    @Test("the status bar drops whole phrases by priority, never cutting one; help and quit stay longest", arguments: [80, 50, 30, 20])
    func statusBarNeverCuts(width: Int) async throws {
        let browser = await Self.twoTabs(await Self.loaded())
        let status = try #require(Self.render(browser, Size(width: width, height: 12)).lines.last)
        #expect(!status.contains("…"), "\(status)")
        #expect(status.contains("? help") && status.contains("q quit"), "\(status)")
        if width >= 80 { #expect(status.contains("↑↓/jk move") && status.contains("⏎ details"), "\(status)") }
    }

    @Test("20×8: a compact tab bar, and Enter opens the details on the whole screen")
    func tiny() async throws {
        let model = await Self.loaded()
        let browser = await Self.twoTabs(model)
        let size = Size(width: 20, height: 8)
        let header = Self.render(browser, size).lines[0]
        #expect(header.contains("[1]") && header.contains("2"), "\(header)")
        browser.perform(.list(.openDetails), visibleRows: 2)
        let lines = Self.render(browser, size).lines
        #expect(lines[1].hasPrefix("╭") && lines[1].hasSuffix("╮"), "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("email") }, "\(lines.joined(separator: "\n"))")
    }

    @Test("small details scroll with j/k and PgUp/PgDn; details that fit move to the next item")
    func detailsScroll() async throws {
        let model = await Self.loaded()
        let browser = F.browser(model)
        let size = Size(width: 50, height: 12)
        model.openDetails()
        let top = Self.render(browser, size).lines
        #expect(model.canScrollDetails)
        let firstField = try #require(top[2].split(separator: " ").dropFirst().first)
        browser.perform(.list(.moveDown), visibleRows: 4)
        #expect(model.selection == 0, "j scrolls the details, not the list")
        let scrolled = Self.render(browser, size).lines
        #expect(scrolled[2] != top[2] && scrolled[2].contains(top[3].split(separator: " ").dropFirst().first ?? "?"))
        browser.perform(.list(.pageDown), visibleRows: 4)
        browser.perform(.list(.pageDown), visibleRows: 4)
        browser.perform(.list(.pageDown), visibleRows: 4)
        #expect(model.detailsScrollOffset > 1)
        browser.perform(.list(.top), visibleRows: 4)
        #expect(Self.render(browser, size).lines[2].contains(firstField))

        // On a tall screen every field shows: ↓ is the next person again.
        _ = Self.render(browser, Size(width: 100, height: 40))
        #expect(!model.canScrollDetails)
        browser.perform(.list(.moveDown), visibleRows: 4)
        #expect(model.selection == 1)
    }

    @Test("a key help taller than the screen says how much is out of sight and scrolls with j/k, PgDn, g, G; one that fits gives way to the list")
    func helpScrolls() async throws {
        let model = await Self.loaded()
        let browser = F.browser(model)
        let size = Size(width: 80, height: 12)
        browser.perform(.toggleHelp, visibleRows: 4)
        let top = Self.render(browser, size).lines
        let screen = top.joined(separator: "\n")
        #expect(top.contains { $0.contains("next person, previous person") }, "\(screen)")
        #expect(!top.contains { $0.contains("select; click again for details") }, "the last binding is out of sight: \(screen)")
        let (all, shown) = browser.helpLines
        let hidden = all - shown
        #expect(shown == 10 && hidden >= 2, "a box of 12 lines, its border and ten bindings: \(all), \(shown)")
        let bottomEdge = try #require(top.last { $0.contains("╰") })
        #expect(bottomEdge.contains("↓ \(hidden) more · ↑↓ PgUp PgDn scroll"), "\(bottomEdge)")

        browser.perform(.list(.moveDown), visibleRows: 4)
        #expect(browser.isHelpVisible, "j scrolls the help, and keeps it open")
        #expect(model.selection == 0, "the list does not move under the help")
        let scrolled = Self.render(browser, size).lines
        #expect(!scrolled.contains { $0.contains("next person, previous person") })
        #expect(scrolled.contains { $0.contains("↑ 1 ↓ \(hidden - 1) more") })

        browser.perform(.list(.bottom), visibleRows: 4)
        let end = Self.render(browser, size).lines
        #expect(end.contains { $0.contains("select; click again for details") }, "G shows the last binding: \(end.joined(separator: "\n"))")
        #expect(end.contains { $0.contains("↑ \(hidden) more") })
        browser.perform(.list(.pageDown), visibleRows: 4)
        #expect(browser.helpFirstLine == hidden, "not past the end")
        browser.perform(.list(.top), visibleRows: 4)
        #expect(browser.helpFirstLine == 0)
        #expect(Self.render(browser, size).lines.contains { $0.contains("next person, previous person") })

        // Opened again, it starts at the top; on a screen tall enough for all of it, j closes
        // it and moves in the list, as before.
        browser.perform(.list(.bottom), visibleRows: 4)
        browser.perform(.toggleHelp, visibleRows: 4)
        browser.perform(.toggleHelp, visibleRows: 4)
        #expect(browser.helpFirstLine == 0)
        let tall = Self.render(browser, Size(width: 80, height: 30)).lines
        #expect(!tall.contains { $0.contains("more · ↑↓") }, "nothing out of sight")
        browser.perform(.list(.moveDown), visibleRows: 4)
        #expect(!browser.isHelpVisible)
        #expect(model.selection == 1)
    }

    @Test("50×20 photo details take the whole area, the picture beside or above a screenful of fields")
    func smallPhotoDetails() async throws {
        let images = ImageStore(pipeline: ImagePipeline(configuration: .init(dataLoader: PhotosFeedTests.PendingLoader(), diskCache: nil)))
        let (tab, model, stop) = try PhotosFeedTests.tab(images: images)
        defer { stop() }
        model.start()
        await model.wait { $0.rowCount >= 30 }
        model.openDetails()
        let browser = BrowserModel(tabs: [tab], opening: .photos)
        let lines = Self.render(browser, Size(width: 50, height: 20)).lines
        let screen = lines.joined(separator: "\n")
        #expect(lines[1].hasPrefix("╭") && lines[1].hasSuffix("╮"), "the whole width: \(screen)")
        let labels = ["description", "alt text", "by", "bio", "based in", "likes", "size", "colour"]
        let shown = labels.filter { label in lines.contains { $0.contains("  \(label) ") || $0.contains("│ \(label) ") } }
        #expect(shown.count >= 7, "fields shown: \(shown)\n\(screen)")
    }

    @Test("q over the key help closes it; q again quits; Ctrl-C quits from the help")
    func quitKeyInHelp() async throws {
        let model = await Self.loaded()
        let browser = F.browser(model)
        let loop = BrowseLoop(terminal: RecordingTerminal(), browser: browser, clock: ManualClock(), frameInterval: .zero)
        func key(_ event: KeyEvent) -> BrowseLoop.Event { .terminal(.key(event)) }
        #expect(try loop.process(key(KeyEvent(.character("?")))) == nil)
        #expect(browser.isHelpVisible)
        #expect(try loop.process(key(KeyEvent(.character("q")))) == nil)
        #expect(!browser.isHelpVisible)
        #expect(try loop.process(key(KeyEvent(.character("q")))) == .quit)
        #expect(try loop.process(key(KeyEvent(.character("?")))) == nil)
        #expect(try loop.process(key(.control("c"))) == .quit)
    }

    @Test("a hint for pictures that cannot show is said in the status bar until the first key")
    func oneTimeHint() async throws {
        var capabilities = TerminalCapabilities(colorDepth: .trueColor)
        capabilities.insideTmux = true
        let hint = try #require(GraphicsMode.kitty.hint(for: capabilities))
        #expect(hint.contains("allow-passthrough on"))
        #expect(GraphicsMode.sixel.hint(for: capabilities) != nil)
        #expect(GraphicsMode.auto.hint(for: capabilities) == nil && GraphicsMode.symbols.hint(for: capabilities) == nil)
        capabilities.passthrough = TmuxPassthrough(paneOrigin: .zero)
        #expect(GraphicsMode.kitty.hint(for: capabilities) == nil, "passthrough on: nothing to say")

        let browser = F.browser(await Self.loaded())
        browser.hint = "kitty needs tmux passthrough"
        #expect(Self.render(browser, Size(width: 100, height: 10)).lines.last?.contains("kitty needs tmux passthrough") == true)
        browser.perform(.list(.moveDown), visibleRows: 4)
        #expect(Self.render(browser, Size(width: 100, height: 10)).lines.last?.contains("passthrough") == false)
    }

    @Test("a centred message wraps by columns between its phrases: words in a wide script wrap rather than run off the edge")
    func centredMessagesWrapByColumns() {
        typealias Screen = FeedScreen<ScriptedPageSource<RandomUser>>
        let wide = "no users match “漢漢漢漢漢漢漢漢漢漢漢…” · Esc back to the list"
        let lines = Screen.wrappedPhrases(wide, width: 36)
        #expect(lines == ["no users match", "“漢漢漢漢漢漢漢漢漢漢漢…”", "Esc back to the list"], "\(lines)")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 36 })
        // Phrases that fit share a line; one too long for any line is cut by the screen, whole.
        #expect(Screen.wrappedPhrases("no people here · press r for a new list", width: 72) == ["no people here · press r for a new list"])
        #expect(Screen.wrappedPhrases("a · " + String(repeating: "x", count: 50), width: 20) == ["a", String(repeating: "x", count: 50)])
    }
}
