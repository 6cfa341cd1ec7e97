import EndlessImages
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
    private var arrivals = 0

    @ObservationIgnored public let pipeline: ImagePipeline
    @ObservationIgnored let prefetcher: ImagePrefetcher
    /// The pictures wanted now, by request as asked for (priority aside): where each resolves
    /// to, at the priority it is wanted at. Bounded by the screen: rows on it, a screenful below,
    /// the open details.
    @ObservationIgnored private var wanted: [ImageRequest: ImageRequest] = [:]
    /// Pictures of the rows shown now, by resolved request (priority aside).
    @ObservationIgnored private var ready: [ImageRequest: DecodedImage] = [:]
    @ObservationIgnored private var loads: [ImageRequest: Task<Void, Never>] = [:]
    /// Pictures that failed: not asked for again in this run (the row keeps its placeholder).
    @ObservationIgnored private var failed: Set<URL> = []
    /// Placeholders (BlurHash pictures) of the rows shown, made once per row while it is on
    /// screen, by the resolved request of the picture they stand in for.
    @ObservationIgnored private var placeholders: [ImageRequest: DecodedImage] = [:]
    /// Changes each time the store forgets what it was told (see ``FeedImageLoading``).
    @ObservationIgnored public private(set) var shownRevision = 0

    /// Where a picture's URL really points now, e.g. the embedded simulator's current port for
    /// pictures of rows cached in an earlier run.
    @ObservationIgnored let resolve: @Sendable (URL) -> URL

    /// Creates a store over `pipeline`.
    /// - Parameters:
    ///   - pipeline: loads, decodes and caches the pictures.
    ///   - resolve: maps a picture's URL to the one to load; the URL itself by default.
    public init(pipeline: ImagePipeline, resolve: @escaping @Sendable (URL) -> URL = { $0 }) {
        self.pipeline = pipeline
        self.prefetcher = ImagePrefetcher(pipeline: pipeline)
        self.resolve = resolve
    }

    /// The decoded picture for `request`, if it is in memory; nil while it loads.
    public func image(for request: ImageRequest) -> DecodedImage? {
        _ = arrivals
        let asked = key(request)
        // A picture wanted now is found without taking its URL apart again (every frame asks
        // for every row's picture); one not wanted (yet) is looked up and not kept.
        guard let wanted = wanted[asked] else { return pipeline.cachedImage(for: resolved(request)) }
        let key = key(wanted)
        if let image = ready[key] { return image }
        guard let image = pipeline.cachedImage(for: wanted) else { return nil }
        if wanted.priority != .prefetch { ready[key] = image }
        return image
    }

    /// The placeholder of `request`'s picture: made by `make` the first time a frame asks, then
    /// kept while its row is on screen. Not observed: it never changes for a request.
    public func placeholder(for request: ImageRequest, make: () -> DecodedImage?) -> DecodedImage? {
        guard let wanted = wanted[key(request)], wanted.priority != .prefetch else { return make() }
        let key = key(wanted)
        if let made = placeholders[key] { return made }
        guard let made = make() else { return nil }
        placeholders[key] = made
        return made
    }

    /// The share of pictures that came without the network, 0...1, as of the last arrival.
    public var cacheHitRate: Double {
        _ = arrivals
        return pipeline.metrics.hitRate
    }

    /// Starts loading the pictures in `wanted` at visible or high priority (what is missing),
    /// warms those at prefetch priority, and stops and lets go of those in `unwanted`; a
    /// picture wanted at another priority than before stops what the old one started. Called
    /// with only what changed since the last call, so a scroll by one row costs the three
    /// pictures that moved, not the screen's. Telling a picture again at the same priority
    /// starts what is missing of it (after ``shownRevision`` changed).
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
            stop(was, warming: &stopWarming)
        }
        var warm: [ImageRequest] = []
        for request in wanted {
            let asked = key(request)
            let now: ImageRequest
            if let was = self.wanted[asked], was.priority == request.priority {
                now = was
            } else {
                if let was = self.wanted[asked] { stop(was, warming: &stopWarming) }
                now = resolved(request)
                self.wanted[asked] = now
            }
            guard !failed.contains(now.url) else { continue }
            if now.priority == .prefetch { warm.append(now) } else { load(now) }
        }
        if !stopWarming.isEmpty { prefetcher.stopPrefetching(with: stopWarming) }
        if !warm.isEmpty { prefetcher.startPrefetching(with: warm) }
    }

    /// Stops what a picture wanted at its priority started: its prefetch (collected, to stop
    /// after the loads start), or its load and the picture and placeholder kept for its row.
    private func stop(_ request: ImageRequest, warming stopWarming: inout [ImageRequest]) {
        guard request.priority != .prefetch else {
            stopWarming.append(request)
            return
        }
        let key = key(request)
        loads.removeValue(forKey: key)?.cancel()
        ready[key] = nil
        placeholders[key] = nil
    }

    /// Loads a picture wanted on screen, unless it is in memory (kept for its row then) or
    /// already loading.
    private func load(_ request: ImageRequest) {
        let key = key(request)
        guard loads[key] == nil, ready[key] == nil else { return }
        if let image = pipeline.cachedImage(for: request) {
            ready[key] = image
            return
        }
        loads[key] = Task { [weak self, pipeline] in
            let outcome: Result<DecodedImage, any Error>
            do {
                outcome = .success(try await pipeline.image(for: request))
            } catch {
                outcome = .failure(error)
            }
            guard let self, !Task.isCancelled else { return }
            self.loads[key] = nil
            switch outcome {
            case .success(let image):
                self.ready[key] = image
                self.arrivals &+= 1
            case .failure(let error) where !(error is CancellationError): self.failed.insert(request.url)
            case .failure:
                // Cancelled by the pipeline, not by this store: the picture is still wanted,
                // so the view model is to tell it again (and it loads again).
                self.shownRevision &+= 1
            }
        }
    }

    /// Stops every load and prefetch, and lets go of the pictures shown.
    public func cancelAll() {
        shownRevision &+= 1
        wanted.removeAll()
        for task in loads.values { task.cancel() }
        loads.removeAll()
        ready.removeAll()
        placeholders.removeAll()
        prefetcher.stopPrefetching()
    }

    /// Pictures loading now, and pictures wanted (for tests).
    var counts: (loading: Int, wanted: Int, warming: Int) {
        (loads.count, wanted.count, wanted.values.count(where: { $0.priority == .prefetch }))
    }

    /// The request for where its picture is now.
    private func resolved(_ request: ImageRequest) -> ImageRequest {
        var resolved = request
        resolved.url = resolve(request.url)
        return resolved
    }

    /// Requests that differ only in priority are the same picture.
    private func key(_ request: ImageRequest) -> ImageRequest {
        var key = request
        key.priority = .visible
        return key
    }
}
