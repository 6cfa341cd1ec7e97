import Endless
import EndlessImages
import EndlessShared
import Foundation
import Observation

/// The pictures of the rows on screen (avatars, photos): taken from the image pipeline's memory
/// cache the moment a row appears (a cached picture is drawn on its first frame, with no
/// placeholder flicker), loaded when missing, and cancelled when their row scrolls away first.
///
/// A frame that draws a placeholder reads ``image(for:)``, which is observed: the picture's
/// arrival redraws it. Pictures of rows that left the screen are let go (the pipeline's caches
/// keep them), so the store's size is bounded by the screen, whatever the session's length.
@MainActor @Observable
public final class ImageStore {
    /// Bumped whenever a picture arrives; every lookup reads it, so views redraw on arrival.
    /// Signal-observed, as the view models' properties are: a frame reads it in its coarse
    /// scope, where it is one more read of the frame's one revision instead of an observer
    /// installed on this store and cancelled again each frame (issue 29).
    @ObservationIgnored @SignalObserved private var arrivals = 0

    @ObservationIgnored public let pipeline: ImagePipeline
    @ObservationIgnored let prefetcher: ImagePrefetcher

    /// Whether the store still holds a wanted picture: what a row that showed the picture keeps
    /// (see ``heldPicture(unobserved:showing:)``). While ``isWanted``, the store answers that
    /// picture for its request, since an entry's picture never changes once it has one (it is
    /// taken from memory or brought by a load only while it has none). An object of its own,
    /// not the entry, so that a row kept in a memo keeps no picture alive.
    final class PictureHold {
        /// False once the store let the picture go: its request may have another entry now.
        fileprivate(set) var isWanted = true
    }

    /// What the store holds for a picture wanted now: an object, so a frame's lookup copies a
    /// reference and a change is made in place.
    private final class Wanted {
        /// Where the picture is really loaded from, at the priority it is wanted at.
        var request: ImageRequest
        /// The decoded picture, once in memory.
        var image: DecodedImage? {
            didSet { picture = RowPicture(image) }
        }
        /// ``image`` as a row compares it, kept so that a frame's rows compare their pictures
        /// without copying one out (see ``rowPicture(unobserved:)``).
        private(set) var picture: RowPicture?
        /// Its placeholder (a BlurHash picture), made once while its row is on screen.
        var placeholder: DecodedImage?
        /// Its load, while one runs (on screen only; a picture below is warmed by the
        /// prefetcher).
        var load: Task<Void, Never>?
        /// Told when the store lets the entry go.
        let hold = PictureHold()

        init(request: ImageRequest) {
            self.request = request
        }
    }

    /// The pictures wanted now (see ``update(wanted:unwanted:)``), by request as asked for,
    /// priority aside: one lookup finds everything about a row's picture, without taking its
    /// URL apart again. Bounded by the screen: rows on it, a screenful below, the open details.
    @ObservationIgnored private var wanted: [ImageRequest: Wanted] = [:]
    /// Pictures that failed, and when, at most ``failureMemory`` of them, those failed or
    /// asked for most recently: not asked for again while remembered (the row keeps its
    /// placeholder), for ``failureLifetime``. Bounded, so a server that fails every picture
    /// costs a fixed amount of memory however long the session; a picture forgotten, or
    /// remembered longer than that, is tried again when its row next comes on screen. `R` and
    /// a refresh that succeeds forget them all (``forgetFailures()``).
    @ObservationIgnored private var failed = LRUList<URL, ContinuousClock.Instant>(costLimit: .max, countLimit: ImageStore.failureMemory)
    /// How many failed pictures are remembered: several screens' worth, so scrolling back and
    /// forth over broken pictures does not ask for them again.
    static let failureMemory = 512
    /// How long a failed picture is not asked for again: long enough that scrolling back and
    /// forth over an outage's rows asks nothing, short enough that once the network is back
    /// the pictures come back as their rows do, without `R`.
    static let failureLifetime: Duration = .seconds(30)
    /// The instant failures are timed by (tests move it).
    @ObservationIgnored let now: @Sendable () -> ContinuousClock.Instant
    /// Changes each time the store forgets what it was told (see ``FeedImageLoading``).
    @ObservationIgnored public private(set) var shownRevision = 0

    /// Where a picture's URL really points now, e.g. the embedded simulator's current port for
    /// pictures of rows cached in an earlier run.
    @ObservationIgnored let resolve: @Sendable (URL) -> URL

    /// Creates a store over `pipeline`.
    /// - Parameters:
    ///   - pipeline: loads, decodes and caches the pictures.
    ///   - resolve: maps a picture's URL to the one to load; the URL itself by default.
    public convenience init(pipeline: ImagePipeline, resolve: @escaping @Sendable (URL) -> URL = { $0 }) {
        self.init(pipeline: pipeline, resolve: resolve, now: { .now })
    }

