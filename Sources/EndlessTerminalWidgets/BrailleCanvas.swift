import EndlessTerminal

/// A grid of braille dots, two across and four down per cell (U+2800–U+28FF), for drawing
/// lines at eight times a cell's resolution in any terminal font that has braille.
public struct BrailleCanvas: Hashable, Sendable {
    /// Cells across.
    public let width: Int
    /// Cells down.
    public let height: Int
    /// One bit per dot, by cell, row by row.
    private var bits: [UInt8]

    /// The bit of each dot in a cell, by column (0-1) and row (0-3), as Unicode numbers them.
    private static let dotBits: [[UInt8]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    /// An empty canvas.
    /// - Parameters:
    ///   - width: cells across (dots: twice as many).
    ///   - height: cells down (dots: four times as many).
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        bits = Array(repeating: 0, count: self.width * self.height)
    }

    /// Dots across.
    public var dotWidth: Int { width * 2 }
    /// Dots down.
    public var dotHeight: Int { height * 4 }

    /// Sets one dot; a dot outside the canvas is ignored.
    /// - Parameters:
    ///   - x: the dot column, from the left.
    ///   - y: the dot row, from the top.
    public mutating func set(x: Int, y: Int) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        bits[(y / 4) * width + x / 2] |= Self.dotBits[x % 2][y % 4]
    }

    /// Draws a straight line of dots between two dots, both included.
    public mutating func line(from start: (x: Int, y: Int), to end: (x: Int, y: Int)) {
        var x = start.x
        var y = start.y
        let dx = abs(end.x - x)
        let dy = -abs(end.y - y)
        let stepX = x < end.x ? 1 : -1
        let stepY = y < end.y ? 1 : -1
        var error = dx + dy
        while true {
            set(x: x, y: y)
            if x == end.x, y == end.y { return }
            let doubled = 2 * error
            if doubled >= dy {
                error += dy
                x += stepX
            }
            if doubled <= dx {
                error += dx
                y += stepY
            }
        }
    }

    /// The character of a cell: its braille pattern, or a space when no dot is set.
    public func character(x: Int, y: Int) -> Character {
        let value = bits[y * width + x]
        guard value != 0, let scalar = Unicode.Scalar(0x2800 + UInt32(value)) else { return " " }
        return Character(scalar)
    }

    /// The canvas as lines of text, one per cell row.
    public var lines: [String] {
        (0..<height).map { y in String((0..<width).map { character(x: $0, y: y) }) }
    }

    /// Draws the canvas with its top-left cell at `origin`; cells without dots are left as they are.
    /// - Parameters:
    ///   - buffer: the frame.
    ///   - origin: where the top-left cell goes.
    ///   - style: the dots' style.
    public func draw(into buffer: inout ScreenBuffer, at origin: Point, style: Style) {
        for y in 0..<height {
            for x in 0..<width where bits[y * width + x] != 0 {
                buffer.set(Cell(character(x: x, y: y), style: style), at: Point(x: origin.x + x, y: origin.y + y))
            }
        }
    }

    /// Plots `values` across the whole canvas as one connected line, the largest at the top
    /// and the smallest at the bottom (a constant series runs through the middle).
    /// - Parameters:
    ///   - values: the series, oldest first; non-finite values are skipped.
    ///   - range: the values at the bottom and top; nil to fit the series.
    public mutating func plot(_ values: [Double], range: ClosedRange<Double>? = nil) {
        let points = values.filter(\.isFinite)
        guard dotWidth > 0, dotHeight > 0, let first = points.first else { return }
        let low = range?.lowerBound ?? points.min() ?? first
        let high = range?.upperBound ?? points.max() ?? first
        func row(_ value: Double) -> Int {
            guard high > low else { return (dotHeight - 1) / 2 }
            let fraction = (high - min(high, max(low, value))) / (high - low)
            return Int((fraction * Double(dotHeight - 1)).rounded())
        }
        guard points.count > 1, dotWidth > 1 else {
            set(x: 0, y: row(first))
            return
        }
        var previous: (x: Int, y: Int)?
        for column in 0..<dotWidth {
            let point = (x: column, y: row(Self.sample(points, column: column, of: dotWidth)))
            if let previous { line(from: previous, to: point) } else { set(x: point.x, y: point.y) }
            previous = point
        }
    }

    /// The value a dot column shows: with more points than columns, the mean of the points it
    /// covers (a line, not a comb of every tick); with fewer, the series interpolated where the
    /// column falls. The first and last columns are the first and last points.
    static func sample(_ points: [Double], column: Int, of columns: Int) -> Double {
        if column == 0 { return points[0] }
        if column == columns - 1 { return points[points.count - 1] }
        if points.count > columns {
            let start = column * points.count / columns
            let end = max(start + 1, (column + 1) * points.count / columns)
            let bucket = points[start..<min(points.count, end)]
            return bucket.reduce(0, +) / Double(bucket.count)
        }
        let position = Double(column) * Double(points.count - 1) / Double(columns - 1)
        let index = min(points.count - 2, Int(position))
        let fraction = position - Double(index)
        return points[index] + (points[index + 1] - points[index]) * fraction
    }
}
