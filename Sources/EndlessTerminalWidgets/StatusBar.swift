import EndlessTerminal

/// A one-line bar with a left part (key hints or segments) and a right part (status), like
/// the header and footer of the app.
///
/// The right part is laid out first and may take up to half the width when the left part
/// needs the room; the left part gets the rest and is truncated with `…`.
public struct StatusBar: Sendable {
    /// Runs on the left, segments joined by the separator.
    public var left: [StyledText]
    /// Runs on the right.
    public var right: [StyledText]
    /// The bar's base style (background included).
    public var style: Style

    /// Creates a bar from plain segments.
    ///
    /// - Parameters:
    ///   - left: segments on the left, joined by `separator`.
    ///   - right: segments on the right, joined by `separator`.
    ///   - style: the bar's base style.
    ///   - separator: between segments.
    public init(left: [String], right: [String] = [], style: Style = .plain, separator: String = " · ") {
        self.left = Self.join(left.map { StyledText($0) }, separator: separator)
        self.right = Self.join(right.map { StyledText($0) }, separator: separator)
        self.style = style
    }

    /// Creates a bar of key hints on the left (keys in bold) and status on the right.
    ///
    /// - Parameters:
    ///   - hints: keys and what they do.
    ///   - right: segments on the right.
    ///   - style: the bar's base style.
    ///   - separator: between hints and between segments.
    public init(hints: [KeyHint], right: [String] = [], style: Style = .plain, separator: String = " · ") {
        let runs = hints.map { hint in [StyledText(hint.key, style: style.adding(.bold)), StyledText(" " + hint.label)] }
        var left: [StyledText] = []
        for (index, hint) in runs.enumerated() {
            if index > 0 { left.append(StyledText(separator, style: style.adding(.dim))) }
            left.append(contentsOf: hint)
        }
        self.left = left
        self.right = Self.join(right.map { StyledText($0) }, separator: separator)
        self.style = style
    }

    /// Creates a bar from styled runs.
    ///
    /// - Parameters:
    ///   - leftRuns: runs on the left.
    ///   - rightRuns: runs on the right.
    ///   - style: the bar's base style.
    public init(leftRuns: [StyledText], rightRuns: [StyledText], style: Style = .plain) {
        left = leftRuns
        right = rightRuns
        self.style = style
    }

    /// Draws the bar on the first row of `rect`, filling it with the base style.
    ///
    /// - Parameters:
    ///   - buffer: the frame.
    ///   - rect: the bar's area; only its first row is used.
    public func draw(into buffer: inout ScreenBuffer, in rect: Rect) {
        guard rect.width > 0, rect.height > 0 else { return }
        let line = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        buffer.fill(line, style: style)
        let inner = rect.width - 2  // one space of padding on each side
        guard inner > 0 else { return }
        let leftWidth = left.reduce(0) { $0 + DisplayWidth.of($1.text) }
        let rightNatural = right.reduce(0) { $0 + DisplayWidth.of($1.text) }
        var rightWidth = min(rightNatural, inner)
        if leftWidth > 0 && leftWidth + 1 + rightWidth > inner {
            rightWidth = min(rightNatural, max(inner / 2, inner - leftWidth - 1))
        }
        if rightWidth > 0 {
            let start = rect.x + 1 + inner - rightWidth
            StyledText.write(right, into: &buffer, at: Point(x: start, y: rect.y), width: rightWidth, base: style)
        }
        let leftRoom = inner - rightWidth - (rightWidth > 0 ? 1 : 0)
        if leftRoom > 0 {
            StyledText.write(left, into: &buffer, at: Point(x: rect.x + 1, y: rect.y), width: leftRoom, base: style)
        }
    }

    private static func join(_ runs: [StyledText], separator: String) -> [StyledText] {
        var joined: [StyledText] = []
        for (index, run) in runs.enumerated() {
            if index > 0 { joined.append(StyledText(separator)) }
            joined.append(run)
        }
        return joined
    }
}
