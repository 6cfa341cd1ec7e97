import EndlessTesting
import Testing

@testable import Endless

@MainActor
@Suite("Feed: maxLoadedItems", .timeLimit(TimeBudget.minutes(2)))
struct FeedMemoryTests {
    private static let bounded = FeedConfiguration(maxLoadedItems: 100, minimumIndicatorDuration: .zero)

    /// Scrolls one row at a time, as a list reporting appearing rows does, and records what
    /// each row showed.
    private func scroll(_ harness: FeedHarness, through rows: some Sequence<Int>, into seen: inout [Int: ScriptedItem])
        async
    {
        for row in rows {
            await harness.see([row])
            guard let item = harness.feed.items.item(at: row) else {
                Issue.record("row \(row) not loaded after scrolling to it")
                return
            }
            if let earlier = seen[row] { #expect(earlier == item, "row \(row) changed") }
            seen[row] = item
            #expect(harness.feed.items.count <= 100)
        }
    }

    @Test("far pages are dropped as the person scrolls down; indices of the rest stay put")
    func dropsFarPages() async {
        let harness = FeedHarness(configuration: Self.bounded, repeatEvery: 7)
        await harness.loadFirstPage()
        var seen: [Int: ScriptedItem] = [:]
        await scroll(harness, through: 0..<300, into: &seen)
        let items = harness.feed.items
        #expect(items.placeholdersBefore > 0)
        #expect(items.placeholdersBefore + items.count == items.endIndex)
        #expect(items.indices.allSatisfy { items[$0] == seen[$0] || $0 >= 300 })
        #expect(harness.feed.loadStates.prepend.isIdle)  // there is something to reload above
    }

    @Test("scrolling back reloads dropped pages by key, at the same indices, in both directions")
    func reloadsByKey() async {
        let harness = FeedHarness(configuration: Self.bounded, repeatEvery: 7)
        await harness.loadFirstPage()
        var seen: [Int: ScriptedItem] = [:]
        await scroll(harness, through: 0..<300, into: &seen)
        let requestsDown = harness.source.requests.count
        await scroll(harness, through: (0..<300).reversed(), into: &seen)

        let reloads = harness.source.requests.dropFirst(requestsDown)
        #expect(reloads.allSatisfy { $0.direction == .prepend })
        #expect(reloads.compactMap(\.key) == Array((0..<reloads.count).reversed()))
        #expect(harness.feed.items.startIndex == 0)
        #expect(harness.feed.items.placeholdersAfter > 0)
        #expect(harness.feed.loadStates.prepend.isEndReached)

        await scroll(harness, through: 0..<320, into: &seen)  // and down again, over dropped pages
        #expect(harness.source.requests.suffix(3).allSatisfy { $0.direction == .append })
        #expect(harness.feed.items.placeholdersAfter == 0)
    }

    @Test("a page the person has scrolled back to is not dropped, so it is not reloaded at once")
    func noThrash() async {
        let harness = FeedHarness(configuration: FeedConfiguration(maxLoadedItems: 60, minimumIndicatorDuration: .zero))
        await harness.loadFirstPage()
        await harness.see(0..<40)
        #expect(harness.feed.items.indices == 0..<60)  // the window is full

        harness.source.closeGate()
        harness.feed.itemAppeared(at: 45)  // asks for page 3…
        await harness.source.waitingRequests(atLeast: 1)
        harness.feed.itemAppeared(at: 50)  // …scrolls on while it loads…
        harness.feed.itemAppeared(at: 10)  // …and goes back up before it lands
        harness.source.openGate()
        await harness.settle()

        #expect(harness.feed.items.startIndex == 0)
        #expect(harness.feed.items.endIndex == 80)
        #expect(!harness.source.requests.contains { $0.direction == .prepend })
    }

    @Test("memory stays bounded over 1,000,000 items (200,000 under a sanitizer, 40 times the window still)")
    func millionItems() async {
        let configuration = FeedConfiguration(pageSize: 1000, maxLoadedItems: 5000, minimumIndicatorDuration: .zero)
        let harness = FeedHarness(configuration: configuration)
        let total = TimeBudget.isSanitized ? 200_000 : 1_000_000
        await harness.loadFirstPage()
        var mostLoaded = 0
        while harness.feed.items.endIndex < total {
            guard await harness.see([harness.feed.items.endIndex - 1]) else { break }
            mostLoaded = max(mostLoaded, harness.feed.items.count)
        }
        #expect(mostLoaded <= 5000)
        #expect(harness.feed.items.placeholdersBefore >= total - 5000)
        #expect(harness.feed.pageKeys.count <= 5)
        // What remains of the dropped pages is a few words each: key, sizes, skipped positions.
        #expect(harness.feed.store.droppedBefore.count == harness.feed.items.placeholdersBefore / 1000)
        #expect(harness.feed.store.droppedBefore.allSatisfy { $0.skipped.isEmpty })
    }

    @Test("a dropped page that comes back different is an error, not a shifted list")
    func pageChanged() async {
        let harness = FeedHarness(configuration: Self.bounded)
        await harness.loadFirstPage()
        var seen: [Int: ScriptedItem] = [:]
        await scroll(harness, through: 0..<200, into: &seen)
        let firstLoaded = harness.feed.items.startIndex
        let reloadKey = firstLoaded / 20 - 1
        harness.source.script(.items([ScriptedItem(id: -1)]), forPage: reloadKey)
        await harness.see([firstLoaded])
        #expect(
            harness.feed.loadStates.prepend.error as? FeedError
                == .pageChanged(direction: .prepend, expectedCount: 20, receivedCount: 1))
        #expect(harness.feed.items.startIndex == firstLoaded)
        #expect(harness.feed.items.item(at: firstLoaded) == seen[firstLoaded])
    }

    @Test("a refresh starts over: no placeholders, indices from 0")
    func refreshClearsPlaceholders() async {
        let harness = FeedHarness(configuration: Self.bounded)
        await harness.loadFirstPage()
        var seen: [Int: ScriptedItem] = [:]
        await scroll(harness, through: 0..<200, into: &seen)
        await harness.feed.refresh()
        #expect(harness.feed.items.indices == 0..<20)
        #expect(harness.feed.items.totalCount == 20)
        #expect(harness.feed.loadStates.prepend.isEndReached)
    }
}
