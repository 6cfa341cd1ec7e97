import EndlessCommandLine

/// The offline CoinGecko's settings: its keyless rate limit.
public struct CoinGeckoServiceSettings: SimulatedServiceSettings {
    /// Keyless calls per window and address (demo keys get three times as many); nil for none.
    public var rateLimit: RateLimitConfiguration?

    /// No limit, the embedded simulator's default.
    public init() {}

    /// - Parameter rateLimit: keyless calls per window; nil for no limit.
    public init(rateLimit: RateLimitConfiguration?) {
        self.rateLimit = rateLimit
    }

    /// `--coingecko-rate-limit N/min|off`.
    public static let rateLimitOption = Option(
        "coingecko-rate-limit", placeholder: "N/min|off",
        help: "Answer CoinGecko calls 429 with retry-after once an address has made N in a minute (or N/30s, "
            + "N/2m), like the keyless live service; demo keys get three times as many.",
        default: nil, defaultDescription: "off, 10/min in serve", parser: .simulatorFlag(CoinGeckoRateLimit.parse))
}

extension SimulatedService {
    /// CoinGecko at `/coingecko/`: its v3 API at `/coingecko/api/v3/`, the coins' icons under
    /// `/coingecko/coins/images/`.
    public static let coinGecko = SimulatedService(
        id: "coingecko", name: "CoinGecko", mountPath: "/coingecko/", apiPath: "api/v3/",
        summary: "coins/markets of a 2,000-coin market whose prices move in real time, ping, global; icons; "
            + "10 calls a minute without a demo key, see \(CoinGeckoServiceSettings.rateLimitOption.declaration.flagText)",
        options: [CoinGeckoServiceSettings.rateLimitOption.declaration],
        examples: { apiRoot in
            [
                .init(
                    command: "curl '\(apiRoot)coins/markets?vs_currency=usd&per_page=5'",
                    explanation: "Or for CoinGecko's five largest coins (10 calls a minute without a demo key).")
            ]
        },
        settings: { parsed, serving throws(UsageError) in
            // `endless serve` stands in for the live service, so its limit is on unless switched off.
            let option = CoinGeckoServiceSettings.rateLimitOption
            return CoinGeckoServiceSettings(
                rateLimit: serving && !parsed.isGiven(option) ? CoinGeckoRateLimit.serveDefault : try parsed[option])
        },
        router: { settings, environment in
            CoinGeckoService(rateLimit: settings.rateLimit, clock: environment.clock, now: environment.now)
        })
}
