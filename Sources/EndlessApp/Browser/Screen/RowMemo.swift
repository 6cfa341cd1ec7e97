import EndlessShared

/// What rows drew, kept so a frame rebuilds only the rows that changed: a held `j` moves the
/// selection bar and leaves every row's text as it was, so summarizing, measuring and cutting
/// that text again each frame was most of a frame's work (issue 29).
///
/// Entries are found by a cheap key (an item's id and the row's width) and checked against the
/// inputs they were made from (the fields the row shows), so an item that changed under the
/// same id (a refresh) is made again, never drawn stale. The least recently drawn go first
/// past ``capacity``: a few screens' worth, whatever the length of the session.
///
/// The least-recently-used list is keyed by the key's hash, an `Int`, and holds the entries as
/// plain objects, so its code is specialized for them in this module: keyed by the generic
/// key, each lookup, insertion and eviction hashed and compared keys through the runtime's
/// witnesses, several calls a step (issue 29). An entry found by hash is checked against the
/// whole key, so keys whose hashes collide never return each other's rows (the later one
/// replaces the earlier).
///
/// Not final only so a memo of one kind of row can carry what its rows share
/// (``ListRowMemo``); its members are.
@MainActor
class RowMemo<Key: Hashable, Inputs: Equatable, Value> {
    /// Entries are objects (``Entry``), by their key's hash: looking one up copies a reference,
    /// not its inputs (a whole item) and cells.
    private final var entries: LRUList<Int, AnyObject>
    /// The most rows kept.
    final let capacity: Int
    /// How many values were made; every other row drawn reused one (tests count with it).
    private(set) final var made = 0

    /// Rows kept now.
    final var count: Int { entries.count }

    /// - Parameter capacity: the most rows kept (at least 1).
    init(capacity: Int = 512) {
        self.capacity = max(1, capacity)
        entries = LRUList(costLimit: self.capacity, countLimit: self.capacity)
    }

    /// The value kept for `key` if it was made from `inputs`, else `make()`'s, kept.
    final func value(for key: Key, inputs: Inputs, make: () -> Value) -> Value {
        if let kept = kept(for: key, inputs: inputs) { return kept }
        let value = make()
        keep(value, for: key, inputs: inputs)
        return value
    }

    /// The value kept for `key` if it was made from `inputs`, else nil: the caller makes it,
    /// and may ``keep(_:for:inputs:)`` it (or not, when it depends on more than `inputs`).
    final func kept(for key: Key, inputs: Inputs) -> Value? {
        guard let kept = kept(for: key), kept.inputs == inputs else { return nil }
        return kept.value
    }

    /// The entry kept for `key`, whatever its inputs: for a caller that checks the inputs
    /// itself, cheapest first.
    ///
    /// `slot` (a list's row index) finds the entry last found or kept there without hashing
    /// `key` or reordering the least recently used: a row drawn as in the last frame, as most
    /// are, costs a comparison of keys. Entries found that way are not marked used, so they
    /// may be evicted while on screen: the next frame finds them no more and draws the row.
    final func entry(for key: Key, slot: Int) -> Entry? {
        let place = Self.place(slot)
        if recentSlots[place] == slot, let recent = recent[place], recent.key == key { return recent }
        guard let entry = kept(for: key) else { return nil }
        remember(entry, at: slot)
        return entry
    }

    /// Records that the value kept for `key` also stands for `inputs` (found the same by the
    /// caller); not counted in ``made``.
    final func restate(_ key: Key, inputs: Inputs, slot: Int) {
        guard let kept = kept(for: key) else { return }
        let entry = Entry(key: key, inputs: inputs, value: kept.value)
        entries.insert(entry, for: key.hashValue, cost: 1)
        remember(entry, at: slot)
    }

    /// Keeps `value`, made from `inputs`, for `key`, found first at `slot` (see
    /// ``entry(for:slot:)``); counts it in ``made``.
    final func keep(_ value: Value, for key: Key, inputs: Inputs, slot: Int) {
        made += 1
        let entry = Entry(key: key, inputs: inputs, value: value)
        entries.insert(entry, for: key.hashValue, cost: 1)
        remember(entry, at: slot)
    }

    /// The entries last found at a few slots (see ``entry(for:slot:)``): a screenful of rows
    /// and more, by slot modulo their count; each one's slot in ``recentSlots``. Two arrays,
    /// not one of tuples: a tuple of generic parts costs a look-up of its type at each use.
    private final var recent: [Entry?] = Array(repeating: nil, count: slotCount)
    private final var recentSlots: [Int] = Array(repeating: -1, count: slotCount)

    private final func remember(_ entry: Entry, at slot: Int) {
        let place = Self.place(slot)
        recent[place] = entry
        recentSlots[place] = slot
    }

    /// How many slots (list indices) are remembered: a screenful of rows and more.
    static var slotCount: Int { 128 }

    /// Where `slot` is remembered: its place among ``slotCount``.
    static func place(_ slot: Int) -> Int {
        let place = slot % slotCount
        return place < 0 ? place + slotCount : place
    }

    /// Keeps `value`, made from `inputs`, for `key`; counts it in ``made``.
    final func keep(_ value: Value, for key: Key, inputs: Inputs) {
        made += 1
        entries.insert(Entry(key: key, inputs: inputs, value: value), for: key.hashValue, cost: 1)
    }

    /// The entry kept under `key`'s hash, if it is `key`'s (not a colliding key's); it becomes
    /// the most recently used.
    private final func kept(for key: Key) -> Entry? {
        guard let object = entries.value(for: key.hashValue) else { return nil }
        // Only entries are kept: the cast cannot fail, and an unchecked one costs nothing.
        let entry = unsafeDowncast(object, to: Entry.self)
        return entry.key == key ? entry : nil
    }

    /// Forgets every row. Not final: a memo that keeps more about its rows forgets that too.
    func removeAll() {
        entries.removeAll()
        recent = Array(repeating: nil, count: recent.count)
        recentSlots = Array(repeating: -1, count: recentSlots.count)
    }

    /// A value, where it is kept, and the inputs it was made from.
    final class Entry {
        let key: Key
        let inputs: Inputs
        let value: Value

        init(key: Key, inputs: Inputs, value: Value) {
            self.key = key
            self.inputs = inputs
            self.value = value
        }
    }
}
