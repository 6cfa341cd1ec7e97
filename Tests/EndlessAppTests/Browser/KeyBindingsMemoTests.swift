import EndlessTerminal
import EndlessTesting
import Testing

@testable import EndlessApp

/// The key bindings a key is looked up in: made once, and again only when the tab shown, the
/// tabs or the config file's keys change.
@Suite("Key bindings memo", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct KeyBindingsMemoTests {
    /// A binding as text, to compare two lists of them.
    static func text(_ bindings: [KeyBindings.Binding]) -> [String] {
        bindings.map { "\($0.keys) \($0.label) \($0.intent) \($0.help)" }
    }

    @Test("made once while nothing they come from changes; made again, as the browser makes them, when the tab or the keys change")
    func madeAgainOnlyOnChange() throws {
        let clock = ManualClock()
        let browser = BrowseLoopTests.twoTabs(clock: clock).browser
        let memo = KeyBindingsMemo()

        for _ in 0..<5 { #expect(Self.text(memo.bindings(of: browser)) == Self.text(browser.keyBindings)) }
        #expect(memo.made == 1)

        // Another tab: its nouns in the help ("next user").
        browser.perform(.showTab(.users), visibleRows: 10)
        let users = memo.bindings(of: browser)
        #expect(memo.made == 2)
        #expect(Self.text(users) == Self.text(browser.keyBindings))
        #expect(users.contains { $0.help == "next user" })

        // The config file moves quit to x.
        browser.keyRebinding = try KeyRebindingTests.rebinding("key.quit = x\n")
        let rebound = memo.bindings(of: browser)
        #expect(memo.made == 3)
        #expect(KeyBindings.intent(for: KeyEvent(.character("x")), in: rebound) == .quit)
        #expect(KeyBindings.intent(for: KeyEvent(.character("q")), in: rebound) == nil)
        _ = memo.bindings(of: browser)
        #expect(memo.made == 3)
    }

    @Test("a held j makes the bindings once")
    func heldKeyMakesThemOnce() async throws {
        let clock = ManualClock()
        let model = BrowseFixtures.model(BrowseFixtures.source(clock: clock), clock: clock)
        let loop = BrowseLoopTests.loop(BrowseFixtures.browser(model), terminal: RecordingTerminal(), clock: clock)
        try loop.start()
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        try BrowseLoopTests.drain(loop)
        for _ in 0..<10 { _ = try loop.process(BrowseLoopTests.j) }
        #expect(model.selection == 10)
        #expect(loop.keyBindings.made == 1)
    }
}
