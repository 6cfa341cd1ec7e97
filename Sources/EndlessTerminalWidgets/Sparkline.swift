import EndlessTerminal

/// A small line chart in braille, a row or two high: the shape of a series at a glance, as a
/// market board shows a coin's week.
///
/// ```
/// ⠀⢀⡠⠤⠒⠉⠉⠒⠤⣀⡠⠔⠊
/// ```
public struct Sparkline: Sendable {
    /// The series, oldest first.
    public var values: [Double]
    /// The dots' style (the caller's colour for up or down).
    public var style: Style

    /// Creates a sparkline.
    /// - Parameters:
    ///   - values: the series, oldest first.
    ///   - style: the dots' style.
    public init(values: [Double], style: Style = .plain) {
        self.values = values
        self.style = style
    }

    /// The braille canvas of the series at a size.
    /// - Parameters:
    ///   - width: cells across.
    ///   - height: cells down.
    public func canvas(width: Int, height: Int) -> BrailleCanvas {
        var canvas = BrailleCanvas(width: width, height: height)
        canvas.plot(values)
        return canvas
    }

    /// Draws the sparkline into `rect`; nothing for an empty series.
    /// - Parameters:
    ///   - buffer: the frame.
    ///   - rect: where, clipped to the frame.
    public func draw(into buffer: inout ScreenBuffer, in rect: Rect) {
        let area = rect.intersection(buffer.bounds)
        guard !area.isEmpty, !values.isEmpty else { return }
        canvas(width: area.width, height: area.height).draw(into: &buffer, at: Point(x: area.x, y: area.y), style: style)
    }
}
