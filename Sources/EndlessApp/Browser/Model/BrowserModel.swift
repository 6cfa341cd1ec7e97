import Observation

/// The whole browser: its tabs, the one shown, the key help, and the requests in flight.
///
/// Intents that belong to the browser (tabs, help, quit) are handled here; the rest go to the
/// tab shown. Each tab keeps its own list, position and load states while hidden.
@MainActor @Observable
final class BrowserModel {
    /// The tabs, in tab order (by their number keys).
    @ObservationIgnored let tabs: [any BrowserTab]
    /// The index of the tab shown.
    private(set) var activeIndex: Int
    /// Whether the key help is open.
    private(set) var isHelpVisible = false
    /// HTTP requests running now (every feed's, and pictures), for the status bar.
    var requestsInFlight = 0

    /// Creates the browser.
    /// - Parameters:
    ///   - tabs: the tabs; they are shown in the order of their numbers.
    ///   - opening: the tab to show first; the first tab when it is not among them.
    init(tabs: [any BrowserTab], opening: FeedKind) {
        self.tabs = tabs.sorted { $0.kind < $1.kind }
        activeIndex = self.tabs.firstIndex { $0.kind == opening } ?? 0
    }

    /// The tab shown.
    var active: any BrowserTab { tabs[activeIndex] }

    /// The feeds on the tab bar.
    var kinds: [FeedKind] { tabs.map(\.kind) }

    /// Starts the tab shown (its first page loads).
    func start() {
        active.activate()
    }

    /// Carries out an intent; the caller acts on ``BrowseIntent/quit``.
    /// - Parameters:
    ///   - intent: what the person asked for.
    ///   - visibleRows: rows that fit on screen, for page moves.
    func perform(_ intent: BrowseIntent, visibleRows: Int) {
        switch intent {
        case .toggleHelp:
            isHelpVisible.toggle()
        case .close where isHelpVisible:
            isHelpVisible = false
        case .nextTab:
            show(index: (activeIndex + 1) % tabs.count)
        case .previousTab:
            show(index: (activeIndex + tabs.count - 1) % tabs.count)
        case .showTab(let kind):
            if let index = tabs.firstIndex(where: { $0.kind == kind }) { show(index: index) }
        case .quit:
            break
        default:
            if isHelpVisible { isHelpVisible = false }
            active.perform(intent, visibleRows: visibleRows)
        }
    }

    /// Shows a tab: the one hidden stops loading pictures, the one shown starts (its first
    /// page loads the first time).
    func show(index: Int) {
        guard tabs.indices.contains(index), index != activeIndex else { return }
        active.deactivate()
        activeIndex = index
        active.activate()
    }

    /// Whether anything on screen moves with time alone.
    var isAnimating: Bool { active.isAnimating }
}
