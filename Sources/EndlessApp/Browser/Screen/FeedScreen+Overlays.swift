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
        case .firstLoadFailed(let reason):
            lines.append(("✖ could not load \(nouns.plural)", Theme.error))
            lines.append(("", .plain))
            let width = max(20, min(rect.width - 4, 72))
            for line in HelpFormatter.wrap(reason.displayText, width: width).prefix(max(1, rect.height - 5)) {
                lines.append((line, Theme.errorDetail))
            }
            lines.append(("", .plain))
            lines.append(("press R to retry · q to quit", Theme.key))
        case .empty:
            lines = [("no \(nouns.plural) here · press r for a new list", Theme.endOfList)]
        }
        let top = rect.y + max(0, (rect.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() where top + offset < rect.maxY {
            let width = DisplayWidth.of(line.text)
            let x = rect.x + max(0, (rect.width - width) / 2)
            frame.write(line.text, at: Point(x: x, y: top + offset), style: line.style, maxWidth: rect.width, ellipsis: true)
        }
    }

    /// The details panel over the list: the large picture beside every field, and a note
    /// while fuller details load or when they failed.
    func drawDetails(_ details: ItemDetails, into frame: inout ScreenBuffer, in area: Rect) {
        var fields = details.fields.map { DetailPanel.Field($0.label, $0.value.displayText) }
        switch details.note {
        case .loading: fields.append(DetailPanel.Field("", "loading the full record…"))
        case .failed(let reason): fields.append(DetailPanel.Field("", "✖ \(reason.displayText)"))
        case .remark(let text): fields.append(DetailPanel.Field("", text.displayText))
        case nil: break
        }
        let showsPicture = cells.showsImages && details.imageURL != nil
        var pictureSize = style.detailsImageSize
        // A chart (a coin's week) goes beside the fields when there is room, else below them,
        // else not at all; the panel is then narrower.
        let total = min(area.width - 2, details.chart == nil ? 100 : 150)
        let chartBeside = details.chart != nil && total >= 96
        var width = chartBeside ? total * 11 / 20 : min(total, 100)
        if showsPicture, details.chart == nil, let aspect = details.imageAspectRatio, aspect > 0 {
            // A picture of known shape: as large as the terminal allows, fields beside or below.
            let largest = Self.largestPicture(aspect: aspect, cellAspect: cells.cellAspect, fields: fields.count, in: area)
            pictureSize = largest.size
            width = min(area.width - 2, largest.beside ? pictureSize.width + 6 + Self.fieldsWidth : max(pictureSize.width + 4, 60))
            model.detailsPictureSizeChanged(FeedImage.Size(cells.pixelSize(forCells: pictureSize)))
        }
        let beside = width - 4 - pictureSize.width - 2 >= 24
        let pictureLines = showsPicture ? pictureSize.height + (beside ? 0 : fields.count + 1) : 0
        let height = min(area.height, max(pictureLines, fields.count) + 3)
        let chartBelow = details.chart != nil && !chartBeside && area.height - height >= 9
        guard width >= 20, height >= 5 else { return }
        let blockHeight = chartBelow ? min(area.height, height + 12) : height
        let left = area.x + (area.width - (chartBeside ? total : width)) / 2
        let rect = Rect(x: left, y: area.y + (area.height - blockHeight) / 2, width: width, height: height)
        if let chart = details.chart, chartBeside || chartBelow {
            let chartRect =
                chartBeside
                ? Rect(x: rect.maxX, y: rect.y, width: total - width, height: height)
                : Rect(x: rect.x, y: rect.maxY, width: width, height: blockHeight - height)
            drawChart(chart, into: &frame, in: chartRect)
        }

        var image: CellImage?
        var shown: DecodedImage?
        if showsPicture, let request = model.detailsImageRequest(for: details) {
            // The picture, else its placeholder (a BlurHash), so the panel keeps its layout.
            shown = images?.image(for: request) ?? model.item(describedBy: details).flatMap { placeholderImage(for: $0, request: request) }
            if let shown {
                // Pixel graphics are placed over the panel afterwards; blank cells reserve their room.
                image = cells.usesPixels
                    ? CellImage(size: pictureSize, cells: Array(repeating: .blank, count: pictureSize.area))
                    : cells.symbolCells(for: shown, size: pictureSize)
            }
        }
        let panel = DetailPanel(title: details.title.displayText, fields: fields, image: image)
        let imageRect = panel.draw(into: &frame, in: rect)
        if cells.usesPixels, let shown, let imageRect {
            cells.draw(shown, in: imageRect, into: &frame)
        }
        let hint = " Esc close · ↑↓ next \(model.descriptor.nouns.singular) "
        if rect.width > DisplayWidth.of(hint) + 4 {
            frame.write(hint, at: Point(x: rect.maxX - DisplayWidth.of(hint) - 2, y: rect.maxY - 1), style: Theme.subtitle)
        }
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
