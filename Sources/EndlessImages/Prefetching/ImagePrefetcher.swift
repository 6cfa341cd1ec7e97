import Synchronization

/// Warms the caches for rows just below the viewport, so they draw at once when scrolled in.
///
/// Prefetches run at ``ImagePriority/prefetch``, behind every visible request, and go through
/// the pipeline like any other request: the bytes land in the disk cache and the decoded image
/// in the memory cache. Stopping a prefetch cancels it; if nobody else wants that image, its
/// download or decode is cancelled too (or simply dropped from the queue).
///
/// Calls are synchronous and lock-protected, so a view model can start and stop prefetching
/// from its scroll handler without awaiting.
///
/// ```swift
/// prefetcher.startPrefetching(with: rows[last + 1 ... last + 10].map(\.avatarRequest))
/// prefetcher.stopPrefetching(with: rowsScrolledPast.map(\.avatarRequest))
/// ```
public final class ImagePrefetcher: Sendable {
    private let pipeline: ImagePipeline
    private struct State {
        var tasks: [ProcessingKey: (id: UInt64, task: Task<Void, Never>)] = [:]
        var nextID: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Creates a prefetcher that loads through `pipeline`.
    /// - Parameter pipeline: the pipeline whose caches to warm.
    public init(pipeline: ImagePipeline) {
        self.pipeline = pipeline
    }

    deinit {
        for entry in state.withLock({ $0.tasks.values }) { entry.task.cancel() }
    }

    /// Starts loading `requests` at prefetch priority, skipping those already cached or
    /// already being prefetched.
    /// - Parameter requests: the requests the rows will make (their priority is ignored).
    public func startPrefetching(with requests: [ImageRequest]) {
        for request in requests {
            let key = request.processingKey
            guard pipeline.configuration.memoryCache?.image(for: request) == nil else { continue }
            var prefetch = request
            prefetch.priority = .prefetch
            let pipeline = pipeline
            state.withLock { state in
                guard state.tasks[key] == nil else { return }
                let id = state.nextID
                state.nextID += 1
                let task = Task { [weak self, prefetch] in
                    _ = try? await pipeline.image(for: prefetch)
                    self?.finished(key, id: id)
                }
                state.tasks[key] = (id, task)
            }
        }
    }

    /// Forgets a prefetch that ended by itself, so a later start can try again, unless it
    /// was stopped and restarted meanwhile.
    private func finished(_ key: ProcessingKey, id: UInt64) {
        state.withLock { state in
            if state.tasks[key]?.id == id { state.tasks[key] = nil }
        }
    }

    /// Cancels the prefetches of `requests`, if running.
    /// - Parameter requests: requests given to ``startPrefetching(with:)`` earlier.
    public func stopPrefetching(with requests: [ImageRequest]) {
        let tasks = state.withLock { state in
            requests.compactMap { state.tasks.removeValue(forKey: $0.processingKey)?.task }
        }
        for task in tasks { task.cancel() }
    }

    /// Cancels every prefetch.
    public func stopPrefetching() {
        let tasks = state.withLock { state in
            defer { state.tasks.removeAll() }
            return state.tasks.values.map(\.task)
        }
        for task in tasks { task.cancel() }
    }

    /// How many prefetches are running or queued.
    public var activeCount: Int { state.withLock { $0.tasks.count } }
}
