import Synchronization
import Testing

/// A bounded wait for an event a test cannot wait for otherwise: the continuation can be
/// resumed from three places (the event, the task's cancellation, its time budget running
/// out) and is resumed exactly once, whichever comes first, even before it is installed.
///
/// Every wait in this library goes through it, so a test whose event never comes (a broken
/// contract, or its time limit, which cancels it) fails in seconds instead of hanging the run.
/// Test doubles use it the same way: keep the resumers of the waits a condition satisfies, and
/// resume them when it holds.
///
/// ```swift
/// func value(atLeast target: Int) async {
///     await OnceResumer.wait("count \(target)") { resumer in
///         let ready = state.withLock { state in
///             if state.value >= target { return true }
///             state.waiters.append((target, resumer))
///             return false
///         }
///         if ready { resumer.resume() }
///     }
/// }
/// ```
public final class OnceResumer: Sendable {
    /// How a wait ended.
    public enum Ending: Sendable, Equatable {
        /// The event came: ``resume()`` was called.
        case resumed
        /// The waiting task was cancelled (a test's time limit, or a race that was won).
        case cancelled
        /// The time budget ran out first.
        case timedOut
    }

    private struct State {
        var continuation: CheckedContinuation<Void, Never>?
        var ending: Ending?
    }

    private let state = Mutex(State())

    /// Creates a resumer that nothing waits on yet.
    public init() {}

    /// How the wait ended, or nil while it lasts.
    public var ending: Ending? { state.withLock { $0.ending } }

    /// Resumes the wait, if nothing else ended it first: the event came.
    public func resume() { end(.resumed) }

    /// Suspends until `arm` leads to ``resume()``, the task is cancelled, or `limit` passes
    /// (times ``TimeBudget/scale``); in the last case it records an issue saying what did
    /// not happen, at the caller's line.
    ///
    /// `arm` may run on any thread, so it may touch only thread-safe state.
    ///
    /// - Parameters:
    ///   - event: what is awaited, for the issue, e.g. `"2 requests"`.
    ///   - limit: the budget in an ordinary debug build.
    ///   - fileID: the caller's file, where the issue is recorded; a helper that waits for
    ///     its caller passes its own caller's (and its `filePath`, `line` and `column`).
    ///   - filePath: the caller's file path, for the issue.
    ///   - line: the caller's line, for the issue.
    ///   - column: the caller's column, for the issue.
    ///   - arm: registers the resumer wherever the awaited event will resume it (or resumes it
    ///     at once if the event already happened).
    /// - Returns: whether the event came.
    @discardableResult
    public static func wait(
        _ event: @autoclosure () -> String, within limit: Duration = TimeBudget.standardWait,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ arm: @escaping @Sendable (OnceResumer) -> Void
    ) async -> Bool {
        await wait(
            event(), within: limit,
            sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column), arm)
    }

    /// Suspends until `arm` leads to ``resume()``, the task is cancelled, or `limit` passes;
    /// for helpers that take their caller's `#_sourceLocation`.
    ///
    /// - Parameters:
    ///   - event: what is awaited, for the issue.
    ///   - limit: the budget in an ordinary debug build.
    ///   - sourceLocation: where the issue is recorded if `limit` passes.
    ///   - arm: registers the resumer wherever the awaited event will resume it.
    /// - Returns: whether the event came.
    @discardableResult
    public static func wait(
        _ event: @autoclosure () -> String, within limit: Duration = TimeBudget.standardWait,
        sourceLocation: SourceLocation, _ arm: @escaping @Sendable (OnceResumer) -> Void
    ) async -> Bool {
        let resumer = OnceResumer()
        let ending = await resumer.suspend(until: .now + TimeBudget.scaled(limit)) { arm(resumer) }
        if ending == .timedOut { recordTimeout(event(), limit: limit, at: sourceLocation) }
        return ending == .resumed
    }

    /// Suspends until ``resume()``, cancellation or `deadline`, calling `arm` once suspended.
    func suspend(until deadline: ContinuousClock.Instant, _ arm: @Sendable () -> Void) async -> Ending {
        let timer = endOnTimeout(at: deadline)
        defer { Watchdog.shared.forget(timer) }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                install(continuation)
                arm()
            }
        } onCancel: {
            end(.cancelled)
        }
        return ending ?? .resumed
    }

    /// Ends the wait with ``Ending/timedOut`` at `deadline`, unless the returned ticket is
    /// forgotten first (``Watchdog/forget(_:)``).
    func endOnTimeout(at deadline: ContinuousClock.Instant) -> Watchdog.Ticket {
        Watchdog.shared.at(deadline) { [self] in end(.timedOut) }
    }

    /// Records that `event` did not come within `limit`.
    static func recordTimeout(_ event: String, limit: Duration, at location: SourceLocation) {
        let scaled = TimeBudget.scale == 1 ? "" : " (\(limit) × \(TimeBudget.scale))"
        let message =
            "Gave up waiting for \(event) after \(TimeBudget.scaled(limit))\(scaled): the wait ends so that "
            + "the test fails instead of hanging"
        Issue.record(Comment(rawValue: message), sourceLocation: location)
    }

    /// Hands over the continuation; resumes it at once if the wait already ended.
    func install(_ continuation: CheckedContinuation<Void, Never>) {
        let resumeNow = state.withLock { state -> Bool in
            if state.ending != nil { return true }
            state.continuation = continuation
            return false
        }
        if resumeNow { continuation.resume() }
    }

    /// Ends the wait for `reason`, if it has not ended yet.
    func end(_ reason: Ending) {
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.ending == nil else { return nil }
            state.ending = reason
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume()
    }
}
