import Synchronization

/// Unsplash's hourly budget, per access key: `limit` API requests an hour (50 for a demo key),
/// counted from each key's first request in a window; image requests do not count. Time comes
/// from an injected clock.
final class UnsplashRateLimiter: Sendable {
    /// The live service's window: an hour, with no reset header.
    static let window: Duration = .seconds(3600)
    /// A demo key's budget.
    static let demoLimit = 50

    let limit: Int
    private let elapsed: @Sendable () -> Duration
    private let windows = Mutex<[String: (start: Duration, used: Int)]>([:])

    init(limit: Int, clock: any Clock<Duration>) {
        self.limit = max(1, limit)
        elapsed = Self.stopwatch(clock)
    }

    private static func stopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
        let origin = clock.now
        return { origin.duration(to: clock.now) }
    }

    /// Counts a request for `key`; returns the requests left after it, or nil when the budget
    /// was already spent (the request is refused and not counted).
    func spend(key: String) -> Int? {
        let now = elapsed()
        return windows.withLock { windows -> Int? in
            var window = windows[key].flatMap { now - $0.start < Self.window ? $0 : nil } ?? (start: now, used: 0)
            guard window.used < limit else { return nil }
            window.used += 1
            windows[key] = window
            if windows.count > 10_000 { windows = windows.filter { now - $0.value.start < Self.window } }
            return limit - window.used
        }
    }
}
