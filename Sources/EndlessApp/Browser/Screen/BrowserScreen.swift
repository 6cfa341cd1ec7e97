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
        var layout = BrowserLayout()
        guard let bands = BrowserLayout.bands(in: frame.bounds) else { return layout }
        let tab = browser.active
        let kinds = browser.kinds
        layout.list = bands.list
        layout.rows = tab.draw(into: &frame, indicator: bands.indicator, list: bands.list, elapsed: elapsed)
        layout.tabs = drawChrome(browser, into: &frame, bands: bands)
        layout.hasOverlay = tab.hasDetails || browser.isHelpVisible
        if browser.isHelpVisible {
            BrowserChrome.drawHelp(KeyBindings.helpHints(KeyBindings.all(nouns: tab.nouns, tabs: kinds)), into: &frame)
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
        var frame = ScreenBuffer(size: size)
        guard let bands = BrowserLayout.bands(in: frame.bounds),
            browser.active.drawReopening(into: &frame, indicator: bands.indicator, list: bands.list)
        else { return nil }
        drawChrome(browser, into: &frame, bands: bands)
        return frame
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
            .init(tabs: kinds, active: tab.kind, source: tab.sourceLabel, status: tab.status, nouns: tab.nouns),
            into: &frame, in: bands.header)
        var right = [browser.tabFailure, browser.notice, tab.statusNote].compactMap { $0 }
        right.append("\(browser.requestsInFlight) in flight")
        if let rate = tab.cacheHitRate { right.append("cache \(Int((rate * 100).rounded()))%") }
        if let line = browser.searchLine {
            // The search line takes the status bar's place while it is typed in.
            BrowserChrome.drawStatus(
                hints: [KeyHint("/", line + "▏"), KeyHint("⏎", "search"), KeyHint("Esc", "cancel")], right: [], into: &frame,
                in: bands.status)
        } else {
            BrowserChrome.drawStatus(hints: KeyBindings.statusHints(tabs: kinds), right: right, into: &frame, in: bands.status)
        }
        return tabs
    }
}