    /// A store whose failures are timed by `now` (for tests).
    init(pipeline: ImagePipeline, resolve: @escaping @Sendable (URL) -> URL = { $0 }, now: @escaping @Sendable () -> ContinuousClock.Instant) {
        self.pipeline = pipeline
        self.prefetcher = ImagePrefetcher(pipeline: pipeline)
        self.resolve = resolve
        self.now = now
    }

    /// The decoded picture for `request`, if it is in memory; nil while it loads. Observed:
    /// the next arrival of any picture tells the observer.
    public func image(for request: ImageRequest) -> DecodedImage? {
        observeArrivals()
        return image(unobserved: request)
    }

    /// Registers the next arrival of any picture with the observation in progress: what
    /// ``image(for:)`` observes, read once for a frame's rows, which then look their pictures
    /// up with ``image(unobserved:)`` (a registration per row cost more than the lookup).
    func observeArrivals() {
        _ = arrivals
    }

    /// ``image(for:)`` without observing: for a caller that called ``observeArrivals()``.
    func image(unobserved request: ImageRequest) -> DecodedImage? {
        guard let entry = wanted[key(request)] else { return unwantedImage(request) }
        takeFromMemory(entry)
        return entry.image
    }

    /// ``image(unobserved:)``'s answer as a row compares it, without copying the picture out:
    /// a frame asks it for every row on screen (issue 29).
    func rowPicture(unobserved request: ImageRequest) -> RowPicture? {
        guard let entry = wanted[key(request)] else { return RowPicture(unwantedImage(request)) }
        takeFromMemory(entry)
        return entry.picture
    }

    /// The hold on a wanted picture that is in memory and is `picture`, which a row that shows
    /// it keeps to know without a lookup that its picture is still the one the store answers
    /// (``rowPicture(unobserved:)``): it is while the hold ``PictureHold/isWanted``. Nil for a
    /// picture not wanted, not in memory, or another.
    func heldPicture(unobserved request: ImageRequest, showing picture: RowPicture) -> PictureHold? {
        guard let entry = wanted[key(request)] else { return nil }
        takeFromMemory(entry)
        return entry.picture == picture ? entry.hold : nil
    }

    /// Gives a wanted picture that has none yet the pipeline's decoded picture, if it holds
    /// one; while a load runs, the picture comes with the load's arrival instead. Tested by its
    /// ``Wanted/picture``, plain numbers, so no picture is copied to ask.
    @inline(__always) private func takeFromMemory(_ entry: Wanted) {
        guard entry.picture == nil, entry.load == nil, let image = pipeline.cachedImage(for: entry.request) else { return }
        entry.image = image
    }

    /// A picture not wanted (yet: a row drawn before it is reported) is looked up, not kept,
    /// and not counted as a cache hit: the store counts it once, when the picture is wanted
    /// (``load(_:)``). Counted here too, a cached picture counted once a frame until then,
    /// and the status bar's "pictures cached" leaned high.
    private func unwantedImage(_ request: ImageRequest) -> DecodedImage? {
        pipeline.configuration.memoryCache?.image(for: resolved(request))
    }

    /// The placeholder of `request`'s picture: made by `make` the first time a frame asks, then
    /// kept while its row is on screen. Not observed: it never changes for a request.
    public func placeholder(for request: ImageRequest, make: () -> DecodedImage?) -> DecodedImage? {
        let asked = key(request)
        guard let entry = wanted[asked] else { return make() }
        if let made = entry.placeholder { return made }
        guard let made = make() else { return nil }
        entry.placeholder = made
        return made
    }

    /// The share of pictures that came without the network, 0...1, as of the last arrival.
    public var cacheHitRate: Double {
        _ = arrivals
        return pipeline.metrics.hitRate
    }

