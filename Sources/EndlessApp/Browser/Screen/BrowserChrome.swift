import EndlessTerminal

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
        var tabs: [FeedKind]
        var active: FeedKind
        var source: String
        var status: FeedStatus
        var nouns: Nouns
    }

    /// Draws the header; returns the tab labels' cells, for clicks.
    static func drawHeader(_ header: Header, into frame: inout ScreenBuffer, in rect: Rect) -> [(kind: FeedKind, rect: Rect)] {
        var left: [StyledText] = [StyledText("endless")]
        var tabRects: [(kind: FeedKind, rect: Rect)] = []
        var x = rect.x + 1 + DisplayWidth.of("endless")
        if header.tabs.count > 1 {
            left.append(StyledText(" "))
            x += 1
            for kind in header.tabs {
                let label = " \(kind.keyLabel) \(kind.name) "
                left.append(StyledText(label, style: kind == header.active ? Theme.tabActive : Theme.tabInactive))
                let width = DisplayWidth.of(label)
                tabRects.append((kind, Rect(x: x, y: rect.y, width: width, height: 1)))
                x += width
            }
        }
        left.append(StyledText(" · \(header.source)"))
        if let seed = header.status.seed { left.append(StyledText(" · seed \(seed.displayText)")) }
        var right = [header.nouns.count(header.status.rows)]
        if let page = header.status.page { right.append("page \(page)") }
        if let live = header.status.live { right.append(live) }
        let bar = StatusBar(leftRuns: left, rightRuns: join(right), style: Theme.header)
        bar.draw(into: &frame, in: rect)
        // A tab the bar had to cut is not a target.
        return tabRects.filter { $0.rect.maxX <= rect.maxX - 1 }
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
