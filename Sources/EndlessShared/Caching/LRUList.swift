/// A dictionary that remembers use order and evicts the least recently used entries when a
/// cost or count limit is exceeded. All operations are O(1) (amortised), using a doubly linked
/// list threaded through an array so no node is allocated per entry.
///
/// Not thread-safe: its owners (the image pipeline's memory cache, the simulator's caches of
/// seeded pages and drawn photos) guard it with a lock. Visible to the package's other
/// modules, not to its users.
package struct LRUList<Key: Hashable, Value> {
    fileprivate struct Node {
        var key: Key
        var value: Value
        var cost: Int
        var older: Int?
        var newer: Int?
    }

    package let costLimit: Int
    package let countLimit: Int
    package private(set) var totalCost = 0
    private var nodes: [Node?] = []
    private var freeSlots: [Int] = []
    private var slots: [Key: Int] = [:]
    /// Least recently used end.
    private var oldest: Int?
    /// Most recently used end.
    private var newest: Int?

    package init(costLimit: Int, countLimit: Int) {
        self.costLimit = costLimit
        self.countLimit = countLimit
    }

    package var count: Int { slots.count }

    /// The keys from least to most recently used (for tests and diagnostics).
    package var keysFromOldest: [Key] {
        var keys: [Key] = []
        var cursor = oldest
        while let slot = cursor, let node = nodes[slot] {
            keys.append(node.key)
            cursor = node.newer
        }
        return keys
    }

    /// The value for `key`, which becomes the most recently used.
    package mutating func value(for key: Key) -> Value? {
        guard let slot = slots[key], let node = nodes[slot] else { return nil }
        unlink(slot)
        linkAsNewest(slot)
        return node.value
    }

    /// Inserts or replaces `value`, then evicts from the old end until the limits hold. A value
    /// costlier than the whole limit is not kept (it would only flush everything else).
    package mutating func insert(_ value: Value, for key: Key, cost: Int) {
        remove(key)
        guard cost <= costLimit, countLimit > 0 else { return }
        let node = Node(key: key, value: value, cost: cost, older: nil, newer: nil)
        let slot: Int
        if let free = freeSlots.popLast() {
            nodes[free] = node
            slot = free
        } else {
            nodes.append(node)
            slot = nodes.count - 1
        }
        slots[key] = slot
        totalCost += cost
        linkAsNewest(slot)
        while totalCost > costLimit || slots.count > countLimit, let victim = oldest,
            let node = nodes[victim]
        {
            remove(node.key)
        }
    }

    /// Forgets `key`.
    package mutating func remove(_ key: Key) {
        guard let slot = slots.removeValue(forKey: key), let node = nodes[slot] else { return }
        unlink(slot)
        totalCost -= node.cost
        nodes[slot] = nil
        freeSlots.append(slot)
    }

    /// The least recently used entry that `isEvictable` accepts, without marking it used: for
    /// owners that evict by hand because some entries must stay (a picture on screen). Walks from
    /// the old end, so it costs as many steps as there are refused entries before it.
    package func oldest(where isEvictable: (Key, Value) -> Bool) -> (key: Key, value: Value)? {
        var cursor = oldest
        while let slot = cursor, let node = nodes[slot] {
            if isEvictable(node.key, node.value) { return (node.key, node.value) }
            cursor = node.newer
        }
        return nil
    }

    /// Forgets everything; the limits stay.
    package mutating func removeAll() {
        self = LRUList(costLimit: costLimit, countLimit: countLimit)
    }

    private mutating func unlink(_ slot: Int) {
        guard let node = nodes[slot] else { return }
        if let older = node.older { nodes[older]?.newer = node.newer } else { oldest = node.newer }
        if let newer = node.newer { nodes[newer]?.older = node.older } else { newest = node.older }
        nodes[slot]?.older = nil
        nodes[slot]?.newer = nil
    }

    private mutating func linkAsNewest(_ slot: Int) {
        nodes[slot]?.older = newest
        nodes[slot]?.newer = nil
        if let newest { nodes[newest]?.newer = slot } else { oldest = slot }
        newest = slot
    }
}

extension LRUList: Sendable where Key: Sendable, Value: Sendable {}
extension LRUList.Node: Sendable where Key: Sendable, Value: Sendable {}
