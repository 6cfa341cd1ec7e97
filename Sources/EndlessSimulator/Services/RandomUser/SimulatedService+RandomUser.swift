import EndlessCommandLine
import Foundation

/// The offline randomuser.me's settings: its rate limit.
public struct RandomUserServiceSettings: SimulatedServiceSettings {
    /// Users a client may ask for per window; nil switches the limit off.
    public var rateLimit: RateLimitConfiguration? = .default

    /// The live service's limit, 20,000 users per 5 minutes.
    public init() {}

    /// - Parameter rateLimit: users per window; nil for no limit.
    public init(rateLimit: RateLimitConfiguration?) {
        self.rateLimit = rateLimit
    }

    /// `--rate-limit N[/WINDOW]|off`.
    public static let rateLimitOption = Option(
        "rate-limit", placeholder: "N[/WINDOW]|off",
        help: "Answer 429 once a client has asked for N people in WINDOW, like the live service.",
        default: .default, parser: .simulatorFlag(FaultFlags.rateLimit, write: rateLimitText))

    /// `20000/5m`, `500/30s` or `off`, as `--rate-limit` reads it.
    @Sendable private static func rateLimitText(_ limit: RateLimitConfiguration?) -> String {
        guard let limit else { return "off" }
        let seconds = limit.window.components.seconds
        let window = seconds % 60 == 0 ? "\(seconds / 60)m" : "\(seconds)s"
        return "\(limit.maxUsers)/\(window)"
    }
}

extension SimulatedService {
    /// randomuser.me at `/api/`: users from the official generator, drawn portraits under
    /// `/api/portraits/`, the live headers and rate limit.
    public static let randomUser: SimulatedService = {
        let mount = "/api/"
        return SimulatedService(
            id: "randomuser", name: "randomuser.me", mountPath: mount,
            summary: "the users v1.4 would give for the same seed and page, in every format it offers: json, pretty, "
                + "csv, yaml, xml; portraits under \(mount)\(RandomUserService.portraitFolder)",
            options: [RandomUserServiceSettings.rateLimitOption.declaration],
            examples: { apiRoot in
                [
                    .init(
                        command: "curl '\(apiRoot)?results=5&seed=abc&format=pretty'",
                        explanation: "Then ask it for five reproducible people.")
                ]
            },
            settings: { parsed, _ throws(UsageError) in
                RandomUserServiceSettings(rateLimit: try parsed[RandomUserServiceSettings.rateLimitOption])
            },
            router: { settings, environment in
                RandomUserService(
                    generator: RandomUserGenerator(data: environment.data), portraits: environment.portraits,
                    rateLimiter: settings.rateLimit.map { RateLimiter(configuration: $0, clock: environment.clock) },
                    now: environment.now)
            },
            announcement: { url in "listening on \(url)" },
            suggestion: { url in "try curl '\(url)?results=5&seed=abc&format=pretty'" })
    }()
}
