import EndlessCommandLine

/// The offline Unsplash's settings: its hourly budget per access key.
public struct UnsplashServiceSettings: SimulatedServiceSettings {
    /// API requests an hour per access key; nil switches the limit off.
    public var rateLimit: Int?

    /// No limit, the embedded simulator's default.
    public init() {}

    /// - Parameter rateLimit: requests an hour and key; nil for no limit.
    public init(rateLimit: Int?) {
        self.rateLimit = rateLimit
    }

    /// A demo key's budget, the default of `endless serve`.
    public static let serveDefault = 50

    /// `--unsplash-rate-limit N|off`.
    public static let rateLimitOption = Option(
        "unsplash-rate-limit", placeholder: "N|off",
        help: "Unsplash's requests per hour and access key; over it, 403 Rate Limit Exceeded like the live "
            + "service (default: \(serveDefault), a demo key's, for `endless serve`; off for the "
            + "embedded simulator).",
        default: nil, parser: rateLimitParser)

    /// `off`, or a whole number of requests per hour, 1-1000000.
    static let rateLimitParser = ValueParser<Int?> { text throws(ValueError) in
        if text.lowercased() == "off" { return nil }
        guard let value = Int(text), (1...1_000_000).contains(value) else {
            throw ValueError("'\(text)' is not a number of requests", allowed: "1 to 1000000 (requests an hour), or off")
        }
        return value
    }
}

extension SimulatedService {
    /// Unsplash at `/unsplash/`: its API, and its imgix image host under `/unsplash/images/`.
    public static let unsplash: SimulatedService = {
        let mount = "/unsplash/"
        return SimulatedService(
            id: "unsplash", name: "Unsplash", mountPath: mount,
            summary: "thousands of drawn photos with their colour and BlurHash, paged with Link and X-Total, any "
                + "Client-ID key, a demo key's \(UnsplashServiceSettings.serveDefault) requests an hour unless "
                + "\(UnsplashServiceSettings.rateLimitOption.declaration.flagText) says otherwise, and its imgix images "
                + "resized by w, h, fit, dpr, q and fm under \(mount)\(UnsplashService.imageFolder)",
            options: [UnsplashServiceSettings.rateLimitOption.declaration],
            settings: { parsed, serving throws(UsageError) in
                // `endless serve` stands in for the live service, so its limit is on unless switched off.
                let option = UnsplashServiceSettings.rateLimitOption
                return UnsplashServiceSettings(
                    rateLimit: serving && !parsed.isGiven(option) ? UnsplashServiceSettings.serveDefault : try parsed[option])
            },
            router: { settings, environment in
                UnsplashService(
                    catalogue: UnsplashCatalogue(data: environment.data), portraits: environment.portraits,
                    rateLimiter: settings.rateLimit.map { RateLimiter(configuration: .unsplash(limit: $0), clock: environment.clock) })
            })
    }()
}
