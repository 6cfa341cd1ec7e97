import Foundation

/// Everything a ``SimulatorServer`` needs: where to listen, what to generate from, which
/// faults to inject, the rate limit, the limits, and where request log lines go.
public struct SimulatorConfiguration: Sendable {
    /// The address to bind; loopback unless another is asked for explicitly.
    public var host: String
    /// The port to bind; 0 for an ephemeral one (the bound port is in `start()`'s URL).
    public var port: UInt16
    /// The lists users are generated from.
    public var data: GeneratorData
    /// Injected faults; none by default.
    public var faults: FaultConfiguration
    /// randomuser.me's rate limit; nil switches it off.
    public var rateLimit: RateLimitConfiguration?
    /// How many users the reqres.in service lists: its real 12 by default, more for a longer
    /// list of generated people.
    public var reqresUserCount: Int
    /// Unsplash's hourly budget per access key (50 for a demo key); nil switches it off.
    public var unsplashRateLimit: Int?
    /// CoinGecko's keyless rate limit (calls per window, per address); nil switches it off.
    public var coinGeckoRateLimit: RateLimitConfiguration?
    /// The clock the rate-limit windows run on.
    public var clock: any Clock<Duration>
    /// The instant users' ages are computed at, and the simulated market's prices, read per request.
    public var now: @Sendable () -> Date
    /// Request-size limits, timeouts and the connection cap.
    public var limits: ServerLimits
    /// Receives one line per request: method, path and query, status, body bytes, duration,
    /// and any fault, e.g. `GET /api/?results=5 200 7342B 2.1ms`. Called on the server's I/O
    /// thread, so it should be quick (print, append to a buffer).
    public var log: (@Sendable (String) -> Void)?

    /// Loopback only: nothing outside this machine can reach the simulator unless asked.
    public static let defaultHost = "127.0.0.1"
    /// 0: any free port, reported by `start()`.
    public static let defaultPort: UInt16 = 0
    /// The real reqres.in's 12 users.
    public static let defaultReqresUserCount = 12
    /// The most users the reqres.in service can list.
    public static let maxReqresUserCount = 100_000

    /// Creates a configuration; everything but the data has a default.
    ///
    /// - Parameters:
    ///   - data: the generator's lists, e.g. `try GeneratorData.builtIn()`.
    ///   - host: the address to bind (default loopback).
    ///   - port: the port to bind (default 0, any free one).
    ///   - faults: faults to inject (default none).
    ///   - rateLimit: randomuser.me's rate limit (default the live service's), nil for off.
    ///   - reqresUserCount: the users reqres.in lists (default its real 12).
    ///   - unsplashRateLimit: Unsplash's requests per hour and key (default off).
    ///   - coinGeckoRateLimit: CoinGecko's keyless calls per window (default none).
    ///   - clock: the clock for rate-limit windows (default the continuous clock).
    ///   - now: the instant ages are computed at (default the current date).
    ///   - limits: limits and timeouts (default ``ServerLimits/init(maxRequestLineBytes:maxHeaderBytes:maxHeaderCount:maxBodyBytes:maxConnections:idleTimeout:readTimeout:writeTimeout:shutdownGracePeriod:workerThreads:)``).
    ///   - log: where per-request log lines go (default nowhere).
    public init(
        data: GeneratorData,
        host: String = defaultHost,
        port: UInt16 = defaultPort,
        faults: FaultConfiguration = .none,
        rateLimit: RateLimitConfiguration? = .default,
        reqresUserCount: Int = defaultReqresUserCount,
        unsplashRateLimit: Int? = nil,
        coinGeckoRateLimit: RateLimitConfiguration? = nil,
        clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() },
        limits: ServerLimits = ServerLimits(),
        log: (@Sendable (String) -> Void)? = nil
    ) {
        self.data = data
        self.host = host
        self.port = port
        self.faults = faults
        self.rateLimit = rateLimit
        self.reqresUserCount = reqresUserCount
        self.unsplashRateLimit = unsplashRateLimit
        self.coinGeckoRateLimit = coinGeckoRateLimit
        self.clock = clock
        self.now = now
        self.limits = limits
        self.log = log
    }
}
