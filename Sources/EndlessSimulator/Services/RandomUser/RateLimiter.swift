import Synchronization

/// Counts users per client IP in fixed windows and refuses clients over the limit.
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

    private struct Window {
        var start: Duration
        var users: Int
    }

    let configuration: RateLimitConfiguration
    private let elapsed: @Sendable () -> Duration
    private let windows = Mutex<[String: Window]>([:])

    init(configuration: RateLimitConfiguration, clock: any Clock<Duration>) {
        self.configuration = configuration
        self.elapsed = Self.stopwatch(clock)
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
            guard let window = current(windows[client], now: now), window.users >= configuration.maxUsers
            else { return nil }
            return Rejection(requested: window.users, retryAfter: window.start + configuration.window - now)
        }
    }

    /// Adds `users` to `client`'s count in the current window.
    func record(client: String, users: Int) {
        let now = elapsed()
        windows.withLock { windows in
            var window = current(windows[client], now: now) ?? Window(start: now, users: 0)
            window.users += max(0, users)
            windows[client] = window
            // Forget clients whose window has ended, now and then, so memory stays bounded.
            if windows.count > 10_000 {
                windows = windows.filter { now - $0.value.start < configuration.window }
            }
        }
    }

    private func current(_ window: Window?, now: Duration) -> Window? {
        guard let window, now - window.start < configuration.window else { return nil }
        return window
    }

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
