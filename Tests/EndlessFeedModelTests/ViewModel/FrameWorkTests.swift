import EndlessTesting
import Foundation
import Observation
import Synchronization
import Testing

@testable import Endless
@testable import EndlessFeedModel

/// Issue 29: a frame's work in the view model is in proportion to what changed. A `j` that only
/// moves the selection reads no row and asks the loader for nothing; a scroll by one row reads
/// the rows new to the screen, and the pictures asked for are the ones asked for afresh.
@Suite("Frame work", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct FrameWorkTests {
    typealias F = ListFixtures

    /// Counts what the loader is told, and keeps what it holds.
    @MainActor
    final class CountingLoader: FeedImageLoading {
        var updates: [FeedImageChanges] = []
        var shownRevision = 0
        /// The pictures the loader holds now, by URL, at their priority.
        var held: [URL: FeedImage.Priority] = [:]

        func update(_ changes: FeedImageChanges) {
            updates.append(changes)
            for picture in changes.unwanted { held[picture.url] = nil }
            for picture in changes.wanted { held[picture.url] = picture.priority }
        }

        func cancelAll() {
            shownRevision += 1
            held = [:]
        }

        /// What a loader told the whole screen would hold: rows on screen visible, rows below
        /// prefetch.
        static func holding(visible: Range<Int>, below: Range<Int>) -> [URL: FeedImage.Priority] {
            var held: [URL: FeedImage.Priority] = [:]
            for row in visible { held[FrameWorkTests.picture(F.entry(row)).url] = .visible }
            for row in below { held[FrameWorkTests.picture(F.entry(row)).url] = .prefetch }
            return held
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

    static func model(
        _ loader: CountingLoader, counter: Counter, clock: ManualClock,
        picture: @escaping @Sendable (F.Entry) -> FeedImage = { FrameWorkTests.picture($0) }, grouped: Bool = false
    ) -> F.Model {
        let feed = Feed(
            source: F.source(clock: clock), configuration: FeedConfiguration(pageSize: 20, minimumIndicatorDuration: .zero), clock: clock)
        var descriptor = F.descriptor()
        descriptor.rowImage = { entry, _ in
            counter.add()
            return picture(entry)
        }
        let model = FeedViewModel(feed: feed, descriptor: descriptor, images: loader, clock: clock, now: { F.now })
        // These tests follow the bookkeeping row by row; `picturesInGroups` the grouping.
        if !grouped { model.pictureRowGroup = 1 }
        model.feedRowGroup = 1  // they count the pages the rows on screen load; `feedToldInGroups` groups
        return model
    }

    /// ``model(_:counter:clock:picture:)`` started, with its first page of 20 rows in.
    static func started(
        _ loader: CountingLoader, counter: Counter, clock: ManualClock,
        picture: @escaping @Sendable (F.Entry) -> FeedImage = { FrameWorkTests.picture($0) }, grouped: Bool = false
    ) async -> F.Model {
        let model = Self.model(loader, counter: counter, clock: clock, picture: picture, grouped: grouped)
        model.start()
        await model.wait { $0.rowCount == 20 }
        return model
    }

    @Test("a j that only moves the selection asks the loader for nothing and reads no row; a scroll by one reads one row")
    func heldJ() async throws {
        let clock = ManualClock()
        let loader = CountingLoader()
        let counter = Counter()
        let model = await Self.started(loader, counter: counter, clock: clock)
        model.visibleRangeChanged(0..<10)
        await model.wait { $0.rowCount == 40 && !$0.feed.loadStates.append.isLoading }
        model.visibleRangeChanged(0..<10)
        let updates = loader.updates.count
        let described = counter.value
        #expect(updates >= 1)
        #expect(loader.held == CountingLoader.holding(visible: 0..<10, below: 10..<20))

        // j, j, j: the selection moves, the rows on screen stay.
        for _ in 0..<3 {
            model.perform(.moveDown, visibleRows: 10)
            model.visibleRangeChanged(0..<10)
        }
        #expect(loader.updates.count == updates)
        #expect(counter.value == described)

        // The list scrolls by one: the loader hears of the three pictures that moved, no
        // other; only the row new below is described.
        model.visibleRangeChanged(1..<11)
        #expect(loader.updates.count == updates + 1)
        let scroll = try #require(loader.updates.last)
        #expect(scroll.unwanted == [Self.picture(F.entry(0))])
        var onScreen = Self.picture(F.entry(10))
        onScreen.priority = .visible
        var below = Self.picture(F.entry(20))
        below.priority = .prefetch
        #expect(scroll.wanted == [onScreen, below])
        #expect(loader.held == CountingLoader.holding(visible: 1..<11, below: 11..<21))
        #expect(counter.value == described + 1)

        // The loader forgot what it was told (the tab was hidden): every picture is told again.
        model.images?.cancelAll()
        model.visibleRangeChanged(1..<11)
        #expect(loader.updates.count == updates + 2)
        #expect(loader.updates.last?.wanted.count == 20)
        #expect(loader.held == CountingLoader.holding(visible: 1..<11, below: 11..<21))
        #expect(counter.value == described + 1)
    }

    @Test("scrolling up, jumping and shrinking leave the loader holding exactly the screen's pictures and a screenful below")
    func scrollsEveryWay() async throws {
        let clock = ManualClock()
        let loader = CountingLoader()
        let model = await Self.started(loader, counter: Counter(), clock: clock)
        model.visibleRangeChanged(0..<10)
        await model.wait { $0.rowCount == 40 && !$0.feed.loadStates.append.isLoading }
        let steps: [Range<Int>] = [5..<15, 4..<14, 2..<12, 20..<30, 21..<26, 18..<28, 0..<10]
        for visible in steps {
            model.visibleRangeChanged(visible)
            // Bounded below too: rows fewer than expected fail the expectation, not the run.
            let below = visible.upperBound..<max(visible.upperBound, min(model.rowCount, visible.upperBound + visible.count))
            #expect(loader.held == CountingLoader.holding(visible: visible, below: below), "at \(visible)")
        }
        // Scrolled up by one: the row that came on screen, the row that went below (it warms
        // now), the row that left from below.
        model.visibleRangeChanged(1..<11)
        model.visibleRangeChanged(0..<10)
        var onScreen = Self.picture(F.entry(0))
        onScreen.priority = .visible
        var goneBelow = Self.picture(F.entry(10))
        goneBelow.priority = .prefetch
        var left = Self.picture(F.entry(20))
        left.priority = .prefetch
        #expect(loader.updates.last == FeedImageChanges(wanted: [onScreen, goneBelow], unwanted: [left]))
    }

    @Test("rows reported past the end of the list (a refresh shortened it since the frame) want only the rows it has")
    func rowsPastTheEnd() async throws {
        let clock = ManualClock()
        let loader = CountingLoader()
        let model = await Self.started(loader, counter: Counter(), clock: clock)
        model.visibleRangeChanged(15..<30)
        #expect(loader.held == CountingLoader.holding(visible: 15..<20, below: 20..<20))
        model.visibleRangeChanged(40..<50)
        #expect(loader.held == CountingLoader.holding(visible: 20..<20, below: 20..<20))
        // Any range at all, through the public call: nothing past the list, no overflow.
        model.visibleRangeChanged((Int.max - 10)..<Int.max)
        #expect(loader.held == CountingLoader.holding(visible: 20..<20, below: 20..<20))
        model.visibleRangeChanged(-5..<3)
        #expect(loader.held == CountingLoader.holding(visible: 0..<3, below: 3..<6))
    }

    @Test("rows on screen are told in groups: a held j tells the loader a group's pictures at once, and nothing at the keys between")
    func picturesInGroups() async throws {
        let clock = ManualClock()
        let loader = CountingLoader()
        let counter = Counter()
        let model = await Self.started(loader, counter: counter, clock: clock, grouped: true)
        let group = model.pictureRowGroup
        #expect(group == 16)
        model.visibleRangeChanged(0..<10)
        await model.wait { $0.rowCount == 40 && !$0.feed.loadStates.append.isLoading }
        model.visibleRangeChanged(0..<10)
        // Rows 0..<10 and the 15 after them wanted on screen; a screenful (10 rows) below.
        #expect(loader.held == CountingLoader.holding(visible: 0..<25, below: 25..<35))
        let updates = loader.updates.count
        let described = counter.value

        // Scrolled by one, fifteen times: the first row on screen stays in the first group, and
        // the rows on screen within the window told (the last, 15..<25, its last rows).
        for top in 1...15 { model.visibleRangeChanged(top..<(top + 10)) }
        #expect(loader.updates.count == updates)
        #expect(counter.value == described)

        // Row 16 is the first on screen: the window moves by the whole group, all in one
        // change; the rows new near the screen (past the 35 told before) are described once.
        model.visibleRangeChanged(group..<(group + 10))
        #expect(loader.updates.count == updates + 1)
        #expect(loader.held == CountingLoader.holding(visible: group..<40, below: 40..<40))
        #expect(counter.value == described + (40 - 35))
    }

    @Test("the feed is told the rows on screen a group at once, reaching 15 rows past them; a refresh is told them exactly, and keeps the first")
    func feedToldInGroups() async throws {
        let clock = ManualClock()
        let model = await Self.started(CountingLoader(), counter: Counter(), clock: clock)
        model.feedRowGroup = 16
        model.visibleRangeChanged(0..<10)
        #expect(model.feed.demand.window == 0...24)
        await model.wait { $0.rowCount >= 40 && !$0.feed.loadStates.append.isLoading }
        // A held j within the group: the feed hears nothing, however the rows on screen move.
        for top in 1...15 {
            model.visibleRangeChanged(top..<(top + 10))
            #expect(model.feed.demand.window == 0...24)
        }
        // Row 16 first on screen: the window moves by the whole group, at once.
        model.visibleRangeChanged(16..<26)
        #expect(model.feed.demand.window == 16...40)
        // A refresh keeps the place of the first row on screen, not of the group's first.
        model.visibleRangeChanged(17..<27)
        #expect(model.feed.demand.window == 16...40)
        await model.refresh()
        #expect(model.feed.refreshAnchorIndex == 17)
        #expect(model.feed.demand.window == 17...26)
        // The next frame tells the group again.
        model.visibleRangeChanged(17..<27)
        #expect(model.feed.demand.window == 16...40)
        // Any range at all (a public call): the window stops at Int's ends, nothing traps, and
        // the rows it shows bring it back.
        model.visibleRangeChanged((Int.max - 10)..<Int.max)
        #expect(model.feed.demand.window?.upperBound == Int.max - 1)
        model.visibleRangeChanged(Int.min..<(Int.min + 3))
        #expect(model.feed.demand.window == Int.min...(Int.min + 17))
        model.visibleRangeChanged(17..<27)
        #expect(model.feed.demand.window == 16...40)
    }

    @Test("the window told for rows on screen: from its first row's group, group - 1 rows longer; it moves only when that group changes")
    func groupedWindow() {
        typealias M = F.Model
        #expect(M.groupedWindow(3..<10, group: 8) == 0..<14)
        #expect(M.groupedWindow(4..<11, group: 8) == 0..<14)
        #expect(M.groupedWindow(7..<14, group: 8) == 0..<14)
        #expect(M.groupedWindow(8..<15, group: 8) == 8..<22)
        #expect(M.groupedWindow(9..<9, group: 8) == 9..<9)
        #expect(M.groupedWindow(-5..<3, group: 8) == -8..<7)
        #expect(M.groupedWindow(3..<10, group: 1) == 3..<10)
        // Every range of one length in a group gives the same window.
        let windows = Set((16..<32).map { M.groupedWindow($0..<($0 + 28), group: 16) })
        #expect(windows == [16..<59])
        // At the ends of Int: no trap, the window stops there.
        #expect(M.groupedWindow((Int.max - 10)..<Int.max, group: 16) == (Int.max - 15)..<Int.max)
        #expect(M.groupedWindow((Int.max - 10)..<(Int.max - 1), group: 16) == (Int.max - 15)..<Int.max)
        #expect(M.groupedWindow(Int.min..<(Int.min + 3), group: 16) == Int.min..<(Int.min + 18))
        #expect(M.groupedWindow((Int.min + 1)..<(Int.min + 3), group: 3) == Int.min..<(Int.min + 3))
        // Any group at all: no trap making the remainder non-negative.
        #expect(M.groupedWindow(5..<8, group: .max) == 0..<Int.max)
        #expect(M.groupedWindow(-5..<3, group: .max) == (Int.min + 1)..<7)
    }

    @Test("a picture several rows show is wanted while any of them is near the screen, at the most urgent priority")
    func sharedPictures() async throws {
        let clock = ManualClock()
        let loader = CountingLoader()
        // Rows 0 and 1 show picture 0, rows 2 and 3 picture 1, and so on.
        let shared: @Sendable (F.Entry) -> FeedImage = { entry in
            let number = Int(entry.id.dropFirst("entry-".count)) ?? 0
            return FeedImage(url: URL(string: "http://127.0.0.1:9/\(number / 2).jpg") ?? URL(fileURLWithPath: "/"), size: .init(width: 8, height: 8))
        }
        func picture(_ number: Int, _ priority: FeedImage.Priority) -> FeedImage {
            var picture = shared(F.entry(number * 2))
            picture.priority = priority
            return picture
        }
        let model = await Self.started(loader, counter: Counter(), clock: clock, picture: shared)
        model.visibleRangeChanged(0..<4)
        await model.wait { !$0.feed.loadStates.append.isLoading }
        model.visibleRangeChanged(0..<4)
        let held: [URL: FeedImage.Priority] = [
            picture(0, .visible).url: .visible, picture(1, .visible).url: .visible, picture(2, .visible).url: .prefetch,
            picture(3, .visible).url: .prefetch,
        ]
        #expect(loader.held == held)

        // Row 0 leaves, row 1 still shows picture 0; row 4 comes on screen (picture 2 now loads,
        // though row 5 below wants it too); row 8 comes below.
        var updates = loader.updates.count
        model.visibleRangeChanged(1..<5)
        #expect(loader.updates.count == updates + 1)
        #expect(loader.updates.last == FeedImageChanges(wanted: [picture(2, .visible), picture(4, .prefetch)]))

        // Row 1 leaves: picture 0 goes. Row 5 comes on screen, row 9 below: their pictures are
        // already wanted as they are.
        updates = loader.updates.count
        model.visibleRangeChanged(2..<6)
        #expect(loader.updates.count == updates + 1)
        #expect(loader.updates.last == FeedImageChanges(unwanted: [picture(0, .visible)]))
    }

    /// Calls `changed` when anything a view of `model` reads changes, once: Observation's
    /// `onChange` fires at the first `willSet` of a property read here.
    static func observeEverything(of model: F.Model, changed: @escaping @Sendable () -> Void) {
        withObservationTracking {
            _ = model.visibleRange
            _ = model.selection
            _ = model.selectionMove
            _ = model.details
            _ = model.notice
            _ = model.pull
            _ = model.footer
            _ = model.content
            _ = model.topIndicator
            _ = model.feed.items
            _ = model.feed.loadStates
            _ = model.feed.loadsInFlight
            _ = model.feed.refreshAnchorIndex
        } onChange: {
            changed()
        }
    }

    @Test("a scroll within the loaded rows changes nothing observed: no frame is asked for by the report itself")
    func scrollWritesNothingObserved() async throws {
        let clock = ManualClock()
        let model = F.model(
            F.source(clock: clock), clock: clock,
            configuration: FeedConfiguration(pageSize: 20, prefetchDistance: 5, minimumIndicatorDuration: .zero))
        model.start()
        await model.wait { $0.rowCount == 20 }
        model.visibleRangeChanged(0..<10)
        await model.wait { !$0.feed.loadStates.append.isLoading && $0.feed.loadsInFlight == 0 }
        let rows = model.rowCount
        #expect(rows >= 20)

        // Held j past the bottom of the screen: each key scrolls the list by a row.
        let changes = Counter()
        for first in 1...5 {
            Self.observeEverything(of: model, changed: { changes.add() })
            model.visibleRangeChanged(first..<(first + 10))
            #expect(model.visibleRange == first..<(first + 10))
        }
        #expect(changes.value == 0)
        #expect(model.rowCount == rows)  // nothing loaded: the scroll stayed within the rows loaded

        // A report that starts a load is observed: the load states change.
        let loadChanges = Counter()
        Self.observeEverything(of: model, changed: { loadChanges.add() })
        model.visibleRangeChanged((rows - 10)..<rows)
        #expect(loadChanges.value == 1)
        #expect(model.feed.loadStates.append.isLoading)
    }

    @Test("a row changed in place is read again; the loader hears of it only if its picture changed")
    func changedRow() async throws {
        let clock = ManualClock()
        let loader = CountingLoader()
        let counter = Counter()
        let model = await Self.started(loader, counter: counter, clock: clock)
        model.visibleRangeChanged(0..<5)
        let before = try #require(model.listedRow(at: 3))
        let updates = loader.updates.count
        let described = counter.value
        #expect(model.feed.update(id: "entry-3") { $0 = F.Entry(id: "entry-3", title: "Renamed") })
        model.visibleRangeChanged(0..<5)
        let after = try #require(model.listedRow(at: 3))
        #expect(after.stamp != before.stamp)
        #expect(after.idText == "entry-3")
        // The same picture (the id did not change): the row is read again, the loader not told.
        #expect(loader.updates.count == updates)
        #expect(counter.value > described)
    }

    @Test("a new image sizing lists the rows again, their pictures asked at it; the same sizing keeps them")
    func newSizingListsRowsAgain() async throws {
        let clock = ManualClock()
        let loader = CountingLoader()
        let counter = Counter()
        let feed = Feed(
            source: F.source(clock: clock), configuration: FeedConfiguration(pageSize: 20, minimumIndicatorDuration: .zero), clock: clock)
        var descriptor = F.descriptor()
        descriptor.rowImage = { entry, sizing in
            counter.add()
            return FeedImage(url: FrameWorkTests.picture(entry).url, size: sizing.row)
        }
        let model = FeedViewModel(feed: feed, descriptor: descriptor, images: loader, clock: clock, now: { F.now })
        model.start()
        await model.wait { $0.rowCount == 20 }
        let small = FeedImage.Size(width: 4, height: 2)
        let large = FeedImage.Size(width: 10, height: 5)
        model.imageSizing.row = small
        #expect(model.listedRow(at: 3)?.image?.size == small)
        let described = counter.value
        model.imageSizing.row = small
        #expect(model.listedRow(at: 3)?.image?.size == small)
        #expect(counter.value == described, "the same sizing: the row kept")
        model.imageSizing.row = large
        #expect(model.listedRow(at: 3)?.image?.size == large)
        #expect(counter.value == described + 1)
    }
}
