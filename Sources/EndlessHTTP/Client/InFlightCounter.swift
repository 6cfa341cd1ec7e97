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
    /// Held while yielding, so that subscribers see changes in the order they were counted.
    /// Never held with `state`'s lock by anything else: a yield resumes the reader's task and
    /// takes that task's status lock, and cancelling that task holds its status lock while
    /// `onTermination` takes `state`'s lock; yielding under `state`'s lock deadlocked the two
    /// (seen as `endless` not quitting on q while a request started).
    private let yielding = Mutex(())

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
        yielding.withLock { _ in
            let (count, subscribers) = state.withLock { state in
                state.count += delta
                return (state.count, Array(state.subscribers.values))
            }
            for subscriber in subscribers { subscriber.yield(count) }
        }
    }

    /// The current count, then every change; a reader that falls behind gets the latest.
    func updates() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let id = yielding.withLock { _ in
            let (id, count) = state.withLock { state in
                let id = state.nextSubscriber
                state.nextSubscriber += 1
                state.subscribers[id] = continuation
                return (id, state.count)
            }
            continuation.yield(count)
            return id
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }
}
