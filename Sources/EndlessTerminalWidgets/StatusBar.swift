import EndlessTerminal

/// A one-line bar with a left part (key hints or segments) and a right part (status), like
/// the header and footer of the app.
///
/// Each part is a list of segments (a key hint, a figure). When they do not all fit, whole
/// segments are dropped, the lowest ``Segment/priority`` first (on a tie, the right part's last,
/// then the left part's last), so a phrase is never cut in the middle, down to one segment a
/// side. A segment left that is still too wide is said in its ``Segment/shorter`` words, when
/// it has them; what is still too wide then is truncated with `…` (the right part taking at
/// most half the width).
public struct StatusBar: Sendable {
    /// One phrase of the bar, shown whole or not at all.
    public struct Segment: Hashable, Sendable {
        /// The phrase's runs.
        public var runs: [StyledText]
        /// Higher is kept longer when the bar is too narrow.
        public var priority: Int
        /// The phrase in fewer words, said instead when it is one of the segments left and the
        /// bar is still too narrow for it (a failure's cause without what failed): the words
        /// that matter, rather than the first ones cut off. Nil for none.
        public var shorter: [StyledText]?

        /// Creates a segment.
        /// - Parameters:
        ///   - runs: the phrase's runs.
        ///   - shorter: the phrase in fewer words, for a bar too narrow for it; nil for none.
        ///   - priority: higher is kept longer.
        public init(_ runs: [StyledText], shorter: [StyledText]? = nil, priority: Int = 0) {
            self.runs = runs
            self.shorter = shorter
            self.priority = priority
        }

        /// Creates a segment of plain text.
        /// - Parameters:
        ///   - text: the phrase.
        ///   - shorter: the phrase in fewer words, for a bar too narrow for it; nil for none.
        ///   - priority: higher is kept longer.
        public init(_ text: String, shorter: String? = nil, priority: Int = 0) {
            self.init([StyledText(text)], shorter: shorter.map { [StyledText($0)] }, priority: priority)
        }

        /// Creates a segment of a key hint: the key in bold in `style`, then what it does.
        /// - Parameters:
        ///   - hint: the key and what it does.
        ///   - style: the bar's base style.
        ///   - priority: higher is kept longer.
        public init(hint: KeyHint, style: Style, priority: Int = 0) {
            self.init([StyledText(hint.key, style: style.adding(.bold)), StyledText(" " + hint.label)], priority: priority)
        }

        var width: Int { runs.reduce(0) { $0 + DisplayWidth.of($1.text) } }

        /// Says the phrase in its ``shorter`` words, if it has them.
        mutating func useShorterWords() {
            guard let shorter else { return }
            runs = shorter
            self.shorter = nil
        }
    }

    /// Segments on the left, in order.
    public var leftSegments: [Segment]
    /// Segments on the right, in order.
    public var rightSegments: [Segment]
    /// Between segments.
    public var separator: StyledText
    /// The bar's base style (background included).
    public var style: Style

    /// Creates a bar from segments.
    ///
    /// - Parameters:
    ///   - left: segments on the left.
    ///   - right: segments on the right.
    ///   - style: the bar's base style.
    ///   - separator: between segments.
    public init(left: [Segment], right: [Segment], style: Style = .plain, separator: StyledText = " · ") {
        leftSegments = left
        rightSegments = right
        self.style = style
        self.separator = separator
    }

    /// Creates a bar from plain segments, of equal priority.
    ///
    /// - Parameters:
    ///   - left: segments on the left, joined by `separator`.
    ///   - right: segments on the right, joined by `separator`.
    ///   - style: the bar's base style.
    ///   - separator: between segments.
    public init(left: [String], right: [String] = [], style: Style = .plain, separator: String = " · ") {
        self.init(left: left.map { Segment($0) }, right: right.map { Segment($0) }, style: style, separator: StyledText(separator))
    }

    /// Creates a bar of key hints on the left (keys in bold) and status on the right; the
    /// first hints are kept longest.
    ///
    /// - Parameters:
    ///   - hints: keys and what they do.
    ///   - right: segments on the right.
    ///   - style: the bar's base style.
    ///   - separator: between hints and between segments.
    public init(hints: [KeyHint], right: [String] = [], style: Style = .plain, separator: String = " · ") {
        self.init(
            left: hints.enumerated().map { Segment(hint: $0.element, style: style, priority: -$0.offset) },
            right: right.map { Segment($0) }, style: style, separator: StyledText(separator, style: style.adding(.dim)))
    }

    /// Creates a bar from styled runs, each side one segment.
    ///
    /// - Parameters:
    ///   - leftRuns: runs on the left.
    ///   - rightRuns: runs on the right.
    ///   - style: the bar's base style.
    public init(leftRuns: [StyledText], rightRuns: [StyledText], style: Style = .plain) {
        self.init(
            left: leftRuns.isEmpty ? [] : [Segment(leftRuns)], right: rightRuns.isEmpty ? [] : [Segment(rightRuns)], style: style)
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
        let (leftShown, rightShown) = fitted(in: inner)
        let left = joined(leftShown)
        let right = joined(rightShown)
        let leftWidth = left.reduce(0) { $0 + DisplayWidth.of($1.text) }
        let rightNatural = right.reduce(0) { $0 + DisplayWidth.of($1.text) }
        // Only a lone segment can still be too wide: it is cut with `…`.
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

    /// The segments shown in `width` columns: all of them, or fewer, the least important
    /// dropped first, until they fit or one is left a side; then, while they still do not
    /// fit, those left in their shorter words (the right part's first).
    /// - Parameter width: the columns inside the bar's padding.
    /// - Returns: the segments kept on each side, in order.
    public func fitted(in width: Int) -> (left: [Segment], right: [Segment]) {
        var left = leftSegments
        var right = rightSegments
        let separatorWidth = DisplayWidth.of(separator.text)
        func total() -> Int {
            func side(_ segments: [Segment]) -> Int {
                segments.reduce(0) { $0 + $1.width } + separatorWidth * max(0, segments.count - 1)
            }
            return side(left) + side(right) + (left.isEmpty || right.isEmpty ? 0 : 1)
        }
        // Down to one segment a side: a bar of one phrase each (a banner and its key) is
        // truncated as before rather than losing either.
        while total() > width, left.count > 1 || right.count > 1 {
            // The least important; on a tie the right part's last, then the left part's last.
            let lowest = min(left.map(\.priority).min() ?? .max, right.map(\.priority).min() ?? .max)
            if let index = right.lastIndex(where: { $0.priority == lowest }) {
                right.remove(at: index)
            } else if let index = left.lastIndex(where: { $0.priority == lowest }) {
                left.remove(at: index)
            }
        }
        for index in right.indices where total() > width { right[index].useShorterWords() }
        for index in left.indices where total() > width { left[index].useShorterWords() }
        return (left, right)
    }

    private func joined(_ segments: [Segment]) -> [StyledText] {
        var runs: [StyledText] = []
        for (index, segment) in segments.enumerated() {
            if index > 0 { runs.append(separator) }
            runs.append(contentsOf: segment.runs)
        }
        return runs
    }
}
