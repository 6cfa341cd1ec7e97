import EndlessFeedModel
import EndlessTerminal
import EndlessTerminalWidgets

/// The parts of the screen every feed shares: the header with the tabs, the source and the
/// list's figures; the status bar with key hints and the request and cache figures; and the
/// key help over everything.
///
/// ```
///  endless [1 people] 4 users  · simulator 127.0.0.1:41235 · seed 5f2c09a1   120 people · page 6
///  ↑↓/jk move · ⏎ details · r refresh · Tab feeds · ? help · q quit   2 in flight · pictures cached 96%
/// ```
/// With a single feed there are no tabs to show, and the header is as it always was.
@MainActor
enum BrowserChrome {
    /// What the header shows.
    struct Header: Equatable {
        var tabs: [FeedID]
        var active: FeedID
        var source: String
        /// What of the feed is shown (a search, the starred, an order); nil for the feed itself.
        var view: String? = nil
        var status: FeedStatus
        var nouns: Nouns
    }

    /// Draws the header; returns the tab labels' cells, for clicks.
    ///
    /// When everything does not fit, the header gives way step by step before anything is
    /// cut: the hidden tabs shrink to their numbers (` 2 `), the simulator's address to its
    /// port, the source and seed go (a search, the starred items or an order stay named), then
    /// the page and live figures, the app's name, what is shown, the active
    /// tab's name (`[1] 2  3  4`), and last the noun after the row count. The active tab is in
    /// brackets, so it is told from the others without colour (`NO_COLOR`).
    static func drawHeader(_ header: Header, into frame: inout ScreenBuffer, in rect: Rect) -> [(kind: FeedID, rect: Rect)] {
        let start = Point(x: rect.x + 1, y: rect.y)
        var chosen: (runs: [StyledText], tabs: [(kind: FeedID, rect: Rect)], right: [StyledText])?
        for compaction in HeaderCompaction.steps {
            let left = leftPart(header, compaction, at: start)
            let right = join(rightPart(header, compaction))
            chosen = (left.runs, left.tabs, right)
            if width(of: left.runs) + width(of: right) + 1 <= rect.width - 2 { break }
        }
        guard let chosen else { return [] }
        StatusBar(leftRuns: chosen.runs, rightRuns: chosen.right, style: Theme.header).draw(into: &frame, in: rect)
        // A tab the bar had to cut is not a target.
        return chosen.tabs.filter { $0.rect.maxX <= rect.maxX - 1 }
    }

    /// How far the header gives way, each step keeping the ones before.
    struct HeaderCompaction {
        var compactTabs = false
        var compactSource = false
        var showsSource = true
        var showsPageAndLive = true
        var showsName = true
        var showsView = true
        var tightTabs = false
        var showsNoun = true

        /// From the full header to the tightest.
        static let steps: [HeaderCompaction] = {
            var step = HeaderCompaction()
            var steps = [step]
            let changes: [(inout HeaderCompaction) -> Void] = [
                { $0.compactTabs = true }, { $0.compactSource = true }, { $0.showsSource = false },
                { $0.showsPageAndLive = false },
                // The name before what is shown: a sorted list or a search must stay named as
                // long as it can (`[3 coins] 4  · by volume ↓` at 50 columns).
                { $0.showsName = false }, { $0.showsView = false }, { $0.tightTabs = true }, { $0.showsNoun = false },
            ]
            for change in changes {
                change(&step)
                steps.append(step)
            }
            return steps
        }()
    }

    /// The header's right part: the rows, the page, the live interval.
    private static func rightPart(_ header: Header, _ compaction: HeaderCompaction) -> [String] {
        var right = [compaction.showsNoun ? header.nouns.count(header.status.rows) : "\(header.status.rows)"]
        if compaction.showsPageAndLive {
            if let page = header.status.page { right.append("page \(page)") }
            if let live = header.status.live { right.append(live) }
        }
        return right
    }

    /// The header's left part: the name, the tabs, the source, the seed; and where the tabs are.
    private static func leftPart(
        _ header: Header, _ compaction: HeaderCompaction, at start: Point
    ) -> (runs: [StyledText], tabs: [(kind: FeedID, rect: Rect)]) {
        var runs: [StyledText] = []
        var tabs: [(kind: FeedID, rect: Rect)] = []
        var x = start.x
        if compaction.showsName {
            runs.append(StyledText("endless"))
            x += DisplayWidth.of("endless")
        }
        if header.tabs.count > 1 {
            for (index, kind) in header.tabs.enumerated() {
                let label = tabLabel(kind, active: kind == header.active, compaction)
                if index == 0, !runs.isEmpty {
                    runs.append(StyledText(" "))
                    x += 1
                }
                runs.append(StyledText(label, style: kind == header.active ? Theme.tabActive : Theme.tabInactive))
                let width = DisplayWidth.of(label)
                tabs.append((kind, Rect(x: x, y: start.y, width: width, height: 1)))
                x += width
            }
        }
        if compaction.showsSource {
            runs.append(StyledText(" · \(compaction.compactSource ? shortSource(header.source) : header.source)"))
            if let seed = header.status.seed { runs.append(StyledText(" · seed \(seed.displayText)")) }
        } else if compaction.showsView, let view = header.view {
            runs.append(StyledText(" · \(view)"))
        }
        return (runs, tabs)
    }

    /// `[1 people]` for the active tab, ` 2 photos ` or ` 2 ` for the others; tightest, the
    /// active tab `[1]`.
    private static func tabLabel(_ kind: FeedID, active: Bool, _ compaction: HeaderCompaction) -> String {
        if compaction.tightTabs { return active ? "[\(kind.keyLabel)]" : " \(kind.keyLabel) " }
        if active { return "[\(kind.keyLabel) \(kind.name)]" }
        return compaction.compactTabs ? " \(kind.keyLabel) " : " \(kind.keyLabel) \(kind.name) "
    }

    /// `simulator :41235` for `simulator 127.0.0.1:41235`; other sources as they are.
    private static func shortSource(_ source: String) -> String {
        guard source.hasPrefix("simulator "), let colon = source.lastIndex(of: ":") else { return source }
        return "simulator " + source[colon...]
    }

    private static func width(of runs: [StyledText]) -> Int {
        runs.reduce(0) { $0 + DisplayWidth.of($1.text) }
    }

    /// Draws the status bar: key hints on the left, figures on the right, each a segment with
    /// its priority; a bar too narrow for all of them drops the least important whole.
    static func drawStatus(
        hints: [(hint: KeyHint, priority: Int)], right: [StatusBar.Segment], into frame: inout ScreenBuffer, in rect: Rect
    ) {
        StatusBar(
            left: hints.map { StatusBar.Segment(hint: $0.hint, style: Theme.status, priority: $0.priority) }, right: right, style: Theme.status,
            separator: StyledText(" · ", style: Theme.status.adding(.dim))
        ).draw(into: &frame, in: rect)
    }

    /// Draws the key help over the whole screen, from line `firstLine` on when they do not
    /// all fit (a label wraps onto more than one on a narrow screen); returns how many lines
    /// the bindings take, and how many of them it shows.
    @discardableResult
    static func drawHelp(_ hints: [KeyHint], firstLine: Int = 0, into frame: inout ScreenBuffer) -> (lines: Int, shown: Int) {
        var help = HelpOverlay(title: "Keys", bindings: hints, footer: "Errors keep what is loaded: R retries, r refreshes.")
        help.firstLine = firstLine
        help.draw(into: &frame, in: frame.bounds)
        return (help.lineCount(in: frame.bounds), help.linesShown(in: frame.bounds))
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
