import Synchronization

/// The loop's inbox: terminal events, observed changes and timers, first in first out, posted
/// from any thread and taken by the loop alone.
///
/// Its own queue rather than an `AsyncStream` so the loop can tell "nothing is waiting" from
/// "something is": it draws once it has taken everything that was waiting, which is what makes
/// a burst of changes cost one frame.
///
/// A running loop is woken by a call (see ``wake(by:)``), not by resuming a waiting task: a task
/// suspended in ``next()`` and resumed from another thread is enqueued on the global executor
/// first and only then hops to the main actor, one thread hand-off more for every key
/// (issue 29: 6.7 thread wake-ups a held `j`, 4.6 with the call).
final class LoopInbox<Event: Sendable>: Sendable {
    private struct State {
        var events: [Event] = []
        var head = 0
        var waiter: CheckedContinuation<Event?, Never>?
        var isFinished = false
        /// What wakes the loop, once it has asked to be woken.
        var wake: (@Sendable () -> Void)?
        /// A wake is on its way or the loop is taking events: another one would be spent.
        var isWakeOutstanding = false

        /// The wake to call for an event just posted, unless one is outstanding already.
        mutating func takeWake() -> (@Sendable () -> Void)? {
            guard let wake, !isWakeOutstanding else { return nil }
            isWakeOutstanding = true
            return wake
        }
    }

    private let state = Mutex(State())

    /// Adds an event; wakes the loop if it is waiting. Ignored once finished.
    func post(_ event: Event) {
        let (waiter, wake) = state.withLock {
            state -> (CheckedContinuation<Event?, Never>?, (@Sendable () -> Void)?) in
            guard !state.isFinished else { return (nil, nil) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (waiter, nil)
            }
            state.events.append(event)
            return (nil, state.takeWake())
        }
        waiter?.resume(returning: event)
        wake?()
    }

    /// From now on, an event posted while the loop is idle calls `wake` (on the posting thread,
    /// outside the inbox's lock). The loop, woken, takes what is waiting and then calls
    /// ``loopIsIdle()``; no other wake comes until it has. Calls `wake` at once if events are
    /// waiting already.
    /// - Parameter wake: arranges for the loop to take the waiting events: it must not take
    ///   them itself, on the posting thread.
    func wake(by wake: @escaping @Sendable () -> Void) {
        let now = state.withLock { state -> (@Sendable () -> Void)? in
            state.wake = wake
            state.isWakeOutstanding = false
            return state.head < state.events.count || state.isFinished ? state.takeWake() : nil
        }
        now?()
    }

    /// The woken loop has taken everything it found: returns true if the inbox is empty, and
    /// the next event posts a wake; false if an event came meanwhile or the inbox is finished
    /// (the wake stays the loop's, to take it or to end).
    func loopIsIdle() -> Bool {
        state.withLock { state in
            guard state.head >= state.events.count, !state.isFinished else { return false }
            state.isWakeOutstanding = false
            return true
        }
    }

    /// Whether a caller waits in ``next()`` (for tests).
    var hasWaiter: Bool { state.withLock { $0.waiter != nil } }

    /// Whether the inbox has been finished (see ``finish()``).
    var isFinished: Bool { state.withLock { $0.isFinished } }

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

    /// The next event, waiting for one; nil once finished, or once the waiting task is
    /// cancelled. For a caller that is not the running loop (a test taking a timer's event):
    /// the loop is woken by ``wake(by:)``. A test's time limit cancels it, so a wait for an
    /// event that never comes ends the test instead of hanging the run.
    ///
    /// It runs on the caller's actor: a plain nonisolated `async` function would hop to the
    /// global executor to wait and back with the event.
    nonisolated(nonsending) func next() async -> Event? {
        if let event = poll() { return event }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Event?, Never>) in
                let ready = state.withLock { state -> (Event?)? in
                    if state.head < state.events.count {
                        let event = state.events[state.head]
                        state.head += 1
                        return .some(event)
                    }
                    // Checked under the lock the handler takes: either it finds the waiter
                    // below, or the wait sees the cancellation here.
                    if state.isFinished || Task.isCancelled { return .some(nil) }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: nil)
        }
    }

    /// Ends the inbox: a waiting loop gets nil, later posts are dropped.
    func finish() {
        let (waiter, wake) = state.withLock { state -> (CheckedContinuation<Event?, Never>?, (@Sendable () -> Void)?) in
            state.isFinished = true
            defer { state.waiter = nil }
            return (state.waiter, state.takeWake())
        }
        waiter?.resume(returning: nil)
        wake?()
    }
}
