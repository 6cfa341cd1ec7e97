import Synchronization

/// The loop's inbox: terminal events, observed changes and timers, first in first out, posted
/// from any thread and taken by the loop alone.
///
/// Its own queue rather than an `AsyncStream` so the loop can tell "nothing is waiting" from
/// "something is": it draws once it has taken everything that was waiting, which is what makes
/// a burst of changes cost one frame.
final class LoopInbox<Event: Sendable>: Sendable {
    private struct State {
        var events: [Event] = []
        var head = 0
        var waiter: CheckedContinuation<Event?, Never>?
        var isFinished = false
    }

    private let state = Mutex(State())

    /// Adds an event; wakes the loop if it is waiting. Ignored once finished.
    func post(_ event: Event) {
        let waiter = state.withLock { state -> CheckedContinuation<Event?, Never>? in
            guard !state.isFinished else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.events.append(event)
            return nil
        }
        waiter?.resume(returning: event)
    }

    /// The next event, without waiting; nil when none is waiting.
    func poll() -> Event? {
        state.withLock { state in
            guard state.head < state.events.count else { return nil }
            let event = state.events[state.head]
            state.head += 1
            // Compact once the taken part dominates, so the array does not grow with the session.
            if state.head > 64, state.head * 2 > state.events.count {
                state.events.removeFirst(state.head)
                state.head = 0
            }
            return event
        }
    }

    /// The next event, waiting for one; nil once finished.
    ///
    /// It runs on the caller's actor, and the post that ends a wait resumes the loop there: a
    /// plain nonisolated `async` function would hop to the global executor to wait and back to
    /// the main actor with the event, two thread hand-offs more for every wake (issue 29).
    nonisolated(nonsending) func next() async -> Event? {
        if let event = poll() { return event }
        return await withCheckedContinuation { (continuation: CheckedContinuation<Event?, Never>) in
            let ready = state.withLock { state -> (Event?)? in
                if state.head < state.events.count {
                    let event = state.events[state.head]
                    state.head += 1
                    return .some(event)
                }
                if state.isFinished { return .some(nil) }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Ends the inbox: a waiting loop gets nil, later posts are dropped.
    func finish() {
        let waiter = state.withLock { state -> CheckedContinuation<Event?, Never>? in
            state.isFinished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }
}
