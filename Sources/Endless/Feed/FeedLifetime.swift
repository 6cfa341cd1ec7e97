import Synchronization

/// The tasks a feed has started, one per direction, so its `deinit` can cancel them all.
///
/// A separate `Sendable` object because a `@MainActor` class's `deinit` is not isolated to the
/// main actor: it may only touch `Sendable` state, and the Mutex makes this class that.
final class FeedLifetime: Sendable {
    private let cancellers = Mutex<[LoadDirection: @Sendable () -> Void]>([:])

    /// Remembers the task now loading `direction` (the previous one has finished or was
    /// cancelled already).
    func track<Success: Sendable>(_ task: Task<Success, Never>, for direction: LoadDirection) {
        cancellers.withLock { $0[direction] = { task.cancel() } }
    }

    /// Cancels the task loading `direction`, if any.
    func cancel(_ direction: LoadDirection) {
        let cancel = cancellers.withLock { $0.removeValue(forKey: direction) }
        cancel?()
    }

    /// Cancels everything; called when the feed goes away.
    func end() {
        let all = cancellers.withLock { cancellers in
            defer { cancellers.removeAll() }
            return Array(cancellers.values)
        }
        for cancel in all { cancel() }
    }
}
