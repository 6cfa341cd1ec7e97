import Foundation

/// Loads images for display: memory cache, then disk cache, then the network; decodes and
/// resizes off the actor; shares work between callers who want the same thing.
///
/// ```swift
/// let pipeline = ImagePipeline(configuration: .init(dataLoader: httpClient))
/// let request = ImageRequest(url: avatarURL, targetSize: PixelSize(width: 48, height: 48))
/// if let image = pipeline.cachedImage(for: request) { draw(image) }   // first frame, no flicker
/// else { let image = try await pipeline.image(for: request); if image.request == row.request { draw(image) } }
/// ```
///
/// - Coalescing: concurrent requests with the same URL, size and content mode share one
///   download and one decode; requests for the same URL at other sizes share the download.
/// - Cancellation: cancelling a caller's task ends only that caller's wait. When the last
///   caller of a download or decode leaves, the work is cancelled, down to the loader
///   (a started download may instead finish: ``Configuration/finishesStartedDownloads``).
/// - Limits: at most ``Configuration/maximumConcurrentDownloads`` downloads and
///   ``Configuration/maximumConcurrentDecodes`` decodes at once; queued work goes by priority
///   (``ImagePriority``), and a queued request everyone has left is dropped from the queue.
/// - Tagging: every image carries the request it answers (``DecodedImage/request``).
///
/// The actor only keeps the table of work in flight. Downloads and disk reads run in
/// background tasks, and decodes on a dispatch queue, so it never blocks.
public actor ImagePipeline {
    /// What this pipeline was built from.
    public nonisolated let configuration: Configuration
    nonisolated let downloadGate: PriorityGate
    nonisolated let decodeGate: PriorityGate
    nonisolated let recorder = MetricsRecorder()

    /// Decodes in flight, by what they produce.
    private var decodeTasks: [ProcessingKey: CoalescedTask<DecodedImage>] = [:]
    /// Downloads (or disk reads) in flight, by URL.
    private var dataTasks: [String: CoalescedTask<Data>] = [:]
    /// Callers of ``idle()``.
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    /// Creates a pipeline.
    /// - Parameter configuration: the loader, caches and limits.
    public init(configuration: Configuration) {
        self.configuration = configuration
        downloadGate = PriorityGate(limit: configuration.maximumConcurrentDownloads)
        decodeGate = PriorityGate(limit: configuration.maximumConcurrentDecodes)
    }

    /// What the pipeline has done so far: cache hits, downloads, decodes, cancellations.
    public nonisolated var metrics: ImagePipelineMetrics { recorder.snapshot }

    /// The image for `request` if the memory cache has it, synchronously: call it while
    /// building a row's first frame, and draw a cached avatar with no placeholder at all.
    /// - Parameter request: what to look up (the priority does not matter).
    /// - Returns: the cached image, tagged with `request`, or `nil`.
    public nonisolated func cachedImage(for request: ImageRequest) -> DecodedImage? {
        guard let image = configuration.memoryCache?.image(for: request) else { return nil }
        recorder.record { $0.memoryHits += 1 }
        return image
    }

    /// The image for `request`, from the memory cache, the disk cache or the network.
    /// - Parameter request: the URL, target size, content mode and priority.
    /// - Returns: the image, tagged with `request`.
    /// - Throws: `CancellationError` if the calling task is cancelled; ``ImageError`` if the
    ///   request or the bytes are unusable; the loader's errors unchanged.
    public func image(for request: ImageRequest) async throws -> DecodedImage {
        guard request.targetSize.width >= 1, request.targetSize.height >= 1 else {
            recorder.record { $0.failures += 1 }
            throw ImageError.invalidTargetSize(request.targetSize)
        }
        if let image = cachedImage(for: request) { return image }
        let key = request.processingKey
        let task: CoalescedTask<DecodedImage>
        let ticket: CoalescedTask<DecodedImage>.Ticket
        if let existing = decodeTasks[key], let joined = existing.reserve(priority: request.priority) {
            (task, ticket) = (existing, joined)
            recorder.record { $0.coalescedRequests += 1 }
        } else {
            let recorder = recorder
            (task, ticket) = CoalescedTask<DecodedImage>.withFirstWaiter(priority: request.priority) {
                recorder.record { $0.cancellations += 1 }
            }
            decodeTasks[key] = task
            task.start(priority: request.priority.taskPriority) { [self] in
                try await decode(request, for: task)
            } completion: { [self] in
                await forgetDecode(key, task)
            }
        }
        do {
            return try await task.value(for: ticket).tagged(with: request)
        } catch {
            if !(error is CancellationError) { recorder.record { $0.failures += 1 } }
            throw error
        }
    }

    /// Joins or starts the download (or disk read) of `url` on behalf of `decode`, whose
    /// priority it follows from then on: a visible row joining the decode hurries the download
    /// too. The link is made here, on the actor, before the download can be given a slot (made
    /// after the hop back, a slot freed meanwhile went by the download's old priority).
    /// - Throws: `CancellationError` when the decode was cancelled before or while joining
    ///   (having left the download at once).
    func dataTask(
        for url: URL, following decode: CoalescedTask<DecodedImage>, joining: JoiningDownload
    ) throws -> (task: CoalescedTask<Data>, ticket: CoalescedTask<Data>.Ticket) {
        let priority = decode.priority
        guard !joining.isCancelled else { throw CancellationError() }
        let key = url.absoluteString
        let joined: (task: CoalescedTask<Data>, ticket: CoalescedTask<Data>.Ticket)
        if let existing = dataTasks[key], let ticket = existing.reserve(priority: priority) {
            recorder.record { $0.coalescedRequests += 1 }
            joined = (existing, ticket)
        } else {
            let (task, ticket) = CoalescedTask<Data>.withFirstWaiter(priority: priority)
            dataTasks[key] = task
            task.start(priority: priority.taskPriority) { [self] in
                try await load(url, for: task)
            } completion: { [self] in
                await forgetData(key, task)
            }
            joined = (task, ticket)
        }
        guard joining.attach({ joined.task.leave(joined.ticket) }) else {
            joined.task.leave(joined.ticket)
            throw CancellationError()
        }
        decode.setPriorityObserver { joined.task.updatePriority(joined.ticket, to: $0) }
        return joined
    }

    private func forgetDecode(_ key: ProcessingKey, _ task: CoalescedTask<DecodedImage>) {
        if decodeTasks[key] === task { decodeTasks[key] = nil }
        resumeIdleWaitersIfIdle()
    }

    private func forgetData(_ key: String, _ task: CoalescedTask<Data>) {
        if dataTasks[key] === task { dataTasks[key] = nil }
        resumeIdleWaitersIfIdle()
    }

    /// How many downloads and decodes are in flight (queued or running).
    var tasksInFlight: (downloads: Int, decodes: Int) { (dataTasks.count, decodeTasks.count) }

    /// Suspends until no download or decode is in flight, including work that is winding down
    /// after its last waiter left.
    func idle() async {
        guard !dataTasks.isEmpty || !decodeTasks.isEmpty else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    private func resumeIdleWaitersIfIdle() {
        guard dataTasks.isEmpty, decodeTasks.isEmpty else { return }
        let waiters = idleWaiters
        idleWaiters.removeAll()
        waiters.forEach { $0.resume() }
    }
}
