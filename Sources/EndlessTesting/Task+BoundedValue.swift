import Synchronization

/// A bounded await ran out of time: what a test waited for did not finish.
public struct TimeoutError: Error, CustomStringConvertible {
    /// The budget that ran out, as written (before ``TimeBudget/scale``).
    public var limit: Duration
    /// The scale it was multiplied by.
    public var scale: Int

    /// Names the budget, and says that what was awaited was cancelled.
    public var description: String {
        let scaled = scale == 1 ? "" : " (\(limit) × \(scale))"
        return "did not finish within \(limit * scale)\(scaled); it was cancelled"
    }
}

extension Task {
    /// The task's value, waited for at most `limit` (times ``TimeBudget/scale``).
    ///
    /// A test that awaits `task.value` hangs for ever if the task never ends, even after its
    /// time limit (which cancels the test, not the tasks it started). This await ends when
    /// the task does, when `limit` passes, or when the waiting task is cancelled; in the last
    /// two cases it cancels the task, so a test that gives up stops what it started, and
    /// throws.
    ///
    /// ```swift
    /// let refresh = Task { await feed.refresh() }
    /// source.release()
    /// guard case .refreshed = try await refresh.value(within: .seconds(20)) else { … }
    /// ```
    ///
    /// - Parameter limit: the budget in an ordinary debug build.
    /// - Returns: the task's value.
    /// - Throws: the task's error; ``TimeoutError`` when `limit` passed first;
    ///   `CancellationError` when the waiting task was cancelled first.
    @discardableResult
    public func value(within limit: Duration) async throws -> Success {
        let outcome = OnceOutcome<Success>()
        // Ends when the task does, which may be never: nothing waits for it.
        Task<Void, Never>.detached {
            switch await self.result {
            case .success(let value): outcome.finish(.success(value))
            case .failure(let error): outcome.finish(.failure(error))
            }
        }
        let timer = Watchdog.shared.at(.now + TimeBudget.scaled(limit)) {
            outcome.finish(.failure(TimeoutError(limit: limit, scale: TimeBudget.scale))) { self.cancel() }
        }
        defer { Watchdog.shared.forget(timer) }
        return try await withTaskCancellationHandler {
            try await outcome.value()
        } onCancel: {
            outcome.finish(.failure(Swift.CancellationError())) { self.cancel() }
        }
    }
}

/// Runs `operation` in a task of its own and waits for it at most `limit` (times
/// ``TimeBudget/scale``); when the limit passes, or the caller is cancelled, the task is
/// cancelled and the wait ends with an error, even if the operation ignores cancellation.
///
/// For awaits in a test that might never end when a contract is broken:
///
/// ```swift
/// try await withTimeout(.seconds(20)) { await server.received.value(atLeast: 2) }
/// ```
///
/// - Parameters:
///   - limit: the budget in an ordinary debug build.
///   - operation: what to wait for; it runs in the caller's isolation.
/// - Returns: what `operation` returned.
/// - Throws: what `operation` threw; ``TimeoutError`` when `limit` passed first;
///   `CancellationError` when the caller was cancelled first.
@discardableResult
public func withTimeout<Success: Sendable>(
    _ limit: Duration,
    @_inheritActorContext _ operation: sending @escaping @isolated(any) () async throws -> Success
) async throws -> Success {
    try await Task(operation: operation).value(within: limit)
}

/// A result delivered once, from whichever of several places comes first, to one waiter.
final class OnceOutcome<Value: Sendable>: Sendable {
    private struct State {
        /// Whether a place has delivered, or is delivering, the result.
        var isClaimed = false
        var result: Result<Value, any Error>?
        var continuation: CheckedContinuation<Value, any Error>?
    }

    private let state = Mutex(State())

    /// Delivers `result` if nothing was delivered yet, after running `first`.
    ///
    /// `first` runs before the waiter resumes, so what it does (cancelling the task that
    /// ran out of time) is done when the waiter sees the result: a test that checks that
    /// the task was cancelled right after its wait threw finds it cancelled.
    ///
    /// - Parameters:
    ///   - result: what the waiter gets.
    ///   - first: what to do before, only if this call delivers.
    /// - Returns: whether this call delivered it.
    @discardableResult
    func finish(_ result: Result<Value, any Error>, first: () -> Void = {}) -> Bool {
        let claimed = state.withLock { state -> Bool in
            guard !state.isClaimed else { return false }
            state.isClaimed = true
            return true
        }
        guard claimed else { return false }
        first()
        let continuation = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            state.result = result
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
        return true
    }

    /// Suspends until a result is delivered.
    func value() async throws -> Value {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            let ready = state.withLock { state -> Result<Value, any Error>? in
                if let result = state.result { return result }
                state.continuation = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