    /// Starts loading the pictures in `wanted` at visible or high priority (what is missing),
    /// warms those at prefetch priority, and stops and lets go of those in `unwanted`; a
    /// picture wanted at another priority than before stops what the old one started (a load,
    /// or a prefetch) and keeps the picture if it is in memory. Called with only what changed
    /// since the last call, so a scroll by one row costs the three pictures that moved, not the
    /// screen's. Telling a picture again at the same priority starts what is missing of it
    /// (after ``shownRevision`` changed).
    ///
    /// In the order that wastes nothing: loads stop, loads start (joining a prefetch of the same
    /// picture already on its way), then prefetches stop and start.
    /// - Parameters:
    ///   - wanted: pictures newly wanted, or wanted at a new priority, each at that priority.
    ///   - unwanted: pictures no longer wanted.
    public func update(wanted: [ImageRequest], unwanted: [ImageRequest]) {
        var stopWarming: [ImageRequest] = []
        for request in unwanted {
            guard let was = self.wanted.removeValue(forKey: key(request)) else { continue }
            was.hold.isWanted = false
            was.load?.cancel()
            if was.request.priority == .prefetch { stopWarming.append(was.request) }
        }
        var warm: [ImageRequest] = []
        for request in wanted {
            let asked = key(request)
            let now: ImageRequest
            if let entry = self.wanted[asked] {
                if entry.request.priority != request.priority {
                    // One in memory was never warmed: nothing to stop, nothing to load.
                    if entry.request.priority == .prefetch, entry.picture == nil {
                        stopWarming.append(entry.request)
                    } else if request.priority == .prefetch {
                        entry.load?.cancel()
                        entry.load = nil
                    }
                    entry.request.priority = request.priority
                }
                now = entry.request
            } else {
                now = resolved(request)
                let entry = Wanted(request: now)
                self.wanted[asked] = entry
                // A picture in memory is taken as its row comes near, with the others told
                // now, not by the frame its row enters the screen in, alone (issue 29).
                if now.priority == .prefetch {
                    takeFromMemory(entry)
                    if entry.picture != nil { continue }
                }
            }
            guard !failedLately(now.url) else { continue }
            if now.priority == .prefetch { warm.append(now) } else { load(asked) }
        }
        if !stopWarming.isEmpty { prefetcher.stopPrefetching(with: stopWarming) }
        if !warm.isEmpty { prefetcher.startPrefetching(with: warm) }
    }

    /// Loads a picture wanted on screen, unless it is in memory (kept for its row then) or
    /// already loading.
    private func load(_ asked: ImageRequest) {
        guard let entry = wanted[asked], entry.load == nil, entry.picture == nil else { return }
        takeFromMemory(entry)
        guard entry.picture == nil else { return }
        let request = entry.request
        entry.load = Task { [weak self, weak entry, pipeline] in
            let outcome: Result<DecodedImage, any Error>
            do {
                outcome = .success(try await pipeline.image(for: request))
            } catch {
                outcome = .failure(error)
            }
            guard let self, let entry, !Task.isCancelled else { return }
            entry.load = nil
            switch outcome {
            case .success(let image):
                entry.image = image
                self.arrivals &+= 1
            case .failure(let error) where !(error is CancellationError): self.failed.insert(self.now(), for: request.url, cost: 0)
            case .failure:
                // Cancelled by the pipeline, not by this store: the picture is still wanted,
                // so the view model is to tell it again (and it loads again).
                self.shownRevision &+= 1
            }
        }
    }

    /// Whether the picture at `url` failed less than ``failureLifetime`` ago; one that failed
    /// longer ago is forgotten, to be asked for again.
    private func failedLately(_ url: URL) -> Bool {
        guard let failedAt = failed.value(for: url) else { return false }
        if now() - failedAt < Self.failureLifetime { return true }
        failed.remove(url)
        return false
    }

    /// Forgets the pictures that failed, so that each is asked for again: the list was
    /// refreshed, and pictures that failed before (all of them, in an outage) may load now.
    /// Changes ``shownRevision``, so the view model tells again every picture it wants, which
    /// starts those on screen. Does nothing when none failed.
    func forgetFailures() {
        guard failed.count > 0 else { return }
        failed.removeAll()
        shownRevision &+= 1
    }

    /// Stops every load and prefetch, and lets go of the pictures shown.
    public func cancelAll() {
        shownRevision &+= 1
        for entry in wanted.values {
            entry.hold.isWanted = false
            entry.load?.cancel()
        }
        wanted.removeAll()
        prefetcher.stopPrefetching()
    }

    /// Pictures loading now, wanted, and wanted below the screen (for tests).
    var counts: (loading: Int, wanted: Int, warming: Int) {
        (
            wanted.values.count(where: { $0.load != nil }), wanted.count,
            wanted.values.count(where: { $0.request.priority == .prefetch })
        )
    }

    /// How many failed pictures are remembered (for tests).
    var failedCount: Int { failed.count }

    /// Waits until every load running now has ended (for tests).
    func loadsEnded() async {
        for task in wanted.values.compactMap(\.load) { await task.value }
    }

    /// The request for where its picture is now.
    private func resolved(_ request: ImageRequest) -> ImageRequest {
        var resolved = request
        resolved.url = resolve(request.url)
        return resolved
    }

    /// Requests that differ only in priority are the same picture.
    private func key(_ request: ImageRequest) -> ImageRequest {
        request.anyPriority
    }
}

extension ImageRequest {
    /// The same picture with its priority aside (always `.visible`): what the store and the
    /// converted pictures key by, since a prefetch and a visible request get the same pixels.
    var anyPriority: ImageRequest {
        var picture = self
        picture.priority = .visible
        return picture
    }
}
