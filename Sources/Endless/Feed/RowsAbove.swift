/// Rows a feed has put above its first loaded row since its list was last replaced (see
/// ``Feed/rowsAbove``).
public struct RowsAbove: Sendable, Hashable {
    /// Which list it is: changes each time a refresh replaces the list.
    public var list = 0
    /// Rows put above the first row of that list, so far.
    public var count = 0

    /// Creates a count.
    /// - Parameters:
    ///   - list: which list.
    ///   - count: rows put above so far.
    public init(list: Int = 0, count: Int = 0) {
        self.list = list
        self.count = count
    }

    /// How far the rows of `earlier` have moved down since: 0 when the list was replaced.
    /// - Parameter earlier: the count when last looked at.
    /// - Returns: rows to add to an index taken then.
    public func rowsMoved(since earlier: RowsAbove) -> Int {
        list == earlier.list ? count - earlier.count : 0
    }
}
