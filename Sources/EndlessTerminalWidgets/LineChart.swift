import EndlessTerminal

/// A line chart in braille with its axes: the highest and lowest values labelled on the left,
/// and labels (dates) along the bottom, as a coin's details show its week.
///
/// ```
///  97,012 ┤        ⢀⡠⠤⠒⠉⠉⠒⠤⣀
///         │   ⢀⡠⠔⠊⠁          ⠈⠑⠢⢄
///  95,001 ┤⠤⠒⠉                    ⠉
///         └─────────────────────────
///          Jan 13             Jan 20
/// ```
public struct LineChart: Sendable {
    /// The series, oldest first.
    public var values: [Double]
    /// What the top and bottom rows mean: the highest and lowest values, formatted by the caller.
    public var highLabel: String
    /// The label of the lowest value.
    public var lowLabel: String
    /// Labels spread evenly along the bottom, first at the left edge, last at the right.
    public var timeLabels: [String]
    /// The line's style (the caller's colour for up or down).
    public var lineStyle: Style
    /// The axes' and labels' style.
    public var axisStyle: Style

    /// Creates a chart.
    /// - Parameters:
    ///   - values: the series, oldest first.
    ///   - highLabel: the label of the highest value.
    ///   - lowLabel: the label of the lowest value.
    ///   - timeLabels: labels along the bottom, spread evenly.
    ///   - lineStyle: the line's style.
    ///   - axisStyle: the axes' and labels' style.
    public init(
        values: [Double], highLabel: String, lowLabel: String, timeLabels: [String] = [], lineStyle: Style = .plain,
        axisStyle: Style = .dim
    ) {
        self.values = values
        self.highLabel = highLabel
        self.lowLabel = lowLabel
        self.timeLabels = timeLabels
        self.lineStyle = lineStyle
        self.axisStyle = axisStyle
    }

    /// Draws the chart into `rect`: the labels, the axes, the line. Needs at least 4 rows and
    /// room for the labels and 4 columns of plot; smaller, it draws nothing.
    /// - Parameters:
    ///   - buffer: the frame.
    ///   - rect: the chart's area.
    public func draw(into buffer: inout ScreenBuffer, in rect: Rect) {
        let labelWidth = max(DisplayWidth.of(highLabel), DisplayWidth.of(lowLabel))
        let plotX = rect.x + labelWidth + 2
        let plotWidth = rect.maxX - plotX
        let plotHeight = rect.height - (timeLabels.isEmpty ? 1 : 2)
        guard plotHeight >= 2, plotWidth >= 4 else { return }
        // The y axis, with ticks at the labelled rows.
        for row in 0..<plotHeight {
            let y = rect.y + row
            let tick = row == 0 || row == plotHeight - 1
            buffer.write(tick ? "┤" : "│", at: Point(x: plotX - 1, y: y), style: axisStyle)
        }
        buffer.write(TextLayout.pad(highLabel, toWidth: labelWidth, alignment: .trailing), at: Point(x: rect.x, y: rect.y), style: axisStyle)
        buffer.write(
            TextLayout.pad(lowLabel, toWidth: labelWidth, alignment: .trailing), at: Point(x: rect.x, y: rect.y + plotHeight - 1),
            style: axisStyle)
        // The x axis and its labels.
        let axisY = rect.y + plotHeight
        buffer.write("└" + String(repeating: "─", count: plotWidth), at: Point(x: plotX - 1, y: axisY), style: axisStyle)
        if !timeLabels.isEmpty {
            drawTimeLabels(into: &buffer, x: plotX, width: plotWidth, y: axisY + 1)
        }
        var canvas = BrailleCanvas(width: plotWidth, height: plotHeight)
        canvas.plot(values)
        canvas.draw(into: &buffer, at: Point(x: plotX, y: rect.y), style: lineStyle)
    }

    /// Labels at even fractions of the width; one that would overlap the one before is left out.
    private func drawTimeLabels(into buffer: inout ScreenBuffer, x: Int, width: Int, y: Int) {
        var nextFree = x
        for (index, label) in timeLabels.enumerated() {
            let labelWidth = DisplayWidth.of(label)
            let fraction = timeLabels.count == 1 ? 0 : Double(index) / Double(timeLabels.count - 1)
            let anchor = x + Int((Double(width - 1) * fraction).rounded())
            // Left-aligned at the start, right-aligned at the end, centred between.
            var start = anchor - Int(Double(labelWidth) * fraction)
            start = min(max(start, x), x + width - labelWidth)
            guard start >= nextFree else { continue }
            buffer.write(label, at: Point(x: start, y: y), style: axisStyle, maxWidth: x + width - start)
            nextFree = start + labelWidth + 1
        }
    }
}
