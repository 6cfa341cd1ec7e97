import EndlessImages
import Foundation
import Observation

/// The avatars of the rows on screen: looked up synchronously in the image pipeline's memory
/// cache (a cached face is drawn on the first frame, no placeholder flicker), loaded when
/// missing, and cancelled when their row scrolls away before it arrives.
@MainActor @Observable
public final class AvatarStore {
    /// Bumped whenever an avatar arrives, so a view observing it redraws.
    public private(set) var revision = 0

    @ObservationIgnored public let pipeline: ImagePipeline
    @ObservationIgnored let prefetcher: ImagePrefetcher
    @ObservationIgnored private var loads: [ImageRequest: Task<Void, Never>] = [:]
    /// Portraits that failed: not asked for again in this run (the row keeps its initials).
    @ObservationIgnored private var failed: Set<URL> = []
    @ObservationIgnored private var prefetching: Set<ImageRequest> = []

    /// Creates a store over `pipeline`.
    public init(pipeline: ImagePipeline) {
        self.pipeline = pipeline
        self.prefetcher = ImagePrefetcher(pipeline: pipeline)
    }

    /// The decoded avatar for `request`, if it is in memory; nil while it loads.
    public func image(for request: ImageRequest) -> DecodedImage? {
        pipeline.cachedImage(for: request)
    }

    /// Shows `visible` (loads what is missing, at visible priority), warms `upcoming` (the
    /// rows just below, at prefetch priority), and cancels loads that are neither.
    public func show(_ visible: [ImageRequest], upcoming: [ImageRequest] = []) {
        let wanted = Set(visible)
        for (request, task) in loads where !wanted.contains(request) {
            task.cancel()
            loads[request] = nil
        }
        for request in visible where loads[request] == nil && !failed.contains(request.url) {
            guard pipeline.cachedImage(for: request) == nil else { continue }
            loads[request] = Task { [weak self, pipeline] in
                let outcome: Result<DecodedImage, any Error>
                do {
                    outcome = .success(try await pipeline.image(for: request))
                } catch {
                    outcome = .failure(error)
                }
                guard let self, !Task.isCancelled else { return }
                self.loads[request] = nil
                switch outcome {
                case .success: self.revision += 1
                case .failure(let error) where !(error is CancellationError): self.failed.insert(request.url)
                case .failure: break
                }
            }
        }
        // Called every frame: only what changed is started or stopped.
        let warm = Set(upcoming.filter { !failed.contains($0.url) })
        prefetcher.stopPrefetching(with: Array(prefetching.subtracting(warm)))
        prefetcher.startPrefetching(with: Array(warm.subtracting(prefetching)))
        prefetching = warm
    }

    /// Stops every load and prefetch.
    public func cancelAll() {
        for task in loads.values { task.cancel() }
        loads.removeAll()
        prefetcher.stopPrefetching()
        prefetching.removeAll()
    }
}
