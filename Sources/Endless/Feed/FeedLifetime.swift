import Synchronization

/// The tasks a feed has started (the refresh, and every append and prepend in flight), so
/// each can be cancelled when its result is no longer wanted and all of them when the feed
/// goes away.
///
/// A separate `Sendable` object because a `@MainActor` class's `deinit` is not isolated to the
/// main actor: it may only touch `Sendable` state, and the Mutex makes this class that.
final class FeedLifetime: Sendable {
    private let cancellers = Mutex<[Int: @Sendable () -> Void]>([:])

    /// Remembers a task by the id of the load it runs.
    func track<Success: Sendable>(_ task: Task<Success, Never>, id: Int) {
        cancellers.withLock { $0[id] = { task.cancel() } }
    }

    /// Cancels the task of a load, if it is still tracked.
    func cancel(_ id: Int) {
        let cancel = cancellers.withLock { $0.removeValue(forKey: id) }
        cancel?()
    }

    /// Stops tracking a load whose task has finished.
    func forget(_ id: Int) {
        _ = cancellers.withLock { $0.removeValue(forKey: id) }
    }

    /// How many tasks are tracked (for tests: nothing leaks).
    var count: Int { cancellers.withLock { $0.count } }

    /// Cancels everything; called when the feed goes away.
    func end() {
        let all = cancellers.withLock { cancellers in
            defer { cancellers.removeAll() }
            return Array(cancellers.values)
        }
        for cancel in all { cancel() }
    }
}
