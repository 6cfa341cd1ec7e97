import Synchronization

/// An async semaphore whose queue is ordered by priority: at most `limit` holders at once;
/// when a slot frees up it goes to the highest-priority waiter, the earliest among equals.
///
/// A waiter whose task is cancelled leaves the queue at once (its slot was never taken), so a
/// prefetch nobody wants any more does not hold up the rows on screen. A queued waiter's
/// priority can be raised while it waits.
final class PriorityGate: Sendable {
    /// A place in the gate: queued, then holding a slot until ``release(_:)``.
    struct Token: Hashable, Sendable {
        fileprivate let id: UInt64
    }

    private enum Phase {
        /// Made, not yet waiting.
        case created(priority: ImagePriority)
        case queued(priority: ImagePriority, continuation: CheckedContinuation<Void, any Error>)
        case holding
        /// Cancelled before it started waiting.
        case cancelled
    }

    private struct State {
        var available: Int
        var phases: [UInt64: Phase] = [:]
        var nextID: UInt64 = 0
        var queueWatchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        var queuedCount: Int {
            phases.values.reduce(0) { count, phase in
                if case .queued = phase { return count + 1 }
                return count
            }
        }

        /// Removes and returns the watchers whose count is reached.
        mutating func satisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
            let queued = queuedCount
            let ready = queueWatchers.filter { queued >= $0.count }.map(\.continuation)
            queueWatchers.removeAll { queued >= $0.count }
            return ready
        }
    }

    /// The most holders at once.
    let limit: Int
    private let state: Mutex<State>

    /// Creates a gate with `limit` slots (at least 1).
    init(limit: Int) {
        self.limit = max(1, limit)
        state = Mutex(State(available: max(1, limit)))
    }

    /// A new token at `priority`; pass it to ``acquire(_:)``.
    func makeToken(priority: ImagePriority) -> Token {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.phases[id] = .created(priority: priority)
            return Token(id: id)
        }
    }

    /// Waits for a slot; the caller must ``release(_:)`` it afterwards.
    /// - Throws: `CancellationError` if the task is cancelled while queued (no slot is held
    ///   then, and none must be released).
    func acquire(_ token: Token) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (granted, watchers) = state.withLock { state -> (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) in
                    switch state.phases[token.id] {
                    case .created(let priority):
                        if state.available > 0 {
                            state.available -= 1
                            state.phases[token.id] = .holding
                            return (.success(()), [])
                        }
                        state.phases[token.id] = .queued(priority: priority, continuation: continuation)
                        return (nil, state.satisfiedWatchers())
                    case .cancelled, nil:
                        state.phases[token.id] = nil
                        return (.failure(CancellationError()), [])
                    case .queued, .holding:
                        preconditionFailure("a gate token was acquired twice")
                    }
                }
                watchers.forEach { $0.resume() }
                if let granted { continuation.resume(with: granted) }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                switch state.phases[token.id] {
                case .created:
                    state.phases[token.id] = .cancelled
                    return nil
                case .queued(_, let continuation):
                    state.phases[token.id] = nil
                    return continuation
                case .holding, .cancelled, nil:
                    return nil
                }
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Raises or lowers a token's priority while it is queued (no effect once it holds a slot).
    func updatePriority(_ token: Token, to priority: ImagePriority) {
        state.withLock { state in
            switch state.phases[token.id] {
            case .created: state.phases[token.id] = .created(priority: priority)
            case .queued(_, let continuation):
                state.phases[token.id] = .queued(priority: priority, continuation: continuation)
            default: break
            }
        }
    }

    /// Gives a held slot back; it goes to the highest-priority queued waiter, the earliest
    /// among equals (tokens are numbered in arrival order).
    func release(_ token: Token) {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            guard case .holding = state.phases.removeValue(forKey: token.id) else { return nil }
            var best: (id: UInt64, priority: ImagePriority, continuation: CheckedContinuation<Void, any Error>)?
            for (id, phase) in state.phases {
                guard case .queued(let priority, let continuation) = phase else { continue }
                if let current = best, current.priority > priority || (current.priority == priority && current.id < id) {
                    continue
                }
                best = (id, priority, continuation)
            }
            guard let best else {
                state.available += 1
                return nil
            }
            state.phases[best.id] = .holding
            return best.continuation
        }
        next?.resume()
    }

    /// How many waiters are queued for a slot.
    var queuedCount: Int { state.withLock { $0.queuedCount } }

    /// Suspends until at least `count` waiters are queued: lets a test fill the gate, then act,
    /// without polling or sleeping.
    func queued(atLeast count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.queuedCount >= count { return true }
                state.queueWatchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
