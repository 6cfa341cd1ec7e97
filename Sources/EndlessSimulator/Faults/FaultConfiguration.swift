/// Faults the simulator injects to exercise clients, each off by default.
///
/// Every decision is drawn from the chaos seed, the request target and how many times that
/// target has been requested before, so the same seed and the same requests give the same
/// faults, whatever the interleaving of concurrent requests for other targets (see
/// ``FaultInjector``). Transport faults (latency, fail, reset, truncate, slow body) also hit
/// portraits; API faults (throttle, empty results, the HTML block page) hit `/api/` only.
public struct FaultConfiguration: Sendable, Equatable {
    /// The seed every fault decision is drawn from.
    public var chaosSeed: UInt64
    /// A delay before every response; nil for none.
    public var latency: Latency?
    /// The share of requests (0...1) answered with one of ``failStatuses``.
    public var failRate: Double
    /// The statuses a failure picks from, uniformly.
    public var failStatuses: [Int]
    /// The share of API requests answered 429 with `Retry-After`.
    public var throttleRate: Double
    /// The `Retry-After` a throttled response carries.
    public var throttleRetryAfter: Duration
    /// The share of JSON API responses sent with `"results":[]` while `info.results` keeps the
    /// requested count: the live service's fault since 2026.
    public var emptyResultsRate: Double
    /// The share of API requests answered 200 with an HTML "you have been blocked" page.
    public var htmlRate: Double
    /// The share of responses whose body is cut short: Content-Length announces it all, part
    /// is sent, then the connection closes.
    public var truncateRate: Double
    /// The share of requests whose connection is reset without any response.
    public var resetRate: Double
    /// Sends every body slowly, in pieces; nil for full speed.
    public var slowBody: SlowBody?

    /// The statuses failures pick from unless others are given.
    public static let defaultFailStatuses = [500, 502, 503]
    /// The `Retry-After` of injected 429s unless another is given.
    public static let defaultThrottleRetryAfter = Duration.seconds(2)

    /// No faults at all.
    public static let none = FaultConfiguration()

    /// Creates a fault configuration; everything is off unless given.
    ///
    /// - Parameters:
    ///   - chaosSeed: the seed decisions are drawn from.
    ///   - latency: delay (with jitter) before each response.
    ///   - failRate: share of requests failed with one of `failStatuses`.
    ///   - failStatuses: statuses to fail with.
    ///   - throttleRate: share of API requests answered 429.
    ///   - throttleRetryAfter: the Retry-After of those 429s.
    ///   - emptyResultsRate: share of JSON API responses emptied.
    ///   - htmlRate: share of API requests answered with an HTML block page.
    ///   - truncateRate: share of responses cut short.
    ///   - resetRate: share of connections reset instead of answered.
    ///   - slowBody: dribble every body.
    public init(
        chaosSeed: UInt64 = 0,
        latency: Latency? = nil,
        failRate: Double = 0,
        failStatuses: [Int] = defaultFailStatuses,
        throttleRate: Double = 0,
        throttleRetryAfter: Duration = defaultThrottleRetryAfter,
        emptyResultsRate: Double = 0,
        htmlRate: Double = 0,
        truncateRate: Double = 0,
        resetRate: Double = 0,
        slowBody: SlowBody? = nil
    ) {
        self.chaosSeed = chaosSeed
        self.latency = latency
        self.failRate = failRate
        self.failStatuses = failStatuses.isEmpty ? Self.defaultFailStatuses : failStatuses
        self.throttleRate = throttleRate
        self.throttleRetryAfter = throttleRetryAfter
        self.emptyResultsRate = emptyResultsRate
        self.htmlRate = htmlRate
        self.truncateRate = truncateRate
        self.resetRate = resetRate
        self.slowBody = slowBody
    }

    /// Whether any fault is switched on.
    public var isEnabled: Bool {
        latency != nil || slowBody != nil
            || [failRate, throttleRate, emptyResultsRate, htmlRate, truncateRate, resetRate].contains { $0 > 0 }
    }

    /// A delay of `base`, varied uniformly by up to `jitter` either way (never below zero).
    public struct Latency: Sendable, Equatable {
        /// The middle of the delay range.
        public var base: Duration
        /// How far a delay may stray from `base`, either way.
        public var jitter: Duration

        /// Creates a latency of `base ± jitter`.
        /// - Parameters:
        ///   - base: the middle of the range.
        ///   - jitter: the spread either way; zero for a fixed delay.
        public init(base: Duration, jitter: Duration = .zero) {
            self.base = base
            self.jitter = jitter
        }
    }

    /// Bodies dribbled `chunkBytes` at a time, `interval` apart.
    public struct SlowBody: Sendable, Equatable {
        /// Bytes per piece.
        public var chunkBytes: Int
        /// The pause between pieces.
        public var interval: Duration

        /// Bytes per piece unless another size is given.
        public static let defaultChunkBytes = 1024

        /// Creates a slow-body fault.
        /// - Parameters:
        ///   - chunkBytes: bytes per piece (at least 1).
        ///   - interval: the pause between pieces.
        public init(chunkBytes: Int = defaultChunkBytes, interval: Duration) {
            self.chunkBytes = max(1, chunkBytes)
            self.interval = interval
        }
    }
}
