import Endless
import EndlessTerminal
import RandomUserAPI

/// Draws the browser from its view model: a header, the line for refresh and pull
/// indicators, the list of people (or a centred message), the status bar, and the details
/// or help over them.
///
/// ```
///  endless · simulator 127.0.0.1:41235 · seed 5f2c09a1                120 people · page 6
///  ⠋ refreshing…
/// ▌▗▄▄▄▄▖  Mr Leo Bennink                                                              ┃
///  ▐████▌  Almere, Netherlands · 34                                                    ┃
///  ▝▀▀▀▀▘                                                                              │
///  ↑↓/jk move · ⏎ details · r refresh · ? help · q quit             2 in flight · cache 96%
/// ```
@MainActor
struct PeopleScreen {
    /// Lines per person: the name, the second line, and the avatar's third line.
    static let rowHeight = 3
    /// The avatar of a row, in cells: about square on a terminal's 1:2 cells.
    static let avatarSize = Size(width: 6, height: 3)
    /// The portrait in the details panel, in cells.
    static let portraitSize = Size(width: 24, height: 12)

    let avatarCells: AvatarCells

    /// The screen's bands: header, indicator line, list, status bar.
    static func bands(in bounds: Rect) -> [Rect] {
        Layout.rows([.fixed(1), .fixed(1), .flexible, .fixed(1)], in: bounds)
    }

    /// Where the list is drawn, for mouse hit-testing.
    static func listArea(in bounds: Rect) -> Rect {
        let bands = bands(in: bounds)
        return bands.count == 4 ? bands[2] : Rect(x: 0, y: 0, width: 0, height: 0)
    }

    /// Draws everything into `frame`.
    /// - Parameters:
    ///   - model: the state to draw.
    ///   - frame: a blank frame of the terminal's size.
    ///   - list: the list's scroll position; kept by the caller between frames.
    ///   - elapsed: time since the app started, for spinners.
    /// - Returns: the rows of people on screen, for ``PeopleViewModel/visibleRangeChanged(_:)``.
    func draw<Source>(
        _ model: PeopleViewModel<Source>, into frame: inout ScreenBuffer, list: inout ListState, elapsed: Duration
    ) -> Range<Int> {
        let areas = Self.bands(in: frame.bounds)
        guard areas.count == 4 else { return 0..<0 }
        let status = model.status
        drawHeader(status, source: model.sourceLabel, into: &frame, in: areas[0])
        drawIndicator(model.topIndicator, elapsed: elapsed, into: &frame, in: areas[1])
        let visible: Range<Int>
        switch model.content {
        case .rows: visible = drawList(model, into: &frame, in: areas[2], list: &list, elapsed: elapsed)
        default:
            drawCentered(model.content, source: model.sourceLabel, elapsed: elapsed, into: &frame, in: areas[2])
            visible = 0..<0
        }
        drawStatus(status, into: &frame, in: areas[3])
        if let details = model.details {
            let below = Rect(x: areas[1].x, y: areas[1].y, width: areas[1].width, height: areas[1].height + areas[2].height)
            drawDetails(details, model: model, into: &frame, in: below)
        }
        if model.isHelpVisible {
            HelpOverlay(
                title: "Keys", bindings: KeyBindings.helpHints,
                footer: "Errors keep what is loaded: R retries, r refreshes."
            ).draw(into: &frame, in: frame.bounds)
        }
        return visible
    }

    // MARK: - Header and status

    private func drawHeader(_ status: ListStatus, source: String, into frame: inout ScreenBuffer, in rect: Rect) {
        var left = ["endless", source]
        if let seed = status.seed { left.append("seed \(seed.displayText)") }
        var right = ["\(status.rows) \(status.rows == 1 ? "person" : "people")"]
        if let page = status.page { right.append("page \(page)") }
        StatusBar(left: left, right: right, style: Theme.header).draw(into: &frame, in: rect)
    }

    private func drawStatus(_ status: ListStatus, into frame: inout ScreenBuffer, in rect: Rect) {
        var right = ["\(status.requestsInFlight) in flight"]
        if let rate = status.cacheHitRate { right.append("cache \(Int((rate * 100).rounded()))%") }
        StatusBar(hints: KeyBindings.statusHints, right: right, style: Theme.status).draw(into: &frame, in: rect)
    }

    // MARK: - The line above the list

    private func drawIndicator(_ indicator: TopIndicator, elapsed: Duration, into frame: inout ScreenBuffer, in rect: Rect) {
        let origin = Point(x: rect.x + 1, y: rect.y)
        switch indicator {
        case .none:
            break
        case .pull(let progress):
            let width = 12
            let filled = Int((Double(width) * progress).rounded())
            var x = origin.x + frame.write("↓ pull to refresh  ", at: origin, style: Theme.loading)
            x += frame.write(String(repeating: "▰", count: filled), at: Point(x: x, y: rect.y), style: Theme.pullFull)
            frame.write(String(repeating: "▱", count: width - filled), at: Point(x: x, y: rect.y), style: Theme.pullEmpty)
        case .refreshing:
            frame.write("\(Spinner.dots.frame(at: elapsed)) refreshing…", at: origin, style: Theme.loading)
        case .notice(let text):
            frame.write("ⓘ \(text)", at: origin, style: Theme.notice, maxWidth: rect.width - 1, ellipsis: true)
        case .refreshFailed(let reason):
            Banner(.error, "refresh failed: \(reason.displayText)", action: KeyHint("r", "try again"))
                .draw(into: &frame, in: rect)
        }
    }

