import EndlessFeedModel
import EndlessTerminal
import EndlessTerminalWidgets

/// The parts of the screen every feed shares: the header with the tabs, the source and the
/// list's figures; the status bar with key hints and the request and cache figures; and the
/// key help over everything.
///
/// ```
///  endless  1 people  4 users  · simulator 127.0.0.1:41235 · seed 5f2c09a1   120 people · page 6
///  ↑↓/jk move · ⏎ details · r refresh · Tab feeds · ? help · q quit       2 in flight · cache 96%
/// ```
/// With a single feed there are no tabs to show, and the header is as it always was.
@MainActor
enum BrowserChrome {
    /// What the header shows.
    struct Header {
        var tabs: [FeedID]
        var active: FeedID
        var source: String
        var status: FeedStatus
        var nouns: Nouns
    }

    /// Draws the header; returns the tab labels' cells, for clicks.
    ///
    /// When everything does not fit, the hidden tabs shrink to their numbers first (` 2 `),
    /// then the simulator's address to its port, before anything is cut.
    static func drawHeader(_ header: Header, into frame: inout ScreenBuffer, in rect: Rect) -> [(kind: FeedID, rect: Rect)] {
        var right = [header.nouns.count(header.status.rows)]
        if let page = header.status.page { right.append("page \(page)") }
        if let live = header.status.live { right.append(live) }
        let rightRuns = join(right)
        let room = rect.width - 3 - width(of: rightRuns)
        var layout = leftPart(header, compactTabs: false, compactSource: false, at: Point(x: rect.x + 1, y: rect.y))
        for (tabs, source) in [(true, false), (true, true)] where width(of: layout.runs) > room {
            layout = leftPart(header, compactTabs: tabs, compactSource: source, at: Point(x: rect.x + 1, y: rect.y))
        }
        StatusBar(leftRuns: layout.runs, rightRuns: rightRuns, style: Theme.header).draw(into: &frame, in: rect)
        // A tab the bar had to cut is not a target.
        return layout.tabs.filter { $0.rect.maxX <= rect.maxX - 1 }
    }

    /// The header's left part: the name, the tabs, the source, the seed; and where the tabs are.
    private static func leftPart(
        _ header: Header, compactTabs: Bool, compactSource: Bool, at start: Point
    ) -> (runs: [StyledText], tabs: [(kind: FeedID, rect: Rect)]) {
        var runs: [StyledText] = [StyledText("endless")]
        var tabs: [(kind: FeedID, rect: Rect)] = []
        var x = start.x + DisplayWidth.of("endless")
        if header.tabs.count > 1 {
            runs.append(StyledText(" "))
            x += 1
            for kind in header.tabs {
                let active = kind == header.active
                let label = active || !compactTabs ? " \(kind.keyLabel) \(kind.name) " : " \(kind.keyLabel) "
                runs.append(StyledText(label, style: active ? Theme.tabActive : Theme.tabInactive))
                let width = DisplayWidth.of(label)
                tabs.append((kind, Rect(x: x, y: start.y, width: width, height: 1)))
                x += width
            }
        }
        runs.append(StyledText(" · \(compactSource ? shortSource(header.source) : header.source)"))
        if let seed = header.status.seed { runs.append(StyledText(" · seed \(seed.displayText)")) }
        return (runs, tabs)
    }

    /// `simulator :41235` for `simulator 127.0.0.1:41235`; other sources as they are.
    private static func shortSource(_ source: String) -> String {
        guard source.hasPrefix("simulator "), let colon = source.lastIndex(of: ":") else { return source }
        return "simulator " + source[colon...]
    }

    private static func width(of runs: [StyledText]) -> Int {
        runs.reduce(0) { $0 + DisplayWidth.of($1.text) }
    }

    /// Draws the status bar: key hints on the left, figures on the right.
    static func drawStatus(hints: [KeyHint], right: [String], into frame: inout ScreenBuffer, in rect: Rect) {
        StatusBar(hints: hints, right: right, style: Theme.status).draw(into: &frame, in: rect)
    }

    /// Draws the key help over the whole screen.
    static func drawHelp(_ hints: [KeyHint], into frame: inout ScreenBuffer) {
        HelpOverlay(title: "Keys", bindings: hints, footer: "Errors keep what is loaded: R retries, r refreshes.")
            .draw(into: &frame, in: frame.bounds)
    }

    private static func join(_ segments: [String]) -> [StyledText] {
        var runs: [StyledText] = []
        for (index, segment) in segments.enumerated() {
            if index > 0 { runs.append(StyledText(" · ")) }
            runs.append(StyledText(segment))
        }
        return runs
    }
}
