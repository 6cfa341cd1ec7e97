import Synchronization

/// Counts requests in flight and pushes every change to subscribers, so that a status bar
/// can show "2 in flight" without polling.
///
/// A subscriber is a callback, called on the thread that counted: an app posts the count into
/// its own queue, one thread hand-off per change, where a stream read by a task cost two or
/// three (issue 29). ``updates()`` is a stream built on it.
final class InFlightCounter: Sendable {
    private struct Subscriber {
        let change: @Sendable (Int) -> Void
        let end: @Sendable () -> Void
    }

    private struct State {
        var count = 0
        var nextSubscriber = 0
        var subscribers: [Int: Subscriber] = [:]
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
        for subscriber in subscribers { subscriber.end() }
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
            for subscriber in subscribers { subscriber.change(count) }
        }
    }

    /// Calls `change` with the current count at once, then with every change, in order, on
    /// the thread that counted (it must return quickly), until ``stopObserving(_:)``.
    /// - Parameters:
    ///   - change: takes the count.
    ///   - end: called if the counter goes away first.
    /// - Returns: the subscription's number, for ``stopObserving(_:)``.
    func observe(_ change: @escaping @Sendable (Int) -> Void, end: @escaping @Sendable () -> Void = {}) -> Int {
        yielding.withLock { _ in
            let (id, count) = state.withLock { state in
                let id = state.nextSubscriber
                state.nextSubscriber += 1
                state.subscribers[id] = Subscriber(change: change, end: end)
                return (id, state.count)
            }
            change(count)
            return id
        }
    }

    /// Ends a subscription; its callback is not called after this returns, unless a change
    /// being delivered on another thread already had it.
    func stopObserving(_ id: Int) {
        state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
    }

    /// The current count, then every change; a reader that falls behind gets the latest.
    func updates() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        let id = observe({ continuation.yield($0) }, end: { continuation.finish() })
        continuation.onTermination = { [weak self] _ in self?.stopObserving(id) }
        return stream
    }
}
