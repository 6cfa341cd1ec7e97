import EndlessTerminal
import EndlessTerminalWidgets

/// Draws a whole frame of the browser: the chrome, the tab shown, and the help over them;
/// returns where everything went, for hit-testing.
@MainActor
enum BrowserScreen {
    /// Draws `browser` into `frame`.
    /// - Parameters:
    ///   - browser: the state to draw.
    ///   - frame: a blank frame of the terminal's size.
    ///   - elapsed: time since the app started, for spinners.
    /// - Returns: the layout of what was drawn.
    ///   - chrome: the header and status bar as last drawn, copied when they show the same;
    ///     nil to compose them.
    static func draw(
        _ browser: BrowserModel, into frame: inout ScreenBuffer, elapsed: Duration, chrome: ChromeMemo? = nil
    ) -> BrowserLayout {
        Theme.$current.withValue(browser.theme) { drawFrame(browser, into: &frame, elapsed: elapsed, chrome: chrome) }
    }

    /// ``draw(_:into:elapsed:chrome:)`` with the browser's theme in force.
    private static func drawFrame(
        _ browser: BrowserModel, into frame: inout ScreenBuffer, elapsed: Duration, chrome: ChromeMemo?
    ) -> BrowserLayout {
        var layout = BrowserLayout()
        guard let bands = BrowserLayout.bands(in: frame.bounds) else { return layout }
        let tab = browser.active
        layout.list = bands.list
        layout.rows = tab.draw(into: &frame, indicator: bands.indicator, list: bands.list, elapsed: elapsed, keys: browser)
        layout.tabs = drawChrome(browser, into: &frame, bands: bands, elapsed: elapsed, memo: chrome)
        layout.hasOverlay = tab.hasDetails || browser.isHelpVisible
        if browser.isHelpVisible {
            // Only the keys that do something on this tab: a list people read, and one that fits
            // 80×24. On a shorter screen it scrolls (see `BrowserModel.helpLaidOut`).
            let hints = KeyBindings.helpHints(browser.keyBindings.filter { tab.offers($0.intent) })
            let help = BrowserChrome.drawHelp(hints, firstLine: browser.helpFirstLine, into: &frame)
            browser.helpLaidOut(lines: help.lines, shown: help.shown)
        }
        return layout
    }

    /// The screen the next launch of this command opens on (see ``LaunchScreen``): the active
    /// tab as it will reopen, under the chrome, without the help.
    /// - Parameters:
    ///   - browser: the state at quit.
    ///   - size: the terminal's size.
    /// - Returns: the frame, or nil when the tab does not reopen where it was left.
    static func reopening(_ browser: BrowserModel, size: Size) -> ScreenBuffer? {
        Theme.$current.withValue(browser.theme) { reopeningFrame(browser, size: size) }
    }

    /// ``reopening(_:size:)`` with the browser's theme in force.
    private static func reopeningFrame(_ browser: BrowserModel, size: Size) -> ScreenBuffer? {
        var frame = ScreenBuffer(size: size)
        guard let bands = BrowserLayout.bands(in: frame.bounds),
            browser.active.drawReopening(into: &frame, indicator: bands.indicator, list: bands.list)
        else { return nil }
        drawChrome(browser, into: &frame, bands: bands)
        return frame
    }

    /// The status bar's key hints with their priorities: help and quit are kept longest, then
    /// the others in their order.
    static func statusHints(tabs: [FeedID], rebinding: KeyRebinding) -> [(hint: KeyHint, priority: Int)] {
        rebinding.statusHints(KeyBindings.statusHints(tabs: tabs)).enumerated().map { index, hint in
            // By what the key does, since the config file may have moved it to another key.
            switch hint.label {
            case "help": (hint, 90)
            case "quit": (hint, 85)
            default: (hint, 60 - index * 5)
            }
        }
    }

