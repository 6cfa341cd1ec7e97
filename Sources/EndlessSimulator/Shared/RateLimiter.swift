import EndlessShared
import Synchronization

/// A fixed-window rate limit, the one every simulated service uses: counts what each client
/// asks for (randomuser.me's users per IP, CoinGecko's calls per IP or demo key, Unsplash's
/// API requests per access key) in windows that start at its first request, and refuses it
/// once it has used its limit. Its memory is bounded whatever clients arrive (``RateWindows``).
///
/// Time comes from an injected clock (tests use a manual one), reduced once to "time since the
/// limiter was made" (``Stopwatch``).
final class RateLimiter: Sendable {
    struct Rejection: Equatable {
        /// What the client used in the current window.
        var requested: Int
        /// Time left until the window ends.
        var retryAfter: Duration
    }

    let configuration: RateLimitConfiguration
    private let elapsed: @Sendable () -> Duration
    private let windows: Mutex<RateWindows>

    /// - Parameters:
    ///   - configuration: the limit per window, and the window.
    ///   - clock: the clock the windows run on.
    ///   - capacity: the most clients kept at once (``RateWindows``: memory stays bounded
    ///     whatever addresses or keys arrive).
    init(configuration: RateLimitConfiguration, clock: any Clock<Duration>, capacity: Int = RateWindows.defaultCapacity) {
        self.configuration = configuration
        elapsed = Stopwatch(clock).elapsed
        windows = Mutex(RateWindows(length: configuration.window, capacity: capacity))
    }

    /// What a client may use per window.
    var limit: Int { configuration.maxUsers }

    /// Whether `client` must be refused now; nil when it may be served.
    func check(client: String) -> Rejection? {
        let now = elapsed()
        return windows.withLock { windows -> Rejection? in
            guard let window = windows.window(of: client, at: now), window.used >= limit else { return nil }
            return Rejection(requested: window.used, retryAfter: window.start + configuration.window - now)
        }
    }

    /// Adds `users` to `client`'s count in the current window (served after ``check(client:)``:
    /// the request that crosses the limit is still served).
    func record(client: String, users: Int) {
        let now = elapsed()
        windows.withLock { _ = $0.add(users, to: client, at: now) }
    }

    /// Counts one request for `client`; returns what is left after it, or nil when the limit
    /// was already used (the request is refused and not counted). Checking and counting under
    /// one lock: two requests racing for the last unit cannot both have it.
    func spend(client: String) -> Int? {
        let now = elapsed()
        return windows.withLock { windows -> Int? in
            if let window = windows.window(of: client, at: now), window.used >= limit { return nil }
            return limit - windows.add(1, to: client, at: now).used
        }
    }

    /// Clients kept now, for tests.
    var keptClients: Int { windows.withLock { $0.count } }
}
