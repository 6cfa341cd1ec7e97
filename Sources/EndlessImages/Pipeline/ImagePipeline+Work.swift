import Foundation

/// The work behind a coalesced task, run in the task's own background task, never on the
/// actor (except for the short hop to find or start a download).
extension ImagePipeline {
    /// Gets the bytes, waits for a decode slot, decodes and resizes on a dispatch queue, and
    /// keeps the result in the memory cache.
    nonisolated func decode(
        _ request: ImageRequest, for task: CoalescedTask<DecodedImage>
    ) async throws -> DecodedImage {
        // Cancelled while hopping to or from the actor, this decode would keep its place on the
        // download until it next ran, and a slot freed meanwhile could start the download no one
        // wants: the handler covers the hops, leaving the download as soon as it is joined.
        let joining = JoiningDownload()
        let data = try await withTaskCancellationHandler {
            let download = try await dataTask(for: request.url, following: task, joining: joining)
            return try await download.task.value(for: download.ticket)
        } onCancel: {
            joining.cancel()
        }

        let token = try await slot(in: decodeGate, for: task)
        defer { decodeGate.release(token) }

        let decoder = configuration.decoder
        let (outcome, elapsed) = await withCheckedContinuation {
            (continuation: CheckedContinuation<(Result<DecodedImage, ImageError>, Duration), Never>) in
            // A dispatch queue, not the cooperative pool: decoding blocks a thread for
            // milliseconds, and the pool's few threads also serve the app's other tasks.
            DispatchQueue.global(qos: request.priority >= .visible ? .userInitiated : .utility).async {
                let clock = ContinuousClock()
                let start = clock.now
                let outcome = Result { () throws(ImageError) in try decoder.decode(data, for: request) }
                continuation.resume(returning: (outcome, clock.now - start))
            }
        }
        // Cached before it is counted, so whoever sees the count can find the image.
        if case .success(let image) = outcome { configuration.memoryCache?.store(image) }
        recorder.record {
            $0.decodes += 1
            $0.totalDecodeTime += elapsed
        }
        switch outcome {
        case .success(let image):
            return image
        case .failure(let error):
            // Bytes that do not decode (say, an HTML error page served with 200) must not be
            // served from disk forever: drop them so a retry downloads afresh.
            configuration.diskCache?.removeData(for: request.url)
            throw error
        }
    }

    /// The bytes for `url`: from the disk cache, or downloaded (in a download slot) and then
    /// stored on disk.
    nonisolated func load(_ url: URL, for task: CoalescedTask<Data>) async throws -> Data {
        if let data = configuration.diskCache?.data(for: url) {
            recorder.record { $0.diskHits += 1 }
            return data
        }
        recorder.record { $0.misses += 1 }
        let token = try await slot(in: downloadGate, for: task)
        defer { downloadGate.release(token) }

        // Started, the download is no longer cancelled by its waiters leaving; in a task of
        // its own, it cost a task and a thread hand-off more for every picture (issue 29).
        if configuration.finishesStartedDownloads { task.runToEnd() }
        let data = try await configuration.dataLoader.data(for: url)
        configuration.diskCache?.store(data, for: url)
        recorder.record {
            $0.downloads += 1
            $0.bytesDownloaded += data.count
        }
        return data
    }

    /// Waits for a slot in `gate`, queued at `task`'s priority and following it while queued
    /// (a visible row joining a prefetch moves it forward).
    /// - Returns: the held slot; release it when the work is done.
    /// - Throws: `CancellationError` if the task is cancelled while queued, or by the time the
    ///   slot is granted (the slot is then given back).
    private nonisolated func slot<Value>(
        in gate: PriorityGate, for task: CoalescedTask<Value>
    ) async throws -> PriorityGate.Token {
        let token = gate.makeToken(priority: task.priority)
        task.setPriorityObserver { gate.updatePriority(token, to: $0) }
        try await gate.acquire(token)
        task.setPriorityObserver(nil)
        if Task.isCancelled {
            gate.release(token)
            throw CancellationError()
        }
        return token
    }
}
