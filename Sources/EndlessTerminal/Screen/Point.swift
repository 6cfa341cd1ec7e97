/// A position on the screen, in cells, 0-based from the top-left corner.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The column, 0-based.
    public var x: Int
    /// The row, 0-based.
    public var y: Int

    /// Creates a point at column `x`, row `y`.
    ///
    /// - Parameters:
    ///   - x: the column, 0-based.
    ///   - y: the row, 0-based.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// The top-left corner.
    public static let zero = Point(x: 0, y: 0)

    /// `(x,y)`.
    public var description: String { "(\(x),\(y))" }
}
