import EndlessTesting
import Testing

@testable import Endless

@Suite("FeedItems")
struct FeedItemsTests {
    private func items(_ ids: Range<Int>) -> [ScriptedItem] { ids.map { ScriptedItem(id: $0) } }

    private func three() -> FeedItems<ScriptedItem> {
        var collection = FeedItems<ScriptedItem>()
        collection.appendPage(items(0..<3))
        collection.appendPage([])  // a page of duplicates only
        collection.appendPage(items(3..<5))
        collection.appendPage(items(5..<8))
        return collection
    }

    @Test("indices run across pages, empty pages included, and iteration is in order")
    func indexing() throws {
        let collection = three()
        try #require(collection.indices == 0..<8)
        #expect(collection.map(\.id) == Array(0..<8))
        #expect((0..<8).map { collection[$0].id } == Array(0..<8))
        #expect(collection.item(at: 8) == nil)
        #expect(collection.item(at: -1) == nil)
        #expect(collection.totalCount == 8)
    }

    @Test("dropped pages become placeholders; the indices of the rest do not move")
    func drops() throws {
        var collection = three()
        _ = collection.dropFirstPage()
        _ = collection.dropLastPage()
        try #require(collection.indices == 3..<5)
        #expect(collection.placeholdersBefore == 3)
        #expect(collection.placeholdersAfter == 3)
        #expect(collection.totalCount == 8)
        #expect(collection[3].id == 3 && collection[4].id == 4)
        #expect(collection.item(at: 0) == nil)
        // Every lookup by position answers for the loaded rows only, at both edges.
        for position in [-1, 2, 5, 8] {
            #expect(!collection.isLoaded(position) && collection.item(at: position) == nil, "row \(position)")
            #expect(collection.stamp(at: position) == nil, "row \(position)")
            #expect(collection.withItem(at: position) { $0.id } == nil, "row \(position)")
        }
        #expect(collection.isLoaded(3) && collection.isLoaded(4))
        #expect(collection.stamp(at: 3) != nil && collection.stamp(at: 4) != nil)
        #expect(collection.withItem(at: 4) { $0.id } == 4)
    }

    @Test("a reloaded page fills its placeholders at the same indices")
    func reloads() {
        var collection = three()
        _ = collection.dropFirstPage()
        _ = collection.dropLastPage()
        collection.prependPage(items(0..<3), intoPlaceholders: true)
        collection.appendPageIntoPlaceholders(items(5..<8))
        #expect(collection == three())
    }

    @Test("a page never seen before put in front moves every index up by its size")
    func genuinePrepend() throws {
        var collection = FeedItems<ScriptedItem>()
        collection.appendPage(items(10..<12))
        collection.prependPage(items(8..<10), intoPlaceholders: false)
        try #require(collection.indices == 0..<4)
        #expect(collection.map(\.id) == [8, 9, 10, 11])
        #expect(collection[2].id == 10)
    }
}
