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
    static func draw(_ browser: BrowserModel, into frame: inout ScreenBuffer, elapsed: Duration) -> BrowserLayout {
        Theme.$current.withValue(browser.theme) { drawFrame(browser, into: &frame, elapsed: elapsed) }
    }

    /// ``draw(_:into:elapsed:)`` with the browser's theme in force.
    private static func drawFrame(_ browser: BrowserModel, into frame: inout ScreenBuffer, elapsed: Duration) -> BrowserLayout {
        var layout = BrowserLayout()
        guard let bands = BrowserLayout.bands(in: frame.bounds) else { return layout }
        let tab = browser.active
        layout.list = bands.list
        layout.rows = tab.draw(into: &frame, indicator: bands.indicator, list: bands.list, elapsed: elapsed)
        layout.tabs = drawChrome(browser, into: &frame, bands: bands)
        layout.hasOverlay = tab.hasDetails || browser.isHelpVisible
        if browser.isHelpVisible {
            // Only the keys that do something on this tab: a list people read, and one that fits 80×24.
            BrowserChrome.drawHelp(KeyBindings.helpHints(browser.keyBindings.filter { tab.offers($0.intent) }), into: &frame)
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
        bands: (header: Rect, indicator: Rect, list: Rect, status: Rect)
    ) -> [(kind: FeedID, rect: Rect)] {
        let tab = browser.active
        let kinds = browser.kinds
        let tabs = BrowserChrome.drawHeader(
            .init(tabs: kinds, active: tab.kind, source: tab.sourceLabel, view: tab.viewLabel, status: tab.status, nouns: tab.nouns),
            into: &frame, in: bands.header)
        var right: [(text: String, priority: Int)] = []
        if let failure = browser.tabFailure { right.append((failure, 100)) }
        if let hint = browser.hint { right.append((hint, 95)) }
        if let notice = browser.notice { right.append((notice, 90)) }
        if let download = browser.downloads.status { right.append((download, 92)) }
        if let note = tab.statusNote { right.append((note, 70)) }
        right.append(("\(browser.requestsInFlight) in flight", 30))
        // The image cache's hit rate, named so it does not read as a progress figure.
        if let rate = tab.cacheHitRate { right.append(("pictures cached \(Int((rate * 100).rounded()))%", 20)) }
        if let line = browser.searchLine {
            // The search line takes the status bar's place while it is typed in.
            BrowserChrome.drawStatus(
                hints: [(KeyHint("/", line + "▏"), 100), (KeyHint("⏎", "search"), 90), (KeyHint("Esc", "cancel"), 80)], right: [],
                into: &frame, in: bands.status)
        } else {
            BrowserChrome.drawStatus(
                hints: statusHints(tabs: kinds, rebinding: browser.keyRebinding), right: right, into: &frame, in: bands.status)
        }
        return tabs
    }
}
