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
    /// Pictures of the rows shown now, by request (priority aside).
    @ObservationIgnored private var ready: [ImageRequest: DecodedImage] = [:]
    @ObservationIgnored private var loads: [ImageRequest: Task<Void, Never>] = [:]
    /// Pictures that failed: not asked for again in this run (the row keeps its placeholder).
    @ObservationIgnored private var failed: Set<URL> = []
    @ObservationIgnored private var prefetching: Set<ImageRequest> = []
    /// Placeholders (BlurHash pictures) of the rows shown, made once per row while it is on
    /// screen, by the request of the picture they stand in for.
    @ObservationIgnored private var placeholders: [ImageRequest: DecodedImage] = [:]
    /// What the last ``show(_:upcoming:)`` was given, until a load ends or everything is let go.
    @ObservationIgnored private var shown: (visible: [ImageRequest], upcoming: [ImageRequest])? {
        didSet { if shown == nil { shownRevision &+= 1 } }
    }
    /// Changes each time the store forgets what it was last shown (see ``FeedImageLoading``).
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
        let request = resolved(request)
        let key = key(request)
        if let image = ready[key] { return image }
        guard let image = pipeline.cachedImage(for: request) else { return nil }
        ready[key] = image
        return image
    }

    /// The placeholder of `request`'s picture: made by `make` the first time a frame asks, then
    /// kept while its row is on screen. Not observed: it never changes for a request.
    public func placeholder(for request: ImageRequest, make: () -> DecodedImage?) -> DecodedImage? {
        let key = key(resolved(request))
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

    /// Shows `visible` (loads what is missing, at visible priority), warms `upcoming` (the rows
    /// just below, at prefetch priority), and lets go of everything else. Called every frame:
    /// only what changed is started or stopped.
    public func show(_ visible: [ImageRequest], upcoming: [ImageRequest] = []) {
        // Every frame tells the store its pictures: the same as the last frame's, with nothing
        // arrived, failed or let go since, there is nothing to start or stop (issue 29).
        if let shown, shown.visible == visible, shown.upcoming == upcoming { return }
        shown = (visible, upcoming)
        let visible = visible.map(resolved)
        let wanted = Set(visible.map(key))
        for (request, task) in loads where !wanted.contains(request) {
            task.cancel()
            loads[request] = nil
        }
        if ready.count > wanted.count || ready.keys.contains(where: { !wanted.contains($0) }) {
            ready = ready.filter { wanted.contains($0.key) }
        }
        if placeholders.keys.contains(where: { !wanted.contains($0) }) {
            placeholders = placeholders.filter { wanted.contains($0.key) }
        }
        for request in visible {
            let key = key(request)
            guard loads[key] == nil, ready[key] == nil, !failed.contains(request.url) else { continue }
            if let image = pipeline.cachedImage(for: request) {
                ready[key] = image
                continue
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
                self.shown = nil
                switch outcome {
                case .success(let image):
                    self.ready[key] = image
                    self.arrivals &+= 1
                case .failure(let error) where !(error is CancellationError): self.failed.insert(request.url)
                case .failure: break
                }
            }
        }
        let warm = Set(upcoming.map(resolved).filter { !failed.contains($0.url) })
        if warm != prefetching {
            prefetcher.stopPrefetching(with: Array(prefetching.subtracting(warm)))
            prefetcher.startPrefetching(with: Array(warm.subtracting(prefetching)))
            prefetching = warm
        }
    }

    /// Stops every load and prefetch, and lets go of the pictures shown.
    public func cancelAll() {
        shown = nil
        for task in loads.values { task.cancel() }
        loads.removeAll()
        ready.removeAll()
        placeholders.removeAll()
        prefetcher.stopPrefetching()
        prefetching.removeAll()
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
