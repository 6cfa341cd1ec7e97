import Foundation

/// A shorter way to set the built-in services' settings, for tests and benchmarks that tune
/// one of them: `SimulatorConfiguration(data: data, rateLimit: nil, reqresUserCount: 1000)`.
extension SimulatorConfiguration {
    /// Creates a configuration with the built-in services' settings given one by one.
    ///
    /// - Parameters:
    ///   - data: the generator's lists, e.g. `try GeneratorData.builtIn()`.
    ///   - host: the address to bind (default loopback).
    ///   - port: the port to bind (default 0, any free one).
    ///   - faults: faults to inject (default none).
    ///   - rateLimit: randomuser.me's rate limit; nil for off.
    ///   - reqresUserCount: the users reqres.in lists (default its real 12).
    ///   - unsplashRateLimit: Unsplash's requests per hour and key (default off).
    ///   - coinGeckoRateLimit: CoinGecko's keyless calls per window (default none).
    ///   - clock: the clock for rate-limit windows (default the continuous clock).
    ///   - now: the instant ages are computed at (default the current date).
    ///   - limits: limits and timeouts.
    ///   - log: where per-request log lines go (default nowhere).
    public init(
        data: GeneratorData,
        host: String = defaultHost,
        port: UInt16 = defaultPort,
        faults: FaultConfiguration = .none,
        rateLimit: RateLimitConfiguration?,
        reqresUserCount: Int = ReqresServiceSettings.defaultUserCount,
        unsplashRateLimit: Int? = nil,
        coinGeckoRateLimit: RateLimitConfiguration? = nil,
        clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() },
        limits: ServerLimits = ServerLimits(),
        log: (@Sendable (String) -> Void)? = nil
    ) {
        self.init(
            data: data, host: host, port: port, faults: faults,
            services: ServiceSettings(
                RandomUserServiceSettings(rateLimit: rateLimit), ReqresServiceSettings(userCount: reqresUserCount),
                UnsplashServiceSettings(rateLimit: unsplashRateLimit), CoinGeckoServiceSettings(rateLimit: coinGeckoRateLimit)),
            clock: clock, now: now, limits: limits, log: log)
    }

    /// The real reqres.in's 12 users.
    public static let defaultReqresUserCount = ReqresServiceSettings.defaultUserCount
}
