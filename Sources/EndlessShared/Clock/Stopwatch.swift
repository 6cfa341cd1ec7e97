/// A clock reduced to "time since the stopwatch started": a type keeps and compares instants
/// as plain durations, and sleeps until one of them, without being generic over its clock.
/// The `any Clock<Duration>` it is given is opened once, here, so tests inject a manual clock
/// where the app runs on `ContinuousClock`.
package struct Stopwatch: Sendable {
    /// Time elapsed on the clock since the stopwatch started.
    package let elapsed: @Sendable () -> Duration
    /// Sleeps until ``elapsed`` reaches the given time; throws `CancellationError` when the
    /// task is cancelled.
    package let sleepUntil: @Sendable (Duration) async throws -> Void

    /// Starts a stopwatch on `clock` now.
    package init(_ clock: any Clock<Duration>) {
        self = Self.starting(clock)
    }

    private init(elapsed: @escaping @Sendable () -> Duration, sleepUntil: @escaping @Sendable (Duration) async throws -> Void) {
        self.elapsed = elapsed
        self.sleepUntil = sleepUntil
    }

    private static func starting<C: Clock<Duration>>(_ clock: C) -> Stopwatch {
        let origin = clock.now
        return Stopwatch(
            elapsed: { origin.duration(to: clock.now) },
            sleepUntil: { elapsed in try await clock.sleep(until: origin.advanced(by: elapsed), tolerance: nil) })
    }

    /// Sleeps for `duration` from now on the clock.
    package func sleep(for duration: Duration) async throws {
        try await sleepUntil(elapsed() + duration)
    }
}
