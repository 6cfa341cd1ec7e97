import EndlessCommandLine
import EndlessFeedModel
import EndlessTerminal
import EndlessTesting
import Testing

@testable import EndlessApp

/// `key.<action> = <key>` in the config file: read and checked there, then what the browser's
/// input and help overlay use.
@Suite("Key bindings from the config file", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct KeyRebindingTests {
    typealias F = BrowseFixtures

    static func rebinding(_ text: String) throws -> KeyRebinding {
        let root = EndlessCommand.tool.declaration
        let file = try ConfigFile(path: "/c/endless/config", text: text)
        let parsed = try ArgumentParser.parse([], for: root).applying(file, root: root, settings: EndlessCommand.settings)
        return try KeyRebinding.from(parsed)
    }

    @Test("a rebound action has its new key alone, taken from the action that had it; help says so")
    func applied() throws {
        let rebinding = try Self.rebinding("key.quit = x\nkey.refresh = j\nkey.help = f2\nkey.close = ctrl-g\n")
        let bindings = rebinding.applied(to: KeyBindings.all(nouns: Nouns("item", "items"), tabs: FeedCatalog.all.map(\.id)))
        #expect(KeyBindings.intent(for: KeyEvent(.character("x")), in: bindings) == .quit)
        #expect(KeyBindings.intent(for: KeyEvent(.character("q")), in: bindings) == nil)
        #expect(KeyBindings.intent(for: KeyEvent(.character("j")), in: bindings) == .list(.refresh))
        #expect(KeyBindings.intent(for: KeyEvent(.down), in: bindings) == .list(.moveDown))
        #expect(KeyBindings.intent(for: KeyEvent(.function(2)), in: bindings) == .toggleHelp)
        #expect(KeyBindings.intent(for: .control("g"), in: bindings) == .list(.close))
        let hints = KeyBindings.helpHints(bindings)
        #expect(hints.contains { $0.key == "x" && $0.label == "quit" })
        // Down (its j taken by refresh) shares its line with up, as help says them.
        #expect(hints.contains { $0.key == "↓ ↑ k" && $0.label == "next item, previous item" }, "\(hints)")
        #expect(KeyRebinding.none.applied(to: bindings).map(\.label) == bindings.map(\.label))
        // The status bar says the new keys too.
        let status = rebinding.statusHints(KeyBindings.statusHints(tabs: FeedCatalog.all.map(\.id)))
        #expect(status.map { "\($0.key) \($0.label)" } == ["↑↓/k move", "⏎ details", "j refresh", "Tab feeds", "F2 help", "x quit"])
    }

    @Test("every action with a key can be given another in the config file")
    func everyActionRebindable() throws {
        let bindings = KeyBindings.all(nouns: Nouns("item", "items"), tabs: FeedCatalog.all.map(\.id))
        let named = Set(KeyRebinding.actions.map(\.intent))
        for binding in bindings {
            if case .showTab = binding.intent { continue }  // the tab numbers are the tabs' own
            #expect(named.contains(binding.intent), "no key.<action> for \(binding.label) (\(binding.help))")
        }
        let rebinding = try Self.rebinding("key.download = D\nkey.chart-longer = >\nkey.open = ctrl-o\n")
        let applied = rebinding.applied(to: bindings)
        #expect(KeyBindings.intent(for: KeyEvent(.character("D")), in: applied) == .download)
        #expect(KeyBindings.intent(for: KeyEvent(.character(">")), in: applied) == .nextChartRange)
        #expect(KeyBindings.intent(for: .control("o"), in: applied) == .openPage)
        #expect(KeyBindings.intent(for: KeyEvent(.character("O")), in: applied) == nil)
    }

    @Test("what the screen says to press follows the rebinding: a failed first page, a failed footer; a key another action took is named no more")
    func messagesNameTheReboundKeys() async throws {
        let clock = ManualClock()
        let source = F.source(clock: clock, pageCount: 2, gated: true)
        let model = F.model(source, clock: clock)
        let browser = F.browser(model)
        func screen() -> String {
            var frame = ScreenBuffer(size: Size(width: 80, height: 24))
            _ = BrowserScreen.draw(browser, into: &frame, elapsed: .zero)
            return frame.lines.joined(separator: "\n")
        }
        model.start()
        source.script(.failure(F.Failure()), forPage: 0)
        source.release()
        await model.wait { if case .firstLoadFailed = $0.content { true } else { false } }
        #expect(screen().contains("press R to retry · q to quit"))
        browser.keyRebinding = try Self.rebinding("key.retry = x\nkey.quit = Q\n")
        #expect(screen().contains("press x to retry · Q to quit"), "\(screen())")

        // R given to refresh: retrying has no key, and the screen names none.
        browser.keyRebinding = try Self.rebinding("key.refresh = R\n")
        #expect(screen().contains("q to quit") && !screen().contains("to retry"), "\(screen())")
        browser.keyRebinding = try Self.rebinding("key.retry = x\n")
        model.perform(.retry, visibleRows: 10)
        source.release()
        await model.wait { $0.rowCount == 20 }
        model.select(19)
        model.visibleRangeChanged(14..<20)
        source.script(.failure(F.Failure()), forPage: 1)
        source.release()
        await model.wait { if case .failed = $0.footer { true } else { false } }
        #expect(screen().contains("✖ press x to retry · "), "\(screen())")
    }

    @Test("help's texts and the details' edge name another action's key as bound, and none it lost")
    func helpAndDetailsNameTheReboundKeys() throws {
        let nouns = Nouns("person", "people")
        func help(_ intent: BrowseIntent, _ rebinding: KeyRebinding) -> String? {
            KeyBindings.all(nouns: nouns, tabs: FeedCatalog.all.map(\.id), rebinding: rebinding).first { $0.intent == intent }?.help
        }
        #expect(help(.search, .none) == "search people (Esc: back)")
        #expect(help(.showStarred, .none) == "the starred people (F, Esc: back)")
        let moved = try Self.rebinding("key.close = x\nkey.starred = S\nkey.previous-tab = p\n")
        #expect(help(.search, moved) == "search people (x: back)")
        #expect(help(.nextSort, moved) == "next order (x: the first)")
        #expect(help(.showStarred, moved) == "the starred people (S, x: back)")
        #expect(help(.nextTab, moved) == "next feed (p: previous)")
        // Esc given to search: closing has no key to name.
        let searchOnEsc = try Self.rebinding("key.search = esc\n")
        #expect(help(.nextSort, searchOnEsc) == "next order")
        #expect(help(.showStarred, searchOnEsc) == "the starred people (F: back)")

        let clock = ManualClock()
        let model = F.model(F.source(clock: clock), clock: clock)
        let browser = F.browser(model)
        let screen = FeedScreen(
            model: model, style: PeopleFeed.rowStyle, cells: ImageCells(mode: .none, colorDepth: .trueColor, cellPixelSize: nil),
            images: nil, keys: browser)
        #expect(screen.detailsHint(hasChart: true) == " Esc close · ↑↓ next person · [ ] range ")
        browser.keyRebinding = try Self.rebinding("key.close = x\nkey.move-down = n\nkey.chart-longer = >\n")
        #expect(screen.detailsHint(hasChart: true) == " x close · ↑/n next person · [ > range ")
        #expect(screen.detailsHint(hasChart: false) == " x close · ↑/n next person ")
    }

    @Test("the browser's input reads the rebinding: x quits, q no longer does")
    func browserHook() async throws {
        let clock = ManualClock()
        let model = F.model(F.source(clock: clock), clock: clock)
        let browser = F.browser(model)
        browser.keyRebinding = try Self.rebinding("key.quit = x\n")
        let loop = BrowseLoop(terminal: RecordingTerminal(), browser: browser, clock: clock, frameInterval: .zero)
        try loop.start()
        #expect(try loop.process(.terminal(.key(KeyEvent(.character("q"))))) == nil)
        #expect(try loop.process(.terminal(.key(KeyEvent(.character("x"))))) == .quit)
    }

    @Test("a wrong key, an unknown action, or one key for two actions is refused, naming the line")
    func refusals() throws {
        #expect(throws: ConfigError.self) { try Self.rebinding("key.quit = ctrl-\n") }
        #expect(throws: ConfigError.self) { try Self.rebinding("key.qiut = x\n") }
        do {
            _ = try Self.rebinding("key.quit = x\nkey.refresh = x\n")
            Issue.record("two actions on x were accepted")
        } catch let error as UsageError {
            #expect(error.message.contains("/c/endless/config:"), "\(error.message)")
            #expect(error.message.contains("are both x"))
        }
    }
}
