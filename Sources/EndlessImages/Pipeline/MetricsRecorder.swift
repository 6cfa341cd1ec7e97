import Synchronization

/// The pipeline's counters, updated from its actor and from its background tasks alike.
///
/// Tests can wait for a condition on the counters (``wait(until:)``) instead of sleeping: for
/// example, until 99 of 100 requests have joined a download held open by a mock loader.
final class MetricsRecorder: Sendable {
    private struct State {
        var metrics = ImagePipelineMetrics()
        var watchers: [(condition: @Sendable (ImagePipelineMetrics) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    /// The counters now.
    var snapshot: ImagePipelineMetrics { state.withLock { $0.metrics } }

    /// Applies `change` and wakes the watchers whose condition now holds.
    func record(_ change: (inout ImagePipelineMetrics) -> Void) {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            change(&state.metrics)
            let metrics = state.metrics
            let ready = state.watchers.filter { $0.condition(metrics) }.map(\.continuation)
            state.watchers.removeAll { $0.condition(metrics) }
            return ready
        }
        ready.forEach { $0.resume() }
    }

    /// Suspends until `condition` holds for the counters.
    func wait(until condition: @escaping @Sendable (ImagePipelineMetrics) -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if condition(state.metrics) { return true }
                state.watchers.append((condition, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
