import Endless
import EndlessTesting
import Testing

/// update(id:) and remove(id:): single items changed in place, kept across drops and reloads.
@MainActor
@Suite("Feed: update and remove", .timeLimit(TimeBudget.minutes(1)))
struct FeedEditingTests {
    private static let bounded = FeedConfiguration(maxLoadedItems: 60, minimumIndicatorDuration: .zero)

    /// Scrolls a 10-row screen from `rows.first` to `rows.last` in steps of 5.
    private func scroll(_ harness: FeedHarness, _ rows: StrideThrough<Int>) async {
        for top in rows {
            harness.feed.visibleRangeChanged(top..<top + 10)
            await harness.settle()
        }
    }

    @Test("an updated item shows at once, and again after its page is dropped and reloaded")
    func updateSurvivesReload() async {
        let harness = FeedHarness(configuration: Self.bounded)
        await harness.loadFirstPage()
        #expect(harness.feed.update(id: 5) { $0 = ScriptedItem(id: 5, position: 5_000) })
        #expect(harness.feed.items.item(at: 5)?.position == 5_000)

        await scroll(harness, stride(from: 0, through: 200, by: 5))
        #expect(harness.feed.items.item(at: 5) == nil)  // dropped
        await scroll(harness, stride(from: 200, through: 0, by: -5))
        #expect(harness.feed.items.item(at: 5)?.position == 5_000)  // reloaded with the change
        #expect(harness.source.requests.contains { $0.direction == .prepend && $0.key == 0 })
    }

    @Test("an update that changes the id, or of an item not loaded, changes nothing")
    func updateRefused() async {
        let harness = FeedHarness()
        await harness.loadFirstPage()
        #expect(!harness.feed.update(id: 5) { $0 = ScriptedItem(id: 999) })
        #expect(harness.feed.items.ids == Array(0..<20))
        #expect(!harness.feed.update(id: 500) { _ in })
        #expect(!harness.feed.remove(id: 500))
    }

    @Test("a removed item leaves the list (later rows move up), stays out after a reload, and its repeats are skipped")
    func removeSurvivesReload() async {
        let harness = FeedHarness(configuration: Self.bounded)
        await harness.loadFirstPage()
        #expect(harness.feed.remove(id: 3))
        #expect(harness.feed.items.ids == Array(0..<3) + Array(4..<20))
        #expect(harness.feed.items.totalCount == 19)
        #expect(harness.feed.index(of: 4) == 3)

        // Page 1 repeats id 3 (a draw with replacement): it stays out.
        let page1 = [ScriptedItem(id: 3, position: 20)] + (21..<40).map { ScriptedItem(id: $0) }
        harness.source.script(.items(page1), forPage: 1)
        await scroll(harness, stride(from: 0, through: 10, by: 5))
        #expect(!harness.feed.items.ids.contains(3))
        let before = Dictionary(uniqueKeysWithValues: harness.feed.items.indices.map { ($0, harness.feed.items[$0]) })

        await scroll(harness, stride(from: 10, through: 200, by: 5))
        await scroll(harness, stride(from: 200, through: 0, by: -5))
        #expect(harness.feed.items.startIndex == 0)
        for (index, item) in before where harness.feed.items.indices.contains(index) {
            #expect(harness.feed.items[index] == item, "row \(index) changed after the reload")
        }
        #expect(!harness.feed.items.ids.contains(3))
        #expect(harness.feed.loadStates.prepend.isEndReached)  // the reload fitted: no pageChanged
    }

    @Test("a refresh shows the source's items again: edits last until then")
    func refreshEndsEdits() async {
        let harness = FeedHarness()
        await harness.loadFirstPage()
        harness.feed.update(id: 1) { $0 = ScriptedItem(id: 1, position: 1_000) }
        harness.feed.remove(id: 2)
        await harness.feed.refresh()
        #expect(harness.feed.items.ids == Array(0..<20))
        #expect(harness.feed.items.item(at: 1)?.position == 1)
    }
}
