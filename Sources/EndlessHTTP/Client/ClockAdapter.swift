/// The two things the client needs from its injected clock, without making `HTTPClient`
/// generic over the clock type: sleeping, and reading elapsed time.
struct ClockAdapter: Sendable {
    /// Sleeps for a duration on the clock; throws `CancellationError` when cancelled.
    let sleep: @Sendable (Duration) async throws -> Void
    /// Time elapsed on the clock since the adapter was made.
    let elapsed: @Sendable () -> Duration

    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        sleep = { duration in try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil) }
        elapsed = { origin.duration(to: clock.now) }
    }
}
