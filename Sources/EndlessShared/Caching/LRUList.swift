/// A dictionary that remembers use order and evicts the least recently used entries when a
/// cost or count limit is exceeded. All operations are O(1) (amortised), using a doubly linked
/// list threaded through an array so no node is allocated per entry.
///
/// Not thread-safe: its owners (the image pipeline's memory cache, the simulator's caches of
/// seeded pages and drawn photos, the browser's row memos) guard it with a lock or an actor.
///
/// Public, with its internals inlinable, so that a client module specializes it for its own
/// keys and values: a lookup through the generic code costs several calls into the runtime
/// per step (the browser's memo of rows spent more in them than in the rest of a lookup, issue
/// 29), and Swift does not specialize a `package` type's inlinable code across modules.
public struct LRUList<Key: Hashable, Value> {
    /// An entry's links: plain integers, so moving an entry to the newest end touches no key
    /// or value.
    @usableFromInline
    struct Links: Sendable {
        @usableFromInline var older: Int
        @usableFromInline var newer: Int

        @inlinable
        init(older: Int = LRUList.none, newer: Int = LRUList.none) {
            self.older = older
            self.newer = newer
        }
    }

    /// No slot.
    @inlinable
    static var none: Int { -1 }

    /// The most total cost kept: inserting past it evicts the least recently used entries.
    public let costLimit: Int
    /// The most entries kept.
    public let countLimit: Int
    /// The cost of the entries kept.
    @inlinable
    public var totalCost: Int { keptCost }
    @usableFromInline var keptCost: Int
    /// Slot by slot: the entry's key and value (nil in a free slot), cost and links.
    @usableFromInline var entries: [(key: Key, value: Value)?]
    @usableFromInline var costs: [Int]
    @usableFromInline var links: [Links]
    @usableFromInline var freeSlots: [Int]
    @usableFromInline var slots: [Key: Int]
    /// Least recently used end.
    @usableFromInline var oldest: Int
    /// Most recently used end.
    @usableFromInline var newest: Int

    /// An empty list.
    ///
    /// - Parameters:
    ///   - costLimit: the most total cost kept.
    ///   - countLimit: the most entries kept.
    @inlinable
    public init(costLimit: Int, countLimit: Int) {
        self.costLimit = costLimit
        self.countLimit = countLimit
        keptCost = 0
        entries = []
        costs = []
        links = []
        freeSlots = []
        slots = [:]
        oldest = Self.none
        newest = Self.none
    }

    /// The number of entries kept.
    @inlinable
    public var count: Int { slots.count }

    /// The keys from least to most recently used (for tests and diagnostics).
    public var keysFromOldest: [Key] {
        var keys: [Key] = []
        var cursor = oldest
        while cursor != Self.none, let entry = entries[cursor] {
            keys.append(entry.key)
            cursor = links[cursor].newer
        }
        return keys
    }

    /// The value for `key`, which becomes the most recently used.
    ///
    /// - Parameter key: the key.
    /// - Returns: the value, or nil when none is kept for `key`.
    @inlinable
    public mutating func value(for key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        if slot != newest {
            unlink(slot)
            linkAsNewest(slot)
        }
        return entries[slot]?.value
    }

    /// Inserts or replaces `value`, then evicts from the old end until the limits hold. A value
    /// costlier than the whole limit is not kept (it would only flush everything else).
    ///
    /// - Parameters:
    ///   - value: the value.
    ///   - key: its key; it becomes the most recently used.
    ///   - cost: what it counts against ``costLimit``.
    @inlinable
    public mutating func insert(_ value: Value, for key: Key, cost: Int) {
        remove(key)
        guard cost <= costLimit, countLimit > 0 else { return }
        let slot: Int
        if let free = freeSlots.popLast() {
            entries[free] = (key, value)
            costs[free] = cost
            slot = free
        } else {
            entries.append((key, value))
            costs.append(cost)
            links.append(Links())
            slot = entries.count - 1
        }
        slots[key] = slot
        keptCost += cost
        linkAsNewest(slot)
        while keptCost > costLimit || slots.count > countLimit, oldest != Self.none, let entry = entries[oldest] {
            remove(entry.key)
        }
    }

    /// Forgets `key`.
    ///
    /// - Parameter key: the key; nothing happens when none is kept for it.
    @inlinable
    public mutating func remove(_ key: Key) {
        guard let slot = slots.removeValue(forKey: key) else { return }
        unlink(slot)
        keptCost -= costs[slot]
        entries[slot] = nil
        costs[slot] = 0
        freeSlots.append(slot)
    }

    /// The least recently used entry that `isEvictable` accepts, without marking it used: for
    /// owners that evict by hand because some entries must stay (a picture on screen). Walks from
    /// the old end, so it costs as many steps as there are refused entries before it.
    ///
    /// - Parameter isEvictable: whether an entry may go.
    /// - Returns: the entry, or nil when there is none it accepts.
    public func oldest(where isEvictable: (Key, Value) -> Bool) -> (key: Key, value: Value)? {
        var cursor = oldest
        while cursor != Self.none, let entry = entries[cursor] {
            if isEvictable(entry.key, entry.value) { return entry }
            cursor = links[cursor].newer
        }
        return nil
    }

    /// Forgets everything; the limits stay.
    public mutating func removeAll() {
        self = LRUList(costLimit: costLimit, countLimit: countLimit)
    }

    @inlinable
    mutating func unlink(_ slot: Int) {
        let link = links[slot]
        if link.older != Self.none { links[link.older].newer = link.newer } else { oldest = link.newer }
        if link.newer != Self.none { links[link.newer].older = link.older } else { newest = link.older }
        links[slot] = Links()
    }

    @inlinable
    mutating func linkAsNewest(_ slot: Int) {
        links[slot] = Links(older: newest, newer: Self.none)
        if newest != Self.none { links[newest].newer = slot } else { oldest = slot }
        newest = slot
    }
}

extension LRUList: Sendable where Key: Sendable, Value: Sendable {}