    /// The header with the tabs, and the status bar; returns where the tabs went.
    @discardableResult
    private static func drawChrome(
        _ browser: BrowserModel, into frame: inout ScreenBuffer,
        bands: (header: Rect, indicator: Rect, list: Rect, status: Rect), elapsed: Duration = .zero, memo: ChromeMemo? = nil
    ) -> [(kind: FeedID, rect: Rect)] {
        let tab = browser.active
        let kinds = browser.kinds
        let header = BrowserChrome.Header(
            tabs: kinds, active: tab.kind, source: tab.sourceLabel, view: tab.viewLabel, status: tab.status, nouns: tab.nouns)
        let tabs: [(kind: FeedID, rect: Rect)]
        if let memo {
            tabs = memo.header.draw(.init(header: header, theme: Theme.current), in: bands.header, into: &frame) {
                BrowserChrome.drawHeader(header, into: &$0, in: bands.header)
            }
        } else {
            tabs = BrowserChrome.drawHeader(header, into: &frame, in: bands.header)
        }
        guard let memo else {
            drawStatus(browser, right: statusFigures(browser), into: &frame, in: bands.status)
            return tabs
        }
        // Nothing the status bar read changed since it was composed: its cells are copied
        // without reading any of it (in the colours it was drawn in, which no observation sees).
        let theme = Theme.current
        let now = memo.clock?() ?? elapsed
        if memo.statusWatch.isCurrent(at: now), memo.status.redrawKept(in: bands.status, into: &frame, if: { $0.theme == theme }) != nil {
            memo.statusWatch.copied()
            return tabs
        }
        // Aged with nothing observed changed: what nobody observes is read again, in the
        // frame's coarse reads, and the bar is composed under a new watch only if it changed
        // what the bar shows.
        if memo.statusWatch.hasOnlyAged(at: now) {
            let right = statusFigures(browser)
            let inputs = statusInputs(browser, right: right, theme: theme)
            if memo.status.redrawKept(in: bands.status, into: &frame, if: { $0 == inputs }) != nil {
                memo.statusWatch.confirm(at: now)
                return tabs
            }
        }
        memo.statusWatch.compose(at: now) {
            let right = statusFigures(browser)
            let inputs = statusInputs(browser, right: right, theme: theme)
            memo.status.draw(inputs, in: bands.status, into: &frame) { drawStatus(browser, right: right, into: &$0, in: bands.status) }
        }
        return tabs
    }

    /// What the status bar is drawn from, for its memo.
    private static func statusInputs(
        _ browser: BrowserModel, right: [StatusBar.Segment], theme: Theme
    ) -> ChromeMemo.StatusInputs {
        ChromeMemo.StatusInputs(
            tabs: browser.kinds, rebinding: browser.keyRebinding, right: right, searchLine: browser.searchLine, theme: theme)
    }

    /// The status bar's figures and notes, each with its priority.
    private static func statusFigures(_ browser: BrowserModel) -> [StatusBar.Segment] {
        let tab = browser.active
        var right: [StatusBar.Segment] = []
        // A failure's cause alone where the whole does not fit (see `ActionFailure`).
        if let failure = browser.failure { right.append(StatusBar.Segment(failure.text, shorter: failure.shorter, priority: 100)) }
        if let hint = browser.hint { right.append(StatusBar.Segment(hint, priority: 95)) }
        if let notice = browser.notice { right.append(StatusBar.Segment(notice, priority: 90)) }
        if let download = browser.downloads.status { right.append(StatusBar.Segment(download, priority: 92)) }
        // Above the quit hint (85): on a narrow bar, `rate-limited` says more than `q quit`,
        // which the help (90) lists.
        if let alert = tab.statusAlert { right.append(StatusBar.Segment(alert, priority: 88)) }
        if let note = tab.statusNote { right.append(StatusBar.Segment(note, priority: 70)) }
        right.append(StatusBar.Segment("\(browser.requestsInFlight) in flight", priority: 30))
        // The image cache's hit rate, named so it does not read as a progress figure.
        if let rate = tab.cacheHitRate { right.append(StatusBar.Segment("pictures cached \(Int((rate * 100).rounded()))%", priority: 20)) }
        return right
    }

    /// The status bar: key hints and figures, or the search line while it is typed in.
    private static func drawStatus(
        _ browser: BrowserModel, right: [StatusBar.Segment], into frame: inout ScreenBuffer, in band: Rect
    ) {
        let kinds = browser.kinds
        if let line = browser.searchLine {
            // The search line takes the status bar's place while it is typed in.
            BrowserChrome.drawStatus(
                hints: [(KeyHint("/", line + "▏"), 100), (KeyHint("⏎", "search"), 90), (KeyHint("Esc", "cancel"), 80)], right: [],
                into: &frame, in: band)
        } else {
            BrowserChrome.drawStatus(
                hints: statusHints(tabs: kinds, rebinding: browser.keyRebinding), right: right, into: &frame, in: band)
        }
    }
}
