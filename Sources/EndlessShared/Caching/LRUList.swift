/// A dictionary that remembers use order and evicts the least recently used entries when a
/// cost or count limit is exceeded. All operations are O(1) (amortised), using a doubly linked
/// list threaded through an array so no node is allocated per entry.
///
/// Not thread-safe: its owners (the image pipeline's memory cache, the simulator's caches of
/// seeded pages and drawn photos) guard it with a lock. Visible to the package's other
/// modules, not to its users.
package struct LRUList<Key: Hashable, Value> {
    /// An entry's links: plain integers, so moving an entry to the newest end touches no key
    /// or value (copying those, in code not specialized for them, cost more than the rest of a
    /// lookup: issue 29).
    fileprivate struct Links {
        var older = LRUList.none
        var newer = LRUList.none
    }

    /// No slot.
    fileprivate static var none: Int { -1 }

    package let costLimit: Int
    package let countLimit: Int
    package private(set) var totalCost = 0
    /// Slot by slot: the entry's key and value (nil in a free slot), cost and links.
    private var entries: [(key: Key, value: Value)?] = []
    private var costs: [Int] = []
    private var links: [Links] = []
    private var freeSlots: [Int] = []
    private var slots: [Key: Int] = [:]
    /// Least recently used end.
    private var oldest = LRUList.none
    /// Most recently used end.
    private var newest = LRUList.none

    package init(costLimit: Int, countLimit: Int) {
        self.costLimit = costLimit
        self.countLimit = countLimit
    }

    package var count: Int { slots.count }

    /// The keys from least to most recently used (for tests and diagnostics).
    package var keysFromOldest: [Key] {
        var keys: [Key] = []
        var cursor = oldest
        while cursor != Self.none, let entry = entries[cursor] {
            keys.append(entry.key)
            cursor = links[cursor].newer
        }
        return keys
    }

    /// The value for `key`, which becomes the most recently used.
    package mutating func value(for key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        if slot != newest {
            unlink(slot)
            linkAsNewest(slot)
        }
        return entries[slot]?.value
    }

    /// Inserts or replaces `value`, then evicts from the old end until the limits hold. A value
    /// costlier than the whole limit is not kept (it would only flush everything else).
    package mutating func insert(_ value: Value, for key: Key, cost: Int) {
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
        totalCost += cost
        linkAsNewest(slot)
        while totalCost > costLimit || slots.count > countLimit, oldest != Self.none, let entry = entries[oldest] {
            remove(entry.key)
        }
    }

    /// Forgets `key`.
    package mutating func remove(_ key: Key) {
        guard let slot = slots.removeValue(forKey: key) else { return }
        unlink(slot)
        totalCost -= costs[slot]
        entries[slot] = nil
        costs[slot] = 0
        freeSlots.append(slot)
    }

    /// The least recently used entry that `isEvictable` accepts, without marking it used: for
    /// owners that evict by hand because some entries must stay (a picture on screen). Walks from
    /// the old end, so it costs as many steps as there are refused entries before it.
    package func oldest(where isEvictable: (Key, Value) -> Bool) -> (key: Key, value: Value)? {
        var cursor = oldest
        while cursor != Self.none, let entry = entries[cursor] {
            if isEvictable(entry.key, entry.value) { return entry }
            cursor = links[cursor].newer
        }
        return nil
    }

    /// Forgets everything; the limits stay.
    package mutating func removeAll() {
        self = LRUList(costLimit: costLimit, countLimit: countLimit)
    }

    private mutating func unlink(_ slot: Int) {
        let link = links[slot]
        if link.older != Self.none { links[link.older].newer = link.newer } else { oldest = link.newer }
        if link.newer != Self.none { links[link.newer].older = link.older } else { newest = link.older }
        links[slot] = Links()
    }

    private mutating func linkAsNewest(_ slot: Int) {
        links[slot] = Links(older: newest, newer: Self.none)
        if newest != Self.none { links[newest].newer = slot } else { oldest = slot }
        newest = slot
    }
}

extension LRUList: Sendable where Key: Sendable, Value: Sendable {}
