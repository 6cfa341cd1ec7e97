/// A size in cells: columns wide, rows high.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Creates a size; negative values are clamped to zero.
    ///
    /// - Parameters:
    ///   - width: columns.
    ///   - height: rows.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// No cells at all.
    public static let zero = Size(width: 0, height: 0)

    /// The number of cells, `width × height`.
    public var area: Int { width * height }

    /// `widthxheight`, e.g. `80x24`.
    public var description: String { "\(width)x\(height)" }
}
