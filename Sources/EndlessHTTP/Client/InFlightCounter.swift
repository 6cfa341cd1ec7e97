import Synchronization

/// Counts requests in flight and pushes every change to subscribers, so that a status bar
/// can show "2 in flight" without polling.
final class InFlightCounter: Sendable {
    private struct State {
        var count = 0
        var nextSubscriber = 0
        var subscribers: [Int: AsyncStream<Int>.Continuation] = [:]
    }

    private let state = Mutex(State())

    deinit {
        let subscribers = state.withLock { state in
            defer { state.subscribers.removeAll() }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.finish() }
    }

    var count: Int { state.withLock { $0.count } }

    func increment() { change(by: 1) }

    func decrement() { change(by: -1) }

    private func change(by delta: Int) {
        state.withLock { state in
            state.count += delta
            // Yielding under the lock keeps every subscriber's last value equal to the count;
            // yield never blocks and never calls back into this counter.
            for subscriber in state.subscribers.values { subscriber.yield(state.count) }
        }
    }

    /// The current count, then every change; a reader that falls behind gets the latest.
    func updates() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            let id = state.nextSubscriber
            state.nextSubscriber += 1
            state.subscribers[id] = continuation
            continuation.yield(state.count)
            return id
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }
}
