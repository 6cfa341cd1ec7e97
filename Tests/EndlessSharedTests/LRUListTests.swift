import EndlessShared
import Testing

@Suite("LRU list")
struct LRUListTests {
    @Test("the LRU list keeps its order through updates and removals")
    func lruOrder() {
        var list = LRUList<String, Int>(costLimit: 100, countLimit: 100)
        for (index, key) in ["a", "b", "c", "d"].enumerated() { list.insert(index, for: key, cost: 1) }
        _ = list.value(for: "b")
        list.insert(9, for: "a", cost: 2)
        list.remove("c")
        #expect(list.keysFromOldest == ["d", "b", "a"])
        #expect(list.totalCost == 4)
        list.insert(1, for: "e", cost: 1)  // reuses c's slot
        #expect(list.keysFromOldest == ["d", "b", "a", "e"])
    }

    @Test("the LRU list evicts by cost in recency order and reuses its slots (the simulator's seeded pages: no count limit)")
    func lruCostEviction() {
        var map = LRUList<String, Int>(costLimit: 10, countLimit: .max)
        map.insert(1, for: "a", cost: 4)
        map.insert(2, for: "b", cost: 4)
        #expect(map.value(for: "a") == 1)  // a is now newer than b
        map.insert(3, for: "c", cost: 4)  // 12 > 10: b goes
        #expect(map.value(for: "b") == nil)
        #expect(map.value(for: "a") == 1 && map.value(for: "c") == 3)
        #expect(map.totalCost == 8 && map.count == 2)
        map.insert(4, for: "a", cost: 2)  // replaces
        #expect(map.value(for: "a") == 4 && map.totalCost == 6)
        map.insert(5, for: "huge", cost: 11)
        #expect(map.value(for: "huge") == nil && map.count == 2)
        for index in 0..<100 { map.insert(index, for: "k\(index)", cost: 1) }
        #expect(map.count == 10 && map.totalCost == 10 && map.value(for: "k99") == 99 && map.value(for: "k89") == nil)
        map.remove("k99")
        #expect(map.count == 9 && map.value(for: "k99") == nil)
    }

    @Test("the oldest entry an owner may evict is found from the old end, and finding it does not mark it used")
    func oldestWhere() {
        var list = LRUList<String, Int>(costLimit: .max, countLimit: .max)
        for (index, key) in ["a", "b", "c"].enumerated() { list.insert(index, for: key, cost: 1) }
        #expect(list.oldest(where: { key, _ in key != "a" })?.key == "b")
        #expect(list.oldest(where: { _, value in value == 2 })?.value == 2)
        #expect(list.oldest(where: { _, _ in false }) == nil)
        #expect(list.keysFromOldest == ["a", "b", "c"])
    }
}
