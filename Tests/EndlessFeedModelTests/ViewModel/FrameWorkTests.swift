import Endless
import EndlessTesting
import Foundation
import Synchronization
import Testing

@testable import EndlessFeedModel

/// Issue 29: a frame's work in the view model is in proportion to what changed. A `j` that only
/// moves the selection reads no row and asks the loader for nothing; a scroll by one row reads
/// the rows new to the screen, and the pictures asked for are the ones asked for afresh.
@Suite("Frame work", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct FrameWorkTests {
    typealias F = ListFixtures

    /// Counts what the loader is asked.
    @MainActor
    final class CountingLoader: FeedImageLoading {
        var shows: [(visible: [FeedImage], upcoming: [FeedImage])] = []
        var shownRevision = 0

        func show(_ visible: [FeedImage], upcoming: [FeedImage]) {
            shows.append((visible, upcoming))
        }

        func cancelAll() {
            shownRevision += 1
        }
    }

    /// Counts the row pictures described, from any thread.
    final class Counter: Sendable {
        private let count = Atomic(0)
        var value: Int { count.load(ordering: .relaxed) }
        func add() { count.add(1, ordering: .relaxed) }
    }

    nonisolated static func picture(_ entry: F.Entry) -> FeedImage {
        FeedImage(url: URL(string: "http://127.0.0.1:9/\(entry.id).jpg") ?? URL(fileURLWithPath: "/"), size: .init(width: 8, height: 8))
    }

    static func model(_ loader: CountingLoader, counter: Counter, clock: ManualClock) -> F.Model {
        let feed = Feed(
            source: F.source(clock: clock), configuration: FeedConfiguration(pageSize: 20, minimumIndicatorDuration: .zero), clock: clock)
        var descriptor = F.descriptor()
        descriptor.rowImage = { entry, _ in
            counter.add()
            return picture(entry)
        }
        return FeedViewModel(feed: feed, descriptor: descriptor, images: loader, clock: clock, now: { F.now })
    }

    @Test("a j that only moves the selection asks the loader for nothing and reads no row; a scroll by one reads one row")
    func heldJ() async throws {
        let clock = ManualClock()
        let loader = CountingLoader()
        let counter = Counter()
        let model = Self.model(loader, counter: counter, clock: clock)
        model.start()
        await model.wait { $0.rowCount == 20 }
        model.visibleRangeChanged(0..<10)
        await model.wait { $0.rowCount == 40 && !$0.feed.loadStates.append.isLoading }
        model.visibleRangeChanged(0..<10)
        let shows = loader.shows.count
        let described = counter.value
        #expect(shows >= 1)
        let last = try #require(loader.shows.last)
        #expect(last.visible == (0..<10).map { Self.picture(F.entry($0)) })
        #expect(last.upcoming.map(\.url) == (10..<20).map { Self.picture(F.entry($0)).url })

        // j, j, j: the selection moves, the rows on screen stay.
        for _ in 0..<3 {
            model.perform(.moveDown, visibleRows: 10)
            model.visibleRangeChanged(0..<10)
        }
        #expect(loader.shows.count == shows)
        #expect(counter.value == described)

        // The list scrolls by one: the loader hears of the new rows; only the rows new on
        // screen or below are described.
        model.visibleRangeChanged(1..<11)
        #expect(loader.shows.count == shows + 1)
        #expect(loader.shows.last?.visible.first == Self.picture(F.entry(1)))
        #expect(loader.shows.last?.upcoming.last?.url == Self.picture(F.entry(20)).url)
        #expect(counter.value == described + 1)

        // The loader forgot what it was shown (the tab was hidden): the same rows are shown again.
        model.images?.cancelAll()
        model.visibleRangeChanged(1..<11)
        #expect(loader.shows.count == shows + 2)
        #expect(counter.value == described + 1)
    }

    @Test("a row changed in place is read again, and its picture asked for anew")
    func changedRow() async throws {
        let clock = ManualClock()
        let loader = CountingLoader()
        let counter = Counter()
        let model = Self.model(loader, counter: counter, clock: clock)
        model.start()
        await model.wait { $0.rowCount == 20 }
        model.visibleRangeChanged(0..<5)
        let before = try #require(model.listedRow(at: 3))
        let shows = loader.shows.count
        let described = counter.value
        #expect(model.feed.update(id: "entry-3") { $0 = F.Entry(id: "entry-3", title: "Renamed") })
        model.visibleRangeChanged(0..<5)
        let after = try #require(model.listedRow(at: 3))
        #expect(after.stamp != before.stamp)
        #expect(after.id == "entry-3")
        #expect(loader.shows.count == shows + 1)
        #expect(counter.value > described)
    }
}
