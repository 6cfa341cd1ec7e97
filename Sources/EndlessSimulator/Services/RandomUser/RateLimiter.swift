import Synchronization

/// Counts users per client IP (or per key: CoinGecko's demo keys) in fixed windows and refuses
/// clients over the limit. Its memory is bounded whatever clients arrive (``RateWindows``).
///
/// Time comes from an injected clock (tests use a manual one), reduced once to "time since the
/// limiter was made" so that `any Clock<Duration>` needs no generic parameter here.
final class RateLimiter: Sendable {
    struct Rejection: Equatable {
        /// Users the client requested in the current window.
        var requested: Int
        /// Time left until the window ends.
        var retryAfter: Duration
    }

    let configuration: RateLimitConfiguration
    private let elapsed: @Sendable () -> Duration
    private let windows: Mutex<RateWindows>

    /// - Parameters:
    ///   - configuration: users per window, and the window.
    ///   - clock: the clock the windows run on.
    ///   - capacity: the most clients kept at once (``RateWindows``: memory stays bounded
    ///     whatever addresses or keys arrive).
    init(configuration: RateLimitConfiguration, clock: any Clock<Duration>, capacity: Int = RateWindows.defaultCapacity) {
        self.configuration = configuration
        self.elapsed = Self.stopwatch(clock)
        windows = Mutex(RateWindows(length: configuration.window, capacity: capacity))
    }

    /// A closure measuring time since now on `clock` (opens the existential once).
    private static func stopwatch<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
        let origin = clock.now
        return { origin.duration(to: clock.now) }
    }

    /// Whether `client` must be refused now; nil when it may be served.
    func check(client: String) -> Rejection? {
        let now = elapsed()
        return windows.withLock { windows -> Rejection? in
            guard let window = windows.window(of: client, at: now), window.used >= configuration.maxUsers
            else { return nil }
            return Rejection(requested: window.used, retryAfter: window.start + configuration.window - now)
        }
    }

    /// Adds `users` to `client`'s count in the current window.
    func record(client: String, users: Int) {
        let now = elapsed()
        windows.withLock { _ = $0.add(users, to: client, at: now) }
    }

    /// Clients kept now, for tests.
    var keptClients: Int { windows.withLock { $0.count } }

    /// The live service's 429 message, with the window in words.
    static func message(requested: Int, window: Duration) -> String {
        "Whoa, ease up there cowboy. You've requested \(requested) users in the last \(describe(window)). "
            + "Help us keep this service free and spare some resources for others."
    }

    /// `5 minutes`, `1 minute`, `30 seconds`.
    static func describe(_ window: Duration) -> String {
        let seconds = window.components.seconds
        if seconds >= 60, seconds % 60 == 0 {
            let minutes = seconds / 60
            return minutes == 1 ? "1 minute" : "\(minutes) minutes"
        }
        return seconds == 1 ? "1 second" : "\(seconds) seconds"
    }
}
