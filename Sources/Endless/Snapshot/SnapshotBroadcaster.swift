import Synchronization

/// Hands every snapshot to every subscriber's `AsyncStream`, keeping only the newest one for a
/// subscriber that has not caught up.
///
/// `Sendable` (through the Mutex) because streams end from any thread (`onTermination`) and
/// the feed's non-isolated `deinit` finishes them.
final class SnapshotBroadcaster<Snapshot: Sendable>: Sendable {
    private struct State {
        var nextID = 0
        var continuations: [Int: AsyncStream<Snapshot>.Continuation] = [:]
        var finished = false
    }

    private let state = Mutex(State())

    var hasSubscribers: Bool { state.withLock { !$0.continuations.isEmpty } }

    /// A new stream that starts with `current` and then gets every later snapshot, newest
    /// first-come: a slow reader skips intermediate states, never the latest one.
    func subscribe(current: Snapshot) -> AsyncStream<Snapshot> {
        let (stream, continuation) = AsyncStream.makeStream(of: Snapshot.self, bufferingPolicy: .bufferingNewest(1))
        continuation.yield(current)
        let id = state.withLock { state -> Int? in
            guard !state.finished else { return nil }
            defer { state.nextID += 1 }
            state.continuations[state.nextID] = continuation
            return state.nextID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    func yield(_ snapshot: Snapshot) {
        // Continuations are called outside the lock: finishing one runs its onTermination,
        // which takes the lock.
        let continuations = state.withLock { Array($0.continuations.values) }
        for continuation in continuations { continuation.yield(snapshot) }
    }

    func finish() {
        let continuations = state.withLock { state in
            state.finished = true
            defer { state.continuations.removeAll() }
            return Array(state.continuations.values)
        }
        for continuation in continuations { continuation.finish() }
    }
}
