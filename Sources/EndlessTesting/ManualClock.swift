import Synchronization
import Testing

/// A clock that moves only when a test tells it to.
///
/// Code under test sleeps on it as on any `Clock<Duration>`; the test calls
/// ``advance(by:)`` to wake every sleeper whose deadline has passed. Together with
/// ``sleepers(atLeast:within:fileID:filePath:line:column:)``, which suspends until the code under test is really waiting on the
/// clock, a test steps through retries, timeouts and cooldowns instantly and deterministically,
/// without ever sleeping for real.
///
/// ```swift
/// let clock = ManualClock()
/// let task = Task { try await client.send(endpoint) }   // retries after 0.5 s
/// await clock.sleepers(atLeast: 1)
/// clock.advance(by: .milliseconds(500))
/// ```
public final class ManualClock: Clock, Sendable {
    /// A point on the manual clock's timeline: the time elapsed since the clock was made.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// Time since the clock's origin.
        public var offset: Duration

        /// Creates an instant `offset` after the clock's origin.
        ///
        /// - Parameter offset: time since the origin.
        public init(offset: Duration) { self.offset = offset }

        /// The instant `duration` later (or earlier, if negative).
        ///
        /// - Parameter duration: how far to move.
        /// - Returns: the moved instant.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to another.
        ///
        /// - Parameter other: the later (or earlier) instant.
        /// - Returns: `other.offset − offset`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// `t+<offset>`, e.g. `t+1.5 seconds`.
        public var description: String { "t+\(offset)" }
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID: UInt64 = 0
        var sleepers: [UInt64: Sleeper] = [:]
        /// Sleeps cancelled before their continuation was registered.
        var cancelledBeforeRegistration: Set<UInt64> = []
        var countWaiters: [(count: Int, resumer: OnceResumer)] = []

        /// Removes and returns the count waiters that are now satisfied.
        mutating func satisfiedCountWaiters() -> [OnceResumer] {
            let ready = countWaiters.filter { sleepers.count >= $0.count }
            countWaiters.removeAll { sleepers.count >= $0.count }
            return ready.map(\.resumer)
        }
    }

    private let state = Mutex(State())

    /// Creates a clock at its origin, with nobody sleeping.
    public init() {}

    /// The current instant. It changes only through ``advance(by:)`` and ``advance(to:)``.
    public var now: Instant { state.withLock { $0.now } }

    /// The manual clock has no granularity: any duration can be slept and advanced.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on this clock right now.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Suspends until `deadline`, which happens only when the test advances the clock to it.
    ///
    /// - Parameters:
    ///   - deadline: the instant to wake at; one already reached returns at once.
    ///   - tolerance: ignored: the manual clock wakes sleepers exactly.
    /// - Throws: `CancellationError` if the sleeping task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (outcome, waiters) = state.withLock { state -> (Result<Void, any Error>?, [OnceResumer]) in
                    if state.cancelledBeforeRegistration.remove(id) != nil {
                        return (.failure(CancellationError()), [])
                    }
                    if deadline <= state.now { return (.success(()), []) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return (nil, state.satisfiedCountWaiters())
                }
                waiters.forEach { $0.resume() }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                if let sleeper = state.sleepers.removeValue(forKey: id) { return sleeper }
                state.cancelledBeforeRegistration.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward by `duration` and wakes, in deadline order, every sleeper whose
    /// deadline has been reached.
    ///
    /// - Parameter duration: how far to move; a negative one leaves the clock where it is.
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Moves time forward to `instant` (never backwards) and wakes, in deadline order, every
    /// sleeper whose deadline has been reached.
    ///
    /// - Parameter instant: the new now; an earlier one leaves the clock where it is.
    public func advance(to instant: Instant) {
        let due = state.withLock { state -> [Sleeper] in
            if instant > state.now { state.now = instant }
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in due.keys { state.sleepers.removeValue(forKey: id) }
            return due.values.sorted { $0.deadline < $1.deadline }
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Suspends until at least `count` tasks are sleeping on this clock.
    ///
    /// This is how a test knows the code under test has reached its wait (a retry delay, a
    /// cooldown) before it advances time, without polling or sleeping. If the waiting task is
    /// cancelled (a test's time limit), it returns early; if `limit` passes first, it records
    /// an issue and returns, so a test whose code never sleeps fails instead of hanging.
    ///
    /// - Parameters:
    ///   - count: how many sleepers to wait for.
    ///   - limit: how long to wait in real time (times ``TimeBudget/scale``).
    ///   - fileID: the caller's file, where the issue is recorded.
    ///   - filePath: the caller's file path, for the issue.
    ///   - line: the caller's line, for the issue.
    ///   - column: the caller's column, for the issue.
    /// - Returns: whether they sleep; false if the time ran out or the task was cancelled.
    @discardableResult
    public func sleepers(
        atLeast count: Int, within limit: Duration = TimeBudget.standardWait,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> Bool {
        let ending = await sleepers(atLeast: count, until: .now + TimeBudget.scaled(limit))
        if ending == .timedOut {
            OnceResumer.recordTimeout(
                "\(count) sleepers on the manual clock (\(sleeperCount) asleep)", limit: limit,
                at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        }
        return ending == .resumed
    }

    /// Suspends until at least `count` tasks sleep on this clock, the task is cancelled, or
    /// `deadline` passes.
    func sleepers(atLeast count: Int, until deadline: ContinuousClock.Instant) async -> OnceResumer.Ending {
        let resumer = OnceResumer()
        return await resumer.suspend(until: deadline) {
            let ready = self.state.withLock { state -> Bool in
                if state.sleepers.count >= count { return true }
                state.countWaiters.append((count, resumer))
                return false
            }
            if ready { resumer.resume() }
        }
    }

    /// The deadlines of the current sleepers, earliest first: useful to assert a backoff delay.
    public var pendingDeadlines: [Instant] {
        state.withLock { $0.sleepers.values.map(\.deadline).sorted() }
    }
}
