/// Which item was shown at which row since the list began (or was refreshed): the evidence behind
/// "nothing appears twice" (the terminal app's `--dump-state` writes it).
///
/// Off unless asked for, because it grows with every row seen.
public struct SeenItems: Sendable {
    /// Whether rows are being recorded (``FeedViewModel/trackSeenItems()``).
    public private(set) var isTracking = false
    /// The row each item was first seen at.
    public private(set) var rowOf: [String: Int] = [:]
    /// Items seen at two different rows: (id, first row, other row).
    public private(set) var duplicates: [(id: String, first: Int, again: Int)] = []

    mutating func startTracking() { isTracking = true }

    mutating func record(_ id: String, at row: Int) {
        if let first = rowOf[id] {
            if first != row { duplicates.append((id, first, row)) }
        } else {
            rowOf[id] = row
        }
    }

    /// A refresh starts a new list: rows are numbered from 0 again.
    mutating func startOver() {
        rowOf.removeAll()
        duplicates.removeAll()
    }
}
