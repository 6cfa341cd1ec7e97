import Observation

/// The whole browser: its tabs, the one shown, the key help, and the requests in flight.
///
/// Intents that belong to the browser (tabs, help, quit) are handled here; the rest go to the
/// tab shown. Each tab keeps its own list, position and load states while hidden.
@MainActor @Observable
final class BrowserModel {
    /// The places on the tab bar, in tab order (by their number keys); each tab is made the
    /// first time it is shown.
    @ObservationIgnored let slots: [TabSlot]
    /// The index of the tab shown.
    private(set) var activeIndex: Int
    /// The tab shown.
    private(set) var active: any BrowserTab
    /// Whether the key help is open.
    private(set) var isHelpVisible = false
    /// HTTP requests running now (every feed's, and pictures), for the status bar: 0 until
    /// they have run for ``InFlightFigure/appearanceDelay``.
    var requestsInFlight = 0
    /// Why the tab last asked for could not be made, for the status bar; nil once one opens.
    private(set) var tabFailure: String?
    /// Said once in the status bar until the first key: pictures asked for that cannot show
    /// (``GraphicsMode/hint(for:)``).
    var hint: String?

    /// Creates the browser and makes the tab it opens on; the others are made when shown.
    /// - Parameters:
    ///   - slots: the feeds; they are shown in the order of their numbers.
    ///   - opening: the tab to show first; the first tab when it is not among them.
    /// - Throws: the opening tab's error: what is wrong with its feed's settings.
    init(slots: [TabSlot], opening: FeedID) throws {
        precondition(!slots.isEmpty, "a browser needs at least one feed")
        let slots = slots.sorted { $0.kind < $1.kind }
        let index = slots.firstIndex { $0.kind == opening } ?? 0
        active = try slots[index].tab()
        activeIndex = index
        self.slots = slots
    }

    /// Creates the browser over tabs already made.
    /// - Parameters:
    ///   - tabs: the tabs; they are shown in the order of their numbers.
    ///   - opening: the tab to show first; the first tab when it is not among them.
    init(tabs: [any BrowserTab], opening: FeedID) {
        precondition(!tabs.isEmpty, "a browser needs at least one tab")
        let tabs = tabs.sorted { $0.kind < $1.kind }
        let index = tabs.firstIndex { $0.kind == opening } ?? 0
        slots = tabs.map(TabSlot.init)
        activeIndex = index
        active = tabs[index]
    }

    /// The feeds on the tab bar.
    var kinds: [FeedID] { slots.map(\.kind) }

    /// The keys the config file changes (`key.quit = x`).
    var keyRebinding = KeyRebinding.none

    /// The colours the config file gives: what every frame is drawn with.
    var theme = Theme.standard

    /// Which keys do what on the active tab: what input and the help overlay read.
    var keyBindings: [KeyBindings.Binding] {
        keyRebinding.applied(to: KeyBindings.all(nouns: active.nouns, tabs: kinds))
    }

    /// Every tab, made now if never shown (for `--dump-state`); a tab that cannot be made is
    /// left out.
    var allTabs: [any BrowserTab] { slots.compactMap { try? $0.tab() } }

    /// Starts the tab shown (its first page loads).
    func start() {
        active.activate()
    }

    /// Carries out an intent; the caller acts on ``BrowseIntent/quit``.
    /// - Parameters:
    ///   - intent: what the person asked for.
    ///   - visibleRows: rows that fit on screen, for page moves.
    func perform(_ intent: BrowseIntent, visibleRows: Int) {
        if hint != nil { hint = nil }
        switch intent {
        case .toggleHelp:
            isHelpVisible.toggle()
        case .list(.close) where isHelpVisible:
            isHelpVisible = false
        case .nextTab:
            show(index: (activeIndex + 1) % slots.count)
        case .previousTab:
            show(index: (activeIndex + slots.count - 1) % slots.count)
        case .showTab(let kind):
            if let index = slots.firstIndex(where: { $0.kind == kind }) { show(index: index) }
        case .quit:
            break
        case .list(let intent):
            if isHelpVisible { isHelpVisible = false }
            active.perform(intent, visibleRows: visibleRows)
        }
    }

    /// Shows a tab: the one hidden stops loading pictures, the one shown starts (its first
    /// page loads the first time).
    func show(index: Int) {
        guard slots.indices.contains(index), index != activeIndex else { return }
        let tab: any BrowserTab
        do {
            tab = try slots[index].tab()
        } catch {
            tabFailure = "cannot open \(slots[index].kind.name): \(error)"
            return
        }
        tabFailure = nil
        active.deactivate()
        activeIndex = index
        active = tab
        active.activate()
    }

    /// Whether anything on screen moves with time alone.
    var isAnimating: Bool { active.isAnimating }
}
