import EndlessTerminal

/// A run of text in one style, the unit widgets compose lines from.
public struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The text.
    public var text: String
    /// Its style; nil takes the widget's base style.
    public var style: Style?

    /// Creates a run.
    ///
    /// - Parameters:
    ///   - text: the text.
    ///   - style: its style; nil takes the widget's base style.
    public init(_ text: String, style: Style? = nil) {
        self.text = text
        self.style = style
    }

    /// Creates an unstyled run from a literal.
    ///
    /// - Parameter value: the text.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Writes runs on one line, truncating the last visible one with `…` when they do not fit.
    ///
    /// - Parameters:
    ///   - runs: the runs, in order.
    ///   - buffer: the frame.
    ///   - point: where the first run starts.
    ///   - width: the columns available.
    ///   - base: the style for runs without one.
    /// - Returns: the columns used.
    @discardableResult
    static func write(_ runs: [StyledText], into buffer: inout ScreenBuffer, at point: Point, width: Int, base: Style) -> Int {
        let total = runs.reduce(0) { $0 + DisplayWidth.of($1.text) }
        var x = point.x
        var remaining = width
        for run in runs where remaining > 0 {
            let runWidth = DisplayWidth.of(run.text)
            let truncate = total > width && runWidth >= remaining
            let text = truncate ? TextLayout.truncate(run.text, toWidth: remaining) : run.text
            let used = buffer.write(text, at: Point(x: x, y: point.y), style: run.style ?? base, maxWidth: remaining)
            x += used
            remaining -= used
            if truncate { break }
        }
        return x - point.x
    }
}
