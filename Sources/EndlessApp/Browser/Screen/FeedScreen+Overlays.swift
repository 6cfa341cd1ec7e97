import EndlessCommandLine
import EndlessImages
import EndlessTerminal

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
        let pictureSize = style.detailsImageSize
        let showsPicture = cells.showsImages && details.imageURL != nil
        let height = min(area.height, max(showsPicture ? pictureSize.height : 0, fields.count) + 3)
        // A chart goes beside the fields when there is room, else below them, else not at all.
        let total = min(area.width - 2, details.chart == nil ? 100 : 150)
        let beside = details.chart != nil && total >= 96
        let width = beside ? total * 11 / 20 : min(total, 100)
        let chartBelow = details.chart != nil && !beside && area.height - height >= 9
        guard width >= 20, height >= 5 else { return }
        let blockHeight = chartBelow ? min(area.height, height + 12) : height
        let left = area.x + (area.width - (beside ? total : width)) / 2
        let rect = Rect(x: left, y: area.y + (area.height - blockHeight) / 2, width: width, height: height)
        if let chart = details.chart, beside || chartBelow {
            let chartRect =
                beside
                ? Rect(x: rect.maxX, y: rect.y, width: total - width, height: height)
                : Rect(x: rect.x, y: rect.maxY, width: width, height: blockHeight - height)
            drawChart(chart, into: &frame, in: chartRect)
        }

        var image: CellImage?
        var loaded: DecodedImage?
        if cells.showsImages, let request = model.detailsImageRequest(for: details), let decoded = model.images?.image(for: request) {
            loaded = decoded
            // Pixel graphics are placed over the panel afterwards; blank cells reserve their room.
            image = cells.usesPixels
                ? CellImage(size: pictureSize, cells: Array(repeating: .blank, count: pictureSize.area))
                : cells.symbolCells(for: decoded, size: pictureSize)
        }
        let panel = DetailPanel(title: details.title.displayText, fields: fields, image: image)
        let imageRect = panel.draw(into: &frame, in: rect)
        if cells.usesPixels, let loaded, let imageRect {
            cells.draw(loaded, in: imageRect, into: &frame)
        }
        let hint = " Esc close · ↑↓ next \(model.descriptor.nouns.singular) "
        if rect.width > DisplayWidth.of(hint) + 4 {
            frame.write(hint, at: Point(x: rect.maxX - DisplayWidth.of(hint) - 2, y: rect.maxY - 1), style: Theme.subtitle)
        }
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
