import EndlessShared

/// What rows drew, kept so a frame rebuilds only the rows that changed: a held `j` moves the
/// selection bar and leaves every row's text as it was, so summarizing, measuring and cutting
/// that text again each frame was most of a frame's work (issue 29).
///
/// Entries are found by a cheap key (an item's id and the row's width) and checked against the
/// inputs they were made from (the fields the row shows), so an item that changed under the
/// same id (a refresh) is made again, never drawn stale. The least recently drawn go first
/// past ``capacity``: a few screens' worth, whatever the length of the session.
@MainActor
final class RowMemo<Key: Hashable, Inputs: Equatable, Value> {
    /// Entries are objects: looking one up copies a reference, not its inputs (a whole item)
    /// and cells.
    private var entries: LRUList<Key, Entry>
    /// The most rows kept.
    let capacity: Int
    /// How many values were made; every other row drawn reused one (tests count with it).
    private(set) var made = 0

    /// Rows kept now.
    var count: Int { entries.count }

    /// - Parameter capacity: the most rows kept (at least 1).
    init(capacity: Int = 512) {
        self.capacity = max(1, capacity)
        entries = LRUList(costLimit: self.capacity, countLimit: self.capacity)
    }

    /// The value kept for `key` if it was made from `inputs`, else `make()`'s, kept.
    func value(for key: Key, inputs: Inputs, make: () -> Value) -> Value {
        if let kept = kept(for: key, inputs: inputs) { return kept }
        let value = make()
        keep(value, for: key, inputs: inputs)
        return value
    }

    /// The value kept for `key` if it was made from `inputs`, else nil: the caller makes it,
    /// and may ``keep(_:for:inputs:)`` it (or not, when it depends on more than `inputs`).
    func kept(for key: Key, inputs: Inputs) -> Value? {
        guard let kept = entries.value(for: key), kept.inputs == inputs else { return nil }
        return kept.value
    }

    /// The entry kept for `key`, whatever its inputs, made the most recently used: for a caller
    /// that checks the inputs itself, cheapest first.
    func entry(for key: Key) -> Entry? {
        entries.value(for: key)
    }

    /// Records that the value kept for `key` also stands for `inputs` (found the same by the
    /// caller); not counted in ``made``.
    func restate(_ key: Key, inputs: Inputs) {
        guard let kept = entries.value(for: key) else { return }
        entries.insert(Entry(inputs: inputs, value: kept.value), for: key, cost: 1)
    }

    /// Keeps `value`, made from `inputs`, for `key`; counts it in ``made``.
    func keep(_ value: Value, for key: Key, inputs: Inputs) {
        made += 1
        entries.insert(Entry(inputs: inputs, value: value), for: key, cost: 1)
    }

    /// Forgets every row.
    func removeAll() {
        entries.removeAll()
    }

    /// A value and the inputs it was made from.
    final class Entry {
        let inputs: Inputs
        let value: Value

        init(inputs: Inputs, value: Value) {
            self.inputs = inputs
            self.value = value
        }
    }
}
