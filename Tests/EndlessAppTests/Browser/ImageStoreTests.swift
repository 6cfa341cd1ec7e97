import Endless
import EndlessFeedModel
import EndlessImages
import EndlessTerminal
import EndlessTesting
import Foundation
import RandomUserAPI
import Synchronization
import Testing

@testable import EndlessApp
@testable import EndlessSimulator

/// Issue 29: the image store is told what changed, and does what that change asks: loads
/// start and stop, prefetches start and stop, a picture moving between the screen and the rows
/// below changes what runs for it, and nothing else is touched.
@Suite("Image store", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct ImageStoreTests {
    /// A loader whose answers never come: loads stay in flight until cancelled.
    struct PendingLoader: ImageDataLoading {
        func data(for url: URL) async throws -> Data {
            try await Task.sleep(for: .seconds(3600))
            throw CancellationError()
        }
    }

    static func picture(_ number: Int, _ priority: ImagePriority = .visible) -> ImageRequest {
        ImageRequest(
            url: URL(string: "http://127.0.0.1:9/\(number).jpg") ?? URL(fileURLWithPath: "/"), targetSize: PixelSize(width: 8, height: 8),
            contentMode: .fill, priority: priority)
    }

    static func store() -> ImageStore {
        ImageStore(pipeline: ImagePipeline(configuration: .init(dataLoader: PendingLoader(), diskCache: nil)))
    }

    @Test("a frame's reads of the store observe the frame's one revision; outside a frame, the store's own arrivals")
    @MainActor
    func arrivalsObservedCoarselyInAFrame() throws {
        let store = Self.store()
        let frame = try #require(
            ObservedReads.measure {
                FrameObservation.coarse {
                    store.observeArrivals()
                    _ = store.cacheHitRate
                }
            })
        #expect(frame.objectCount == 1, "\(frame)")
        #expect(frame.objects.contains { $0.type.hasSuffix("FrameObservation.Revision") }, "\(frame)")
        let alone = try #require(ObservedReads.measure { store.observeArrivals() })
        #expect(alone.objectCount == 1, "\(alone)")
        #expect(alone.objects.contains { $0.type.hasSuffix("ObservationSignal") }, "\(alone)")
    }

    @Test("pictures on screen load, those below warm, and each change starts and stops only its own pictures")
    func changes() {
        let store = Self.store()
        // A screen of rows 0 and 1, and row 2 below.
        store.update(wanted: [Self.picture(0), Self.picture(1), Self.picture(2, .prefetch)], unwanted: [])
        #expect(store.counts == (loading: 2, wanted: 3, warming: 1))
        #expect(store.prefetcher.activeCount == 1)

        // Scrolled down by one: 0 leaves, 2 comes on screen, 3 comes below.
        store.update(wanted: [Self.picture(2), Self.picture(3, .prefetch)], unwanted: [Self.picture(0)])
        #expect(store.counts == (loading: 2, wanted: 3, warming: 1))
        #expect(store.prefetcher.activeCount == 1)  // 2's prefetch stopped, 3's started

        // Scrolled back up: 2 goes below (its load stops, it warms), 0 comes back, 3 leaves.
        store.update(wanted: [Self.picture(0), Self.picture(2, .prefetch)], unwanted: [Self.picture(3, .prefetch)])
        #expect(store.counts == (loading: 2, wanted: 3, warming: 1))
        #expect(store.prefetcher.activeCount == 1)

        // Told again at the same priority (after the store forgot nothing): nothing new runs.
        store.update(wanted: [Self.picture(0), Self.picture(2, .prefetch)], unwanted: [])
        #expect(store.counts == (loading: 2, wanted: 3, warming: 1))
        #expect(store.prefetcher.activeCount == 1)

        // A picture no one asked for stops nothing.
        store.update(wanted: [], unwanted: [Self.picture(7)])
        #expect(store.counts == (loading: 2, wanted: 3, warming: 1))

        let revision = store.shownRevision
        store.cancelAll()
        #expect(store.counts == (loading: 0, wanted: 0, warming: 0))
        #expect(store.prefetcher.activeCount == 0)
        #expect(store.shownRevision != revision)
    }

    @Test("a picture wanted is found without resolving its URL again; one not wanted is not kept")
    func lookups() {
        let resolutions = Counter()
        let store = ImageStore(
            pipeline: ImagePipeline(configuration: .init(dataLoader: PendingLoader(), diskCache: nil)),
            resolve: { url in
                resolutions.add()
                return url
            })
        store.update(wanted: [Self.picture(0)], unwanted: [])
        let resolved = resolutions.value
        for _ in 0..<5 { #expect(store.image(for: Self.picture(0)) == nil) }
        #expect(resolutions.value == resolved)
        _ = store.image(for: Self.picture(9))
        #expect(resolutions.value == resolved + 1)
        #expect(store.counts.wanted == 1)
    }

    @Test("a cached picture counts as one cache hit, however many frames draw it before and after its row is reported")
    func oneHitPerPicture() {
        let pipeline = ImagePipeline(configuration: .init(dataLoader: PendingLoader(), diskCache: nil))
        let store = ImageStore(pipeline: pipeline)
        let request = Self.picture(0)
        let image = DecodedImage(width: 8, height: 8, pixels: [UInt8](repeating: 255, count: 8 * 8 * 4), request: request)
        pipeline.configuration.memoryCache?.store(image)
        for _ in 0..<5 { #expect(store.image(for: request) != nil, "frames drawn before the row is reported") }
        store.update(wanted: [request], unwanted: [])
        for _ in 0..<5 { #expect(store.image(for: request) != nil, "frames drawn after") }
        #expect(pipeline.metrics.memoryHits == 1)
        #expect(store.cacheHitRate == 1)
    }

    @Test("a picture in memory is taken as its row comes near, with the others told then: nothing warms or loads for it, and it counts one hit")
    func takenAsItComesNear() {
        let pipeline = ImagePipeline(configuration: .init(dataLoader: PendingLoader(), diskCache: nil))
        let store = ImageStore(pipeline: pipeline)
        let image = DecodedImage(width: 8, height: 8, pixels: [UInt8](repeating: 255, count: 8 * 8 * 4), request: Self.picture(0))
        pipeline.configuration.memoryCache?.store(image)
        // Rows 0 and 1 come below the screen: 0's picture is in memory, 1's is not.
        store.update(wanted: [Self.picture(0, .prefetch), Self.picture(1, .prefetch)], unwanted: [])
        #expect(pipeline.metrics.memoryHits == 1, "taken when told, not by a later frame")
        #expect(store.prefetcher.activeCount == 1, "only the picture not in memory warms")
        // Row 0 comes on screen: nothing to stop, nothing to load, the picture already there.
        store.update(wanted: [Self.picture(0)], unwanted: [])
        #expect(store.counts.loading == 0)
        #expect(store.prefetcher.activeCount == 1)
        #expect(store.rowPicture(unobserved: Self.picture(0)) != nil)
        #expect(pipeline.metrics.memoryHits == 1)
    }

    @Test("a held picture is held while its entry is wanted: not for a picture not wanted, not in memory or another, nor after it is let go")
    func heldPictures() throws {
        let pipeline = ImagePipeline(configuration: .init(dataLoader: PendingLoader(), diskCache: nil))
        let store = ImageStore(pipeline: pipeline)
        let request = Self.picture(0)
        let image = DecodedImage(width: 8, height: 8, pixels: [UInt8](repeating: 255, count: 8 * 8 * 4), request: request)
        let picture = try #require(RowPicture(image))
        pipeline.configuration.memoryCache?.store(image)
        #expect(store.heldPicture(unobserved: request, showing: picture) == nil, "not wanted: the shared memory cache may let it go")
        store.update(wanted: [Self.picture(1)], unwanted: [])
        #expect(store.heldPicture(unobserved: Self.picture(1), showing: picture) == nil, "wanted, still loading")

        store.update(wanted: [request], unwanted: [])
        let held = try #require(store.heldPicture(unobserved: request, showing: picture))
        #expect(held.isWanted)
        #expect(store.rowPicture(unobserved: request) == picture)
        let smaller = DecodedImage(width: 4, height: 4, pixels: [UInt8](repeating: 255, count: 4 * 4 * 4), request: request)
        let other = try #require(RowPicture(smaller))
        #expect(store.heldPicture(unobserved: request, showing: other) == nil, "another picture")
        // Another priority keeps the entry and its picture.
        store.update(wanted: [Self.picture(0, .prefetch)], unwanted: [])
        #expect(held.isWanted)
        #expect(store.heldPicture(unobserved: request, showing: picture) === held)

        store.update(wanted: [], unwanted: [Self.picture(0, .prefetch)])
        #expect(!held.isWanted)
        store.update(wanted: [request], unwanted: [])
        let again = try #require(store.heldPicture(unobserved: request, showing: picture))
        #expect(again !== held)
        store.cancelAll()
        #expect(!again.isWanted)
    }

    /// A loader that fails every picture at once, counting what it was asked.
    struct FailingLoader: ImageDataLoading {
        let asked: Counter
        func data(for url: URL) async throws -> Data {
            asked.add()
            throw URLError(.badServerResponse)
        }
    }

    @Test("a failed picture is not asked for again, and a server failing every picture costs a bounded memory")
    func failuresAreBounded() async {
        let asked = Counter()
        let store = ImageStore(pipeline: ImagePipeline(configuration: .init(dataLoader: FailingLoader(asked: asked), diskCache: nil)))
        let pictures = ImageStore.failureMemory + 100
        // A long session over a server that fails every picture: screens of rows come and go.
        for number in 0..<pictures {
            store.update(wanted: [Self.picture(number)], unwanted: [])
            await store.loadsEnded()
            store.update(wanted: [], unwanted: [Self.picture(number)])
        }
        #expect(asked.value == pictures)
        #expect(store.failedCount == ImageStore.failureMemory)

        // The most recent failure is remembered: its row coming back asks nothing.
        let recent = pictures - 1
        store.update(wanted: [Self.picture(recent)], unwanted: [])
        await store.loadsEnded()
        #expect(asked.value == pictures)
        #expect(store.counts.loading == 0)
        store.update(wanted: [], unwanted: [Self.picture(recent)])

        // The oldest was forgotten: its row coming back tries it again.
        store.update(wanted: [Self.picture(0)], unwanted: [])
        await store.loadsEnded()
        #expect(asked.value == pictures + 1)
        #expect(store.failedCount == ImageStore.failureMemory)
    }

    /// A server through an outage: every picture fails while it is down, and is a small PNG
    /// once it is back up.
    final class OutageLoader: ImageDataLoading, Sendable {
        private let up = Mutex(false)
        let asked = Counter()
        func comeBack() { up.withLock { $0 = true } }
        func data(for url: URL) async throws -> Data {
            asked.add()
            guard up.withLock({ $0 }) else { throw URLError(.notConnectedToInternet) }
            return Data(PNGWriter.encode(rgb: [UInt8](repeating: 200, count: 8 * 8 * 3), width: 8, height: 8) ?? [])
        }
    }

    @Test("forgetting the failures asks for the failed pictures again, and they load once the server is back")
    func forgottenFailuresLoadAgain() async {
        let loader = OutageLoader()
        let store = ImageStore(pipeline: ImagePipeline(configuration: .init(dataLoader: loader, diskCache: nil)))
        store.update(wanted: [Self.picture(0), Self.picture(1)], unwanted: [])
        await store.loadsEnded()
        #expect(store.failedCount == 2)
        loader.comeBack()
        // Remembered: told again, nothing is asked.
        store.update(wanted: [Self.picture(0), Self.picture(1)], unwanted: [])
        await store.loadsEnded()
        #expect(loader.asked.value == 2)

        let revision = store.shownRevision
        store.forgetFailures()
        #expect(store.failedCount == 0)
        #expect(store.shownRevision != revision, "the view model is to tell every picture again")
        store.update(wanted: [Self.picture(0), Self.picture(1)], unwanted: [])
        await store.loadsEnded()
        #expect(loader.asked.value == 4)
        #expect(store.image(for: Self.picture(0)) != nil && store.image(for: Self.picture(1)) != nil)
    }

    @Test("pictures that failed during an outage load after a refresh succeeds, not placeholders for the rest of the session")
    func refreshRetriesFailedPictures() async throws {
        let (loader, store, model, tab, rows) = await Self.tabThroughAnOutage()
        tab.rowsShown(rows)
        await store.loadsEnded()
        let failed = store.failedCount
        #expect(failed >= 3, "the outage failed the pictures on screen")
        let picture = try #require(model.item(at: 0).flatMap { model.imageRequest(for: $0) }).url

        loader.comeBack()
        tab.rowsShown(rows)
        await store.loadsEnded()
        #expect(store.failedCount == failed, "remembered until a refresh")

        let outcome = await model.refresh(ignoringCooldown: true)
        guard case .refreshed = outcome else {
            Issue.record("the refresh did not succeed: \(outcome)")
            return
        }
        tab.rowsShown(rows)
        await store.loadsEnded()
        #expect(store.failedCount == 0)
        let loaded = store.image(for: FeedImage(url: picture, size: model.imageSizing.row))
        #expect(loaded != nil, "the first row's picture loaded after the refresh")
    }

    @Test("a picture that failed is asked for again when its row comes back after the failure's lifetime, not before")
    func failuresExpire() async {
        let loader = OutageLoader()
        let instant = Mutex(ContinuousClock.now)
        let store = ImageStore(
            pipeline: ImagePipeline(configuration: .init(dataLoader: loader, diskCache: nil)), now: { instant.withLock { $0 } })
        store.update(wanted: [Self.picture(0)], unwanted: [])
        await store.loadsEnded()
        #expect(store.failedCount == 1 && loader.asked.value == 1)
        loader.comeBack()
        store.update(wanted: [], unwanted: [Self.picture(0)])

        // Back on screen within the lifetime: not asked.
        instant.withLock { $0 += ImageStore.failureLifetime - .seconds(1) }
        store.update(wanted: [Self.picture(0)], unwanted: [])
        await store.loadsEnded()
        #expect(loader.asked.value == 1)
        #expect(store.image(for: Self.picture(0)) == nil)
        store.update(wanted: [], unwanted: [Self.picture(0)])

        // Past it: asked again, and it loads.
        instant.withLock { $0 += .seconds(2) }
        store.update(wanted: [Self.picture(0)], unwanted: [])
        await store.loadsEnded()
        #expect(loader.asked.value == 2)
        #expect(store.failedCount == 0)
        #expect(store.image(for: Self.picture(0)) != nil)
    }

    @Test("R, retrying what failed, asks again for the pictures that failed in an outage, and they load")
    func retryAsksForFailedPictures() async throws {
        let (loader, store, model, tab, rows) = await Self.tabThroughAnOutage()
        tab.rowsShown(rows)
        await store.loadsEnded()
        #expect(store.failedCount >= 3, "the outage failed the pictures on screen")
        let picture = try #require(model.item(at: 0).flatMap { model.imageRequest(for: $0) }).url

        loader.comeBack()
        tab.rowsShown(rows)
        await store.loadsEnded()
        #expect(store.image(for: FeedImage(url: picture, size: model.imageSizing.row)) == nil, "remembered: not asked again by itself")
        tab.perform(.retry, visibleRows: 10)
        tab.rowsShown(rows)
        await store.loadsEnded()
        #expect(store.failedCount == 0)
        #expect(store.image(for: FeedImage(url: picture, size: model.imageSizing.row)) != nil, "the first row's picture loaded after R")
    }

    /// A people tab whose pictures come from an ``OutageLoader`` (down until it comes back),
    /// its first page loaded, and three rows of it to report on screen.
    static func tabThroughAnOutage() async -> (
        loader: OutageLoader, store: ImageStore, model: FeedViewModel<ScriptedPageSource<RandomUser>>,
        tab: FeedTab<ScriptedPageSource<RandomUser>>, rows: [(row: ListRow, rect: Rect)]
    ) {
        let loader = OutageLoader()
        let store = ImageStore(pipeline: ImagePipeline(configuration: .init(dataLoader: loader, diskCache: nil)))
        let clock = ManualClock()
        var descriptor = BrowseFixtures.descriptor()
        descriptor.rowImage = { person, sizing in
            URL(string: "http://127.0.0.1:9/\(String(describing: person.id)).png").map { FeedImage(url: $0, size: sizing.row) }
        }
        let model = FeedViewModel(
            feed: Feed(
                source: BrowseFixtures.source(clock: clock), configuration: FeedConfiguration(pageSize: 20, minimumIndicatorDuration: .zero),
                clock: clock),
            descriptor: descriptor, images: store, clock: clock, now: { BrowseFixtures.now })
        let cells = ImageCells(mode: .none, colorDepth: .trueColor, cellPixelSize: nil)
        let tab = FeedTab(kind: .people, model: model, style: PeopleFeed.rowStyle, cells: cells, images: store)
        tab.activate()
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        let rows: [(row: ListRow, rect: Rect)] = (0..<3).map { (.item($0), Rect(x: 0, y: $0 * 2, width: 80, height: 2)) }
        return (loader, store, model, tab, rows)
    }

    /// Counts from any thread.
    final class Counter: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func add() { count.withLock { $0 += 1 } }
    }
}