    // MARK: - The list

    private func drawList<Source>(
        _ model: PeopleViewModel<Source>, into frame: inout ScreenBuffer, in rect: Rect, list: inout ListState,
        elapsed: Duration
    ) -> Range<Int> {
        let rowCount = model.rowCount
        let footer = model.footer
        let view = ListView(itemCount: rowCount + (footer == .hidden ? 0 : 1), rowHeight: Self.rowHeight, highlight: .none)
        list.selection = model.selection
        let people = Dictionary(
            model.rows(in: view.visibleRange(state: list, height: rect.height)).map { ($0.index, $0.person) },
            uniquingKeysWith: { first, _ in first })
        let drawn = view.draw(into: &frame, in: rect, state: &list) { index, row, selected, buffer in
            if index >= rowCount {
                drawFooter(footer, elapsed: elapsed, into: &buffer, in: row)
            } else if let person = people[index] {
                drawPerson(person, model: model, selected: selected, into: &buffer, in: row)
            } else {
                drawPlaceholder(selected: selected, into: &buffer, in: row)
            }
        }
        return drawn.lowerBound..<min(drawn.upperBound, rowCount)
    }

    private func drawPerson<Source>(
        _ person: PersonSummary, model: PeopleViewModel<Source>, selected: Bool, into frame: inout ScreenBuffer,
        in row: Rect
    ) {
        let avatar = Rect(x: row.x + 1, y: row.y, width: Self.avatarSize.width, height: Self.avatarSize.height)
        if let request = model.avatarRequest(for: person), let image = model.avatars?.image(for: request) {
            avatarCells.draw(image, in: avatar, into: &frame)
        } else {
            drawInitials(person.initials, into: &frame, in: avatar)
        }
        let textX = avatar.maxX + 2
        let text = Rect(x: textX - 1, y: row.y, width: max(0, row.maxX - textX + 1), height: 2)
        if selected {
            frame.write("▌", at: Point(x: row.x, y: row.y + 1), style: Theme.selectionMarker)
            frame.fill(text, style: Theme.selectedName)
        }
        let width = max(0, row.maxX - textX - 1)
        frame.write(
            person.name.displayText, at: Point(x: textX, y: row.y), style: selected ? Theme.selectedName : Theme.name,
            maxWidth: width, ellipsis: true)
        frame.write(
            person.subtitle.displayText, at: Point(x: textX, y: row.y + 1),
            style: selected ? Theme.selectedSubtitle : Theme.subtitle, maxWidth: width, ellipsis: true)
    }

    /// The avatar's place while the portrait loads: the initials on a grey square.
    private func drawInitials(_ initials: UntrustedText, into frame: inout ScreenBuffer, in rect: Rect) {
        frame.fill(rect, style: Theme.placeholder)
        let text = TextLayout.truncate(initials.displayText, toWidth: rect.width)
        let x = rect.x + (rect.width - DisplayWidth.of(text)) / 2
        frame.write(text, at: Point(x: x, y: rect.y + rect.height / 2), style: Theme.placeholder.adding(.bold))
    }

    /// A row whose page was dropped to bound memory, or is still on its way.
    private func drawPlaceholder(selected: Bool, into frame: inout ScreenBuffer, in row: Rect) {
        frame.fill(Rect(x: row.x + 1, y: row.y, width: Self.avatarSize.width, height: Self.avatarSize.height), style: Theme.placeholder)
        if selected { frame.write("▌", at: Point(x: row.x, y: row.y + 1), style: Theme.selectionMarker) }
        frame.write("loading…", at: Point(x: row.x + Self.avatarSize.width + 3, y: row.y), style: Theme.subtitle)
    }

    private func drawFooter(_ footer: FooterState, elapsed: Duration, into frame: inout ScreenBuffer, in row: Rect) {
        let origin = Point(x: row.x + 2, y: row.y + 1)
        let width = max(0, row.width - 3)
        switch footer {
        case .hidden:
            break
        case .loading:
            frame.write("\(Spinner.dots.frame(at: elapsed)) loading more…", at: origin, style: Theme.loading)
        case .endOfList:
            frame.write("— end of list —", at: origin, style: Theme.endOfList)
        case .failed(let reason):
            var x = origin.x + frame.write("✖ ", at: origin, style: Theme.error)
            x += frame.write("press ", at: Point(x: x, y: origin.y), style: Theme.errorDetail)
            x += frame.write("R", at: Point(x: x, y: origin.y), style: Theme.key)
            x += frame.write(" to retry · ", at: Point(x: x, y: origin.y), style: Theme.errorDetail)
            frame.write(
                reason.displayText, at: Point(x: x, y: origin.y), style: Theme.errorDetail,
                maxWidth: max(0, origin.x + width - x), ellipsis: true)
        }
    }
}
