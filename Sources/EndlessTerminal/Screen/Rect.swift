/// A rectangle of cells. Widgets draw inside one; layout splits one into several.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The left column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Creates a rectangle; a negative width or height is clamped to zero.
    ///
    /// - Parameters:
    ///   - x: the left column.
    ///   - y: the top row.
    ///   - width: columns.
    ///   - height: rows.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// Creates a rectangle at the top-left corner covering `size`.
    ///
    /// - Parameter size: the size to cover.
    public init(size: Size) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// The column just right of the rectangle.
    public var maxX: Int { x + width }
    /// The row just below the rectangle.
    public var maxY: Int { y + height }
    /// The rectangle's size.
    public var size: Size { Size(width: width, height: height) }
    /// True when it covers no cell.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// Whether `point` lies inside.
    ///
    /// - Parameter point: a cell position.
    /// - Returns: true if the cell is inside the rectangle.
    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    /// The overlap of two rectangles (empty, at `self`'s origin, when they do not meet).
    ///
    /// - Parameter other: another rectangle.
    /// - Returns: the cells both cover.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return Rect(x: x, y: y, width: 0, height: 0) }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The rectangle shrunk by the given margins on each side.
    ///
    /// - Parameters:
    ///   - horizontal: columns removed on the left and on the right.
    ///   - vertical: rows removed at the top and at the bottom.
    /// - Returns: the inner rectangle, never of negative size.
    public func inset(horizontal: Int = 0, vertical: Int = 0) -> Rect {
        Rect(x: x + horizontal, y: y + vertical, width: width - 2 * horizontal, height: height - 2 * vertical)
    }

    /// A rectangle of `size` centred in this one, clipped to it.
    ///
    /// - Parameter size: the size wanted.
    /// - Returns: the centred rectangle.
    public func centered(_ size: Size) -> Rect {
        let width = min(size.width, self.width)
        let height = min(size.height, self.height)
        return Rect(x: x + (self.width - width) / 2, y: y + (self.height - height) / 2, width: width, height: height)
    }

    /// `(x,y widthxheight)`.
    public var description: String { "(\(x),\(y) \(width)x\(height))" }
}

extension Rect {
    /// The smallest rectangle holding both (an empty one holds nothing).
    func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let left = min(x, other.x)
        let top = min(y, other.y)
        return Rect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }
}
