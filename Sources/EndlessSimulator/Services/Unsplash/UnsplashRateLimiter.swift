import Synchronization

/// Unsplash's hourly budget, per access key: `limit` API requests an hour (50 for a demo key),
/// counted from each key's first request in a window; image requests do not count. Time comes
/// from an injected clock.
///
/// Its memory is bounded whatever keys arrive (``RateWindows``): keys are kept as digests, at
/// most `capacity` of them.
final class UnsplashRateLimiter: Sendable {
    /// The live service's window: an hour, with no reset header.
    static let window: Duration = .seconds(3600)
    /// A demo key's budget.
    static let demoLimit = 50

    let limit: Int
    private let elapsed: @Sendable () -> Duration
    private let windows: Mutex<RateWindows>

    /// - Parameters:
    ///   - limit: requests an hour and key (at least 1).
    ///   - clock: the clock the windows run on.
    ///   - capacity: the most keys kept at once.
    init(limit: Int, clock: any Clock<Duration>, capacity: Int = RateWindows.defaultCapacity) {
        self.limit = max(1, limit)
        elapsed = Self.stopwatch(clock)
        windows = Mutex(RateWindows(length: Self.window, capacity: capacity))
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
            if let window = windows.window(of: key, at: now), window.used >= limit { return nil }
            return limit - windows.add(1, to: key, at: now).used
        }
    }

    /// Keys kept now, for tests.
    var keptKeys: Int { windows.withLock { $0.count } }
}
