import Endless
import EndlessHTTP
import Foundation
import Observation

/// The whole browser: its tabs, the one shown, the key help, and the requests in flight.
///
/// Intents that belong to the browser (tabs, help, quit) are handled here; the rest go to the
/// tab shown. Each tab keeps its own list, position and load states while hidden.
///
/// Its properties are `@SignalObserved`, like the view model's: a frame reads them dozens of
/// times, and a tracked property's read costs the frame's observation a key-path lookup and
/// insertion each (issue 29), where a signal-observed one, inside the frame's coarse scope, is
/// one flag test.
@MainActor @Observable
final class BrowserModel {
    /// The places on the tab bar, in tab order (by their number keys); each tab is made the
    /// first time it is shown.
    @ObservationIgnored let slots: [TabSlot]
    /// The index of the tab shown.
    @ObservationIgnored @SignalObserved private(set) var activeIndex: Int
    /// The tab shown.
    @ObservationIgnored @SignalObserved private(set) var active: any BrowserTab
    /// Whether the key help is open.
    @ObservationIgnored @SignalObserved private(set) var isHelpVisible = false
    /// The first key binding the help shows: more than 0 once scrolled, on a screen too short
    /// for all of them (see ``helpLaidOut(lines:shown:)``).
    @ObservationIgnored @SignalObserved var helpFirstLine = 0
    /// How many bindings the help had and showed when last drawn: not observed, as only the
    /// keys that scroll it read them, and a frame that records them must not ask for another.
    @ObservationIgnored var helpLines = (all: 0, shown: 0)
    /// HTTP requests running now (every feed's, and pictures), for the status bar: 0 until
    /// they have run for ``InFlightFigure/appearanceDelay``.
    @ObservationIgnored @SignalObserved var requestsInFlight = 0
    /// What the last action could not do (a tab that could not be made, a page that could not
    /// be opened, a feature the feed lacks), for the status bar. It stays while the person
    /// moves in the list, and gives way to the next action's own outcome: an open that failed
    /// must not hide the `copied …` of the copy after it.
    @ObservationIgnored @SignalObserved private(set) var failure: ActionFailure? = nil
    /// ``failure`` in its whole words.
    var tabFailure: String? { failure?.text }
    /// Said once in the status bar until the first key: pictures asked for that cannot show
    /// (``GraphicsMode/hint(for:)``).
    @ObservationIgnored @SignalObserved var hint: String? = nil
    /// What the last key did, for the status bar (`starred coin bitcoin`); nil for nothing.
    @ObservationIgnored @SignalObserved private(set) var notice: String? = nil
    /// The process environment: `$BROWSER` for pages, `$TMUX` for the clipboard.
    @ObservationIgnored var environment = ProcessInfo.processInfo.environment
    /// An OSC 52 sequence for the loop to write (``takeClipboard()``); nil for none.
    @ObservationIgnored private var clipboard: [UInt8]?
    /// The downloads `d` started, and what the last one says (the status bar's download segment).
    let downloads = Downloader()
    /// The search line being typed (`/`), shown at the bottom; nil while it is closed.
    @ObservationIgnored @SignalObserved private(set) var searchLine: String? = nil

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
        kinds = slots.map(\.kind)
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
        kinds = tabs.map(\.kind)
        activeIndex = index
        active = tabs[index]
    }

    /// The feeds on the tab bar, in the slots' order: made once, as the slots are (every key
    /// compares them, to know its key bindings still hold).
    @ObservationIgnored let kinds: [FeedID]

    /// The keys the config file changes (`key.quit = x`).
    @ObservationIgnored @SignalObserved var keyRebinding = KeyRebinding.none

    /// The colours the config file gives: what every frame is drawn with.
    @ObservationIgnored @SignalObserved var theme = Theme.standard

    /// Which keys do what on the active tab: what input and the help overlay read.
    var keyBindings: [KeyBindings.Binding] {
        keyRebinding.applied(to: KeyBindings.all(nouns: active.nouns, copies: active.copies, tabs: kinds, rebinding: keyRebinding))
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
        // Set only when they change: every set is a change to what the screen reads (a frame).
        if hint != nil { hint = nil }
        if notice != nil { notice = nil }
        if failure != nil, intent.saysItsOutcome { failure = nil }
        downloads.clearFinished()
        switch intent {
        case .toggleHelp:
            isHelpVisible.toggle()
            if helpFirstLine != 0 { helpFirstLine = 0 }
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
        case .search:
            isHelpVisible = false
            guard active.isSearchable else {
                failure = ActionFailure("the \(active.kind.name) feed cannot be searched")
                return
            }
            searchLine = ""
        case .nextSort:
            isHelpVisible = false
            guard active.isSortable else {
                failure = ActionFailure("the \(active.kind.name) feed has one order")
                return
            }
            do {
                try active.nextSort()
                failure = nil
            } catch {
                failure = ActionFailure("cannot sort \(active.kind.name)", because: error)
            }
        case .toggleStar, .showStarred:
            isHelpVisible = false
            guard active.keepsFavourites else {
                failure = ActionFailure("the \(active.kind.name) feed keeps no favourites")
                return
            }
            if intent == .toggleStar {
                notice = active.toggleStar() ?? "nothing selected to star"
                return
            }
            do {
                try active.showStarred()
                failure = nil
            } catch {
                failure = ActionFailure("cannot show the starred \(active.nouns.plural)", because: error)
            }
        case .openPage, .copy:
            isHelpVisible = false
            guard intent == .copy ? active.copies != nil : active.hasPages else {
                failure = ActionFailure("the \(active.kind.name) feed has no \(intent == .copy ? "links to copy" : "pages to open")")
                return
            }
            if intent == .copy {
                guard let copied = active.selectedCopy else {
                    notice = "nothing to copy"
                    return
                }
                clipboard = Clipboard.sequence(copying: copied.text, environment: environment)
                notice = "copied \(copied.what) \(Self.printable(copied.text, limit: 60))"
                return
            }
            guard let page = active.selectedPage else {
                notice = "this \(active.nouns.singular) has no page"
                return
            }
            do {
                try PageOpener.open(page, environment: environment)
                notice = "opened \(Self.printable(page.absoluteString, limit: 60))"
                failure = nil
            } catch {
                failure = ActionFailure("cannot open the page", because: error)
            }
        case .previousChartRange, .nextChartRange:
            isHelpVisible = false
            guard active.hasChartRanges else {
                failure = ActionFailure("the \(active.kind.name) feed has no chart ranges")
                return
            }
            notice = active.stepChartRange(by: intent == .nextChartRange ? 1 : -1)
        case .download:
            isHelpVisible = false
            guard active.hasDownloads else {
                notice = "Nothing to download here"
                return
            }
            guard let download = active.selectedDownload else {
                notice = "nothing selected to download"
                return
            }
            let said = downloads.start(download, environment: environment)
            // Said in the download segment; a refusal (already downloading) is said here too.
            if downloads.status != said { notice = said }
        case .list(let intent):
            if isHelpVisible {
                // A help taller than the screen scrolls with the move keys; one that fits gives
                // way to the list, which takes the key.
                if scrollHelp(intent) { return }
                isHelpVisible = false
            }
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
            failure = ActionFailure("cannot open \(slots[index].kind.name)", because: error)
            return
        }
        failure = nil
        active.deactivate()
        activeIndex = index
        active = tab
        active.activate()
    }

    /// The OSC 52 sequence a copy made, once; the loop writes it to the terminal.
    func takeClipboard() -> [UInt8]? {
        defer { clipboard = nil }
        return clipboard
    }

    /// `text` without what a terminal acts on, cut to `limit` characters, for the status bar.
    nonisolated static func printable(_ text: String, limit: Int) -> String {
        let visible = String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.isInvisible }))
        return visible.count > limit ? String(visible.prefix(limit - 1)) + "…" : visible
    }

    /// Types into the search line: `text` is added (its control characters left out), up to
    /// ``SearchText/maximumLength`` characters.
    func typeInSearch(_ text: String) {
        guard let line = searchLine else { return }
        let printable = text.unicodeScalars.filter { !$0.isInvisible }
        searchLine = String((line + String(String.UnicodeScalarView(printable))).prefix(SearchText.maximumLength))
    }

    /// Deletes the search line's last character.
    func deleteInSearch() {
        guard let line = searchLine, !line.isEmpty else { return }
        searchLine = String(line.dropLast())
    }

    /// Enter on the search line: the tab shown shows the results of its words (no words: the
    /// line closes, and the feed is shown again).
    func applySearch() {
        guard let line = searchLine else { return }
        searchLine = nil
        guard let text = SearchText(line) else {
            _ = active.endSearch()
            return
        }
        do {
            try active.search(text)
            failure = nil
        } catch {
            failure = ActionFailure("cannot search \(active.kind.name)", because: error)
        }
    }

    /// Esc on the search line: it closes, and results shown give way to the feed where it was.
    func cancelSearch() {
        guard searchLine != nil else { return }
        searchLine = nil
        _ = active.endSearch()
    }

    /// Whether something shown moves with time alone wherever the list is scrolled (see
    /// ``BrowserTab/isAnimating``).
    var isAnimating: Bool { active.isAnimating }
}

extension Unicode.Scalar {
    /// Control, format and other scalars that draw nothing a person typed on purpose, bidi
    /// controls among them; but not the joiners (U+200C, U+200D), which a person types on
    /// purpose: they join an emoji sequence (👩‍💻) and keep Persian letters apart (می‌خواهم),
    /// and the text sanitizer keeps them in names too, so a search without them would miss.
    var isInvisible: Bool {
        if value == 0x200C || value == 0x200D { return false }
        switch properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}
