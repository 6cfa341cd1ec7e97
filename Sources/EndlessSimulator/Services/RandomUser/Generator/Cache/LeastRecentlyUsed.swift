/// A map with a cost budget that forgets its least recently used entries first.
///
/// Entries live in an array of nodes linked into a recency list by index (no node is a
/// separate allocation), with a dictionary from key to node; lookups, insertions and
/// evictions are O(1). Not thread-safe: ``SeededBodyCache`` holds it behind a lock.
struct LeastRecentlyUsed<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        var value: Value
        var cost: Int
        var newer: Int?
        var older: Int?
    }

    let budget: Int
    private(set) var cost = 0
    private var nodes: [Node?] = []
    private var free: [Int] = []
    private var index: [Key: Int] = [:]
    /// The most and the least recently used node.
    private var newest: Int?
    private var oldest: Int?

    init(budget: Int) {
        self.budget = budget
    }

    var count: Int { index.count }

    /// The value for `key`, which becomes the most recently used.
    mutating func value(for key: Key) -> Value? {
        guard let slot = index[key], let node = nodes[slot] else { return nil }
        unlink(slot)
        linkAsNewest(slot)
        return node.value
    }

    /// Stores `value` for `key` (replacing what was there), then forgets the least recently
    /// used entries until the total cost is within the budget. A value costing more than
    /// the whole budget is not stored.
    mutating func insert(_ value: Value, for key: Key, cost: Int) {
        remove(key)
        guard cost <= budget else { return }
        let node = Node(key: key, value: value, cost: cost, newer: nil, older: nil)
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            nodes[slot] = node
        } else {
            slot = nodes.count
            nodes.append(node)
        }
        index[key] = slot
        self.cost += cost
        linkAsNewest(slot)
        while self.cost > budget, let victim = oldest, let node = nodes[victim] {
            remove(node.key)
        }
    }

    /// Forgets `key`.
    mutating func remove(_ key: Key) {
        guard let slot = index.removeValue(forKey: key), let node = nodes[slot] else { return }
        unlink(slot)
        cost -= node.cost
        nodes[slot] = nil
        free.append(slot)
    }

    private mutating func unlink(_ slot: Int) {
        guard let node = nodes[slot] else { return }
        if let newer = node.newer { nodes[newer]?.older = node.older } else { newest = node.older }
        if let older = node.older { nodes[older]?.newer = node.newer } else { oldest = node.newer }
        nodes[slot]?.newer = nil
        nodes[slot]?.older = nil
    }

    private mutating func linkAsNewest(_ slot: Int) {
        nodes[slot]?.older = newest
        nodes[slot]?.newer = nil
        if let newest { nodes[newest]?.newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
    }
}
