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

    @Test("the layout (the items without the items) answers for the rows: their count, which are loaded, and stamps that follow each item")
    func layout() throws {
        var collection = three()
        _ = collection.dropFirstPage()
        let layout = collection.layout
        #expect(layout.totalCount == 8 && layout.endIndex == 8)
        #expect((-1...9).filter(layout.isLoaded) == Array(3..<8))
        #expect(layout.stamp(at: 2) == nil && layout.stamp(at: 8) == nil)
        let before = try (3..<8).map { try #require(layout.stamp(at: $0)) }
        #expect(Set(before).count == 5, "each row its own stamp")
        #expect(before[0].page == before[1].page && before[0].page != before[2].page, "rows of a page share its stamp")
        // A page put back in front leaves the others' stamps as they were; an item replaced
        // gives its page a new stamp.
        collection.prependPage(items(0..<3), intoPlaceholders: true)
        #expect(try (3..<8).map { try #require(collection.layout.stamp(at: $0)) } == before)
        collection.replace(at: 3, with: ScriptedItem(id: 30))
        #expect(collection.layout.stamp(at: 3) != before[0] && collection.layout.stamp(at: 4) != before[1])
        #expect(collection.layout.stamp(at: 5) == before[2])
    }

    @Test("the stamps of a range of rows, found in one walk, are each row's stamp, across empty pages and placeholders")
    func stampsOfARange() {
        var collection = three()
        collection.appendPage([])
        collection.appendPage(items(8..<12))
        var layouts = [collection.layout]
        _ = collection.dropFirstPage()
        layouts.append(collection.layout)
        _ = collection.dropLastPage()
        layouts.append(collection.layout)
        layouts.append(FeedItems<ScriptedItem>().layout)
        for layout in layouts {
            for lower in -2...13 {
                for upper in lower...14 {
                    let range = lower..<upper
                    #expect(layout.stamps(in: range) == range.map { layout.stamp(at: $0) }, "\(range)")
                }
            }
        }
    }
}
