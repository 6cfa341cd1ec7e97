/// The injected clock, with its instant type erased to "time since the feed was made", so the
/// feed can store instants and compare them without being generic over the clock.
struct FeedClock: Sendable {
    /// Time elapsed on the clock since the feed was made.
    let now: @Sendable () -> Duration
    /// Sleeps until `now()` reaches the given elapsed time.
    let sleepUntil: @Sendable (Duration) async throws -> Void

    init(_ clock: any Clock<Duration>) {
        self = Self.erasing(clock)
    }

    private init(now: @escaping @Sendable () -> Duration, sleepUntil: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleepUntil = sleepUntil
    }

    private static func erasing<C: Clock<Duration>>(_ clock: C) -> FeedClock {
        let origin = clock.now
        return FeedClock(
            now: { origin.duration(to: clock.now) },
            sleepUntil: { elapsed in try await clock.sleep(until: origin.advanced(by: elapsed), tolerance: nil) })
    }

    func sleep(for duration: Duration) async throws {
        try await sleepUntil(now() + duration)
    }
}
