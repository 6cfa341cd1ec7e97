import EndlessCache
import EndlessCommandLine
import EndlessFeedModel
import EndlessImages
import EndlessTerminal
import EndlessTerminalWidgets

extension FeedScreen {
    /// What the list's area shows when there are no rows: the first page loading, its error
    /// with the key that retries, or an empty source.
    func drawCentered(_ content: ContentState, elapsed: Duration, into frame: inout ScreenBuffer, in rect: Rect) {
        let nouns = model.descriptor.nouns
        var lines: [(text: String, style: Style)] = []
        switch content {
        case .rows:
            return
        case .loadingFirstPage:
            lines = [("\(Spinner.dots.frame(at: elapsed)) loading \(nouns.plural) from \(model.descriptor.sourceLabel)…", Theme.loading)]
            frame.showsAnimation = true
        case .firstLoadFailed(let reason):
            lines.append(("✖ could not load \(nouns.plural)", Theme.error))
            lines.append(("", .plain))
            let width = max(20, min(rect.width - 4, 72))
            for line in HelpFormatter.wrap(reason.displayText, width: width).prefix(max(1, rect.height - 5)) {
                lines.append((line, Theme.errorDetail))
            }
            lines.append(("", .plain))
            // Offline, a page the cache lacks cannot come however often R is pressed.
            let retry =
                isOfflineMiss
                ? "offline: run endless without --offline to load them" : key(for: .list(.retry), standard: "R").map { "press \($0) to retry" }
            let quit = key(for: .quit, standard: "q").map { "\($0) to quit" }
            lines.append(([retry, quit].compactMap { $0 }.joined(separator: " · "), Theme.key))
        case .empty:
            let refresh = key(for: .list(.refresh), standard: "r").map { " · press \($0) for a new list" } ?? ""
            // Wrapped, as an error is, so a narrow screen still shows what to do at its end.
            let text = model.descriptor.emptyList ?? "no \(nouns.plural) here\(refresh)"
            let width = max(20, min(rect.width - 4, 72))
            lines = Self.wrappedPhrases(text, width: width).prefix(max(1, rect.height)).map { ($0, Theme.endOfList) }
        }
        let top = rect.y + max(0, (rect.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() where top + offset < rect.maxY {
            let width = DisplayWidth.of(line.text)
            let x = rect.x + max(0, (rect.width - width) / 2)
            frame.write(line.text, at: Point(x: x, y: top + offset), style: line.style, maxWidth: rect.width, ellipsis: true)
        }
    }

    /// `text` in lines of at most `width` columns, broken between its ` · ` phrases where a
    /// phrase fits a line whole (`Esc back to the list` is never split), else between words.
    /// Counted in columns, so words quoted in a wide script wrap rather than run off the edge.
    static func wrappedPhrases(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        // Adds `piece` to the line after `separator` where it fits, else starts a line with it.
        func add(_ piece: String, after separator: String) {
            if line.isEmpty {
                line = piece
            } else if DisplayWidth.of(line) + DisplayWidth.of(separator) + DisplayWidth.of(piece) <= width {
                line += separator + piece
            } else {
                lines.append(line)
                line = piece
            }
        }
        for phrase in text.components(separatedBy: " · ") {
            // Whole, where it fits a line (a single word too long for any stays whole).
            if DisplayWidth.of(phrase) <= width || line.isEmpty && !phrase.contains(" ") {
                add(phrase, after: " · ")
                continue
            }
            // The phrase does not fit beside the line: it starts its own, wrapped between
            // words, and the next phrase may join its last line.
            if !line.isEmpty { lines.append(line) }
            let wrapped = TextLayout.wrap(phrase, toWidth: width)
            lines += wrapped.dropLast()
            line = wrapped.last ?? ""
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The details panel over the list: the large picture beside every field, and a note
    /// while fuller details load or when they failed. On a small screen the panel takes the
    /// whole area and the picture shrinks (or goes) so the fields have room; fields that do not
    /// fit scroll (the view model's ``FeedViewModel/detailsScrollOffset``).
    func drawDetails(_ details: ItemDetails, into frame: inout ScreenBuffer, in area: Rect) {
        var fields = details.fields.map { DetailPanel.Field($0.label, $0.value.displayText, link: DetailsLink.target(of: $0.value.raw)) }
        switch details.note {
        case .loading: fields.append(DetailPanel.Field("", "loading the full record…"))
        // R fetches them again (offline, the reason says what does instead), as on the list.
        case .failed(let reason):
            let retry = isOfflineMiss ? nil : key(for: .list(.retry), standard: "R")
            fields.append(DetailPanel.Field("", "✖ " + (retry.map { "press \($0) to retry · " } ?? "") + reason.displayText))
        case .remark(let text): fields.append(DetailPanel.Field("", text.displayText))
        case nil: break
        }
        let small = area.width < Self.smallDetailsWidth || area.height < Self.smallDetailsHeight
        var showsPicture = cells.showsImages && details.imageURL != nil
        var pictureSize = style.detailsImageSize
        // A chart (a coin's week) goes beside the fields when there is room, else below them
        // (the fields scrolling above it when they must), else not at all.
        let total = small ? area.width : min(area.width - 2, details.chart == nil ? 100 : 150)
        let chartBeside = !small && details.chart != nil && total >= 96
        var width = small ? area.width : min(total, 100)
        if chartBeside {
            // The fields get the columns their values ask for (a long address gives way), the
            // chart the rest, at least ``narrowestChart``.
            let keys = fields.map { DisplayWidth.of($0.key) }.max() ?? 0
            let values = min(Self.widestDetailsValue, fields.map { DisplayWidth.of($0.value) }.max() ?? 0)
            let wanted = 4 + (showsPicture ? pictureSize.width + 2 : 0) + keys + 2 + values
            width = min(max(total * 11 / 20, wanted), total - Self.narrowestChart)
        }
        if showsPicture, details.chart == nil, let aspect = details.imageAspectRatio, aspect > 0 {
            // A picture of known shape: as large as the terminal allows, fields beside or below.
            // Small, the fields under it may scroll: the picture leaves room for a few of them.
            let fieldLines = small ? min(fields.count, Self.fieldsUnderPicture) : fields.count
            let largest = Self.largestPicture(aspect: aspect, cellAspect: cells.cellAspect, fields: fieldLines, in: area)
            pictureSize = largest.size
            if pictureSize.area == 0 { showsPicture = false }
            if !small {
                width = min(area.width - 2, largest.beside ? pictureSize.width + 6 + Self.fieldsWidth : max(pictureSize.width + 4, 60))
            }
            model.detailsPictureSizeChanged(FeedImage.Size(cells.pixelSize(forCells: pictureSize)))
        }
        let beside = width - 4 - pictureSize.width - 2 >= 24
        if showsPicture, !beside {
            // Fields under the picture: the picture leaves them room for a few lines, or goes.
            let room = area.height - 2 - 1 - min(fields.count, Self.fieldsUnderPicture)
            if room < pictureSize.height {
                if room < Self.smallestPicture {
                    showsPicture = false
                } else {
                    pictureSize = Size(width: max(1, pictureSize.width * room / max(1, pictureSize.height)), height: room)
                }
            }
        }
        let pictureLines = showsPicture ? pictureSize.height + (beside ? 0 : fields.count + 1) : 0
        var height = small ? area.height : min(area.height, max(pictureLines, fields.count) + 3)
        var chartLines = 0
        if details.chart != nil, !chartBeside {
            if area.height - height >= 9 {
                chartLines = min(area.height - height, 12)
            } else if area.height - Self.chartBelowLines >= Self.fewestPanelLines {
                height = area.height - Self.chartBelowLines
                chartLines = Self.chartBelowLines
            }
        }
        guard width >= 10, height >= 3 else {
            frame.write(
                "too small for details: enlarge the terminal", at: Point(x: area.x + 1, y: area.y), style: Theme.notice,
                maxWidth: max(0, area.width - 1), ellipsis: true)
            return
        }
        let blockHeight = height + chartLines
        let left = small ? area.x : area.x + (area.width - (chartBeside ? total : width)) / 2
        let rect = Rect(x: left, y: area.y + (area.height - blockHeight) / 2, width: width, height: height)
        if let chart = details.chart, chartBeside || chartLines > 0 {
            let chartRect =
                chartBeside
                ? Rect(x: rect.maxX, y: rect.y, width: total - width, height: height)
                : Rect(x: rect.x, y: rect.maxY, width: width, height: chartLines)
            drawChart(chart, into: &frame, in: chartRect)
        }

        var image: CellImage?
        var shown: DecodedImage?
        if showsPicture, let request = model.detailsImageRequest(for: details) {
            // The picture, else its placeholder (a BlurHash), so the panel keeps its layout.
            shown = images?.image(for: request) ?? model.item(describedBy: details).flatMap { placeholderImage(for: $0, request: request) }
            if let shown {
                // Pixel graphics are placed over the panel afterwards; blank cells reserve their room.
                image =
                    cells.usesPixels
                    ? CellImage(size: pictureSize, cells: Array(repeating: .blank, count: pictureSize.area))
                    : cells.symbolCells(for: shown, size: pictureSize)
            }
        }
        var panel = DetailPanel(title: details.title.displayText, fields: fields, image: image)
        panel.firstField = model.detailsScrollOffset
        model.detailsLaidOut(lines: fields.count, shown: panel.fieldLines(in: rect))
        let imageRect = panel.draw(into: &frame, in: rect)
        if cells.usesPixels, let shown, let imageRect {
            cells.draw(shown, in: imageRect, into: &frame)
        }
        let hint = detailsHint(hasChart: details.chart != nil)
        if rect.width > DisplayWidth.of(hint) + 4 {
            frame.write(hint, at: Point(x: rect.maxX - DisplayWidth.of(hint) - 2, y: rect.maxY - 1), style: Theme.subtitle)
        }
    }

    /// The keys the details' bottom edge names, as the config file binds them: ` Esc close ·
    /// ↑↓ PgUp PgDn scroll · [ ] range ` (the range only with a chart: its keys work only
    /// here, so only here say so). An action that lost its key is not named.
    func detailsHint(hasChart: Bool) -> String {
        let rebinding = keys?.keyRebinding ?? .none
        func key(_ intent: BrowseIntent, _ standard: String) -> String? { rebinding.key(for: intent, standard: standard) }
        let moves = [key(.list(.moveUp), "↑"), key(.list(.moveDown), "↓")].compactMap { $0 }
        let move = moves == ["↑", "↓"] ? "↑↓" : moves.joined(separator: "/")
        let scrollKeys = ([move] + [key(.list(.pageUp), "PgUp"), key(.list(.pageDown), "PgDn")].compactMap { $0 }).filter { !$0.isEmpty }
        let scroll = scrollKeys.isEmpty ? nil : scrollKeys.joined(separator: " ") + " scroll"
        let next = move.isEmpty ? nil : "\(move) next \(model.descriptor.nouns.singular)"
        let rangeKeys = [key(.previousChartRange, "["), key(.nextChartRange, "]")].compactMap { $0 }
        let ranges = hasChart && !rangeKeys.isEmpty ? rangeKeys.joined(separator: " ") + " range" : nil
        let said = [key(.list(.close), "Esc").map { "\($0) close" }, model.canScrollDetails ? scroll : next, ranges].compactMap { $0 }
        return " \(said.joined(separator: " · ")) "
    }

    /// Below this width or height the details take the whole area.
    static var smallDetailsWidth: Int { 64 }
    static var smallDetailsHeight: Int { 20 }
    /// Lines of a chart put below fields that scroll.
    static var chartBelowLines: Int { 12 }
    /// The fewest lines of a panel with a chart below it.
    static var fewestPanelLines: Int { 6 }
    /// The narrowest chart beside the fields.
    static var narrowestChart: Int { 34 }
    /// Columns of a value the fields ask for beside a chart; a longer one (an address) is cut.
    static var widestDetailsValue: Int { 50 }
    /// Field lines a picture above the fields leaves room for.
    static var fieldsUnderPicture: Int { 8 }
    /// Below this many lines, a picture above the fields is left out.
    static var smallestPicture: Int { 4 }

    /// Whether the list runs `--offline`, so a page it lacks cannot come by retrying: the
    /// error rows say what does instead.
    var isOfflineMiss: Bool {
        (model.feed.source as? any CacheStatusReporting)?.cacheStatus.mode == .offline
    }

    /// Columns the fields beside a large picture get.
    static var fieldsWidth: Int { 44 }

    /// The largest picture of `aspect` (width over height, in pixels) that fits the details
    /// panel in `area`, with the fields beside it or, when that leaves it larger, below it.
    static func largestPicture(aspect: Double, cellAspect: Double, fields: Int, in area: Rect) -> (size: Size, beside: Bool) {
        func fit(width: Int, height: Int) -> Size {
            guard width > 0, height > 0 else { return Size(width: 0, height: 0) }
            // Lines for the full width, or columns for the full height, whichever fits.
            let lines = Double(width) / aspect / cellAspect
            if lines <= Double(height) { return Size(width: width, height: max(1, Int(lines.rounded(.down)))) }
            return Size(width: max(1, Int((Double(height) * aspect * cellAspect).rounded(.down))), height: height)
        }
        let innerWidth = area.width - 6, innerHeight = area.height - 3
        let beside = fit(width: innerWidth - fieldsWidth - 2, height: innerHeight)
        let below = fit(width: innerWidth, height: innerHeight - fields - 1)
        return beside.area >= below.area ? (beside, true) : (below, false)
    }

    /// A details chart in a box of its own: the series coloured by its trend, the labels dim.
    func drawChart(_ chart: ItemDetails.Chart, into frame: inout ScreenBuffer, in rect: Rect) {
        let inner = Box(title: chart.title, style: Theme.subtitle, titleStyle: Theme.name).draw(into: &frame, in: rect)
        guard inner.height >= 4, inner.width >= 12 else { return }
        let line: Style =
            switch chart.trend {
            case .up: Theme.up
            case .down: Theme.down
            case .flat: .plain
            }
        LineChart(
            values: chart.values, highLabel: chart.highLabel, lowLabel: chart.lowLabel, timeLabels: chart.timeLabels,
            lineStyle: line, axisStyle: Theme.subtitle
        ).draw(into: &frame, in: inner.inset(horizontal: 1))
    }
}
