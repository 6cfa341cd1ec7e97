import EndlessCommandLine
import EndlessSimulator
import Foundation

/// The embedded simulator's flags, declared once for `endless serve`, `endless fetch` and
/// the browser, so `--latency 300ms --fail-rate 0.2` means the same everywhere.
enum SimulatorOptions {
    static let dataDir = Option(
        "data-dir", placeholder: "DIR",
        help: "Read the simulator's name, street and city lists from DIR (the official randomuser.me "
            + "layout: DIR/common/lists, DIR/US/lists, …) instead of the built-in ones.",
        parser: ValueParsers.directory)
    static let latency = Option(
        "latency", placeholder: "TIME[±JITTER]",
        help: "Delay every response, e.g. 300ms, 1.5s or 300ms±100ms (also 300ms+-100ms).",
        parser: fault(FaultFlags.latency))
    static let failRate = Option(
        "fail-rate", placeholder: "RATE", help: "Fail this share of requests (0-1 or a percentage) with --fail-status.",
        default: 0, parser: fault(FaultFlags.rate))
    static let failStatus = Option(
        "fail-status", placeholder: "LIST", help: "The statuses failed requests get, e.g. 500,502,503.",
        default: FaultConfiguration.defaultFailStatuses,
        parser: fault(FaultFlags.statuses, write: { $0.map(String.init).joined(separator: ",") }))
    static let throttleRate = Option(
        "throttle-rate", placeholder: "RATE", help: "Answer this share of API requests 429 with Retry-After.",
        default: 0, parser: fault(FaultFlags.rate))
    static let emptyResultsRate = Option(
        "empty-results-rate", placeholder: "RATE",
        help: "Answer this share of API requests 200 with no people (the live service's 2026 fault).",
        default: 0, parser: fault(FaultFlags.rate))
    static let htmlRate = Option(
        "html-rate", placeholder: "RATE", help: "Answer this share of API requests with an HTML block page.",
        default: 0, parser: fault(FaultFlags.rate))
    static let truncateRate = Option(
        "truncate-rate", placeholder: "RATE", help: "Cut this share of responses short.",
        default: 0, parser: fault(FaultFlags.rate))
    static let resetRate = Option(
        "reset-rate", placeholder: "RATE", help: "Reset this share of connections instead of answering.",
        default: 0, parser: fault(FaultFlags.rate))
    static let slowBody = Option(
        "slow-body", placeholder: "[BYTES/]PAUSE", help: "Dribble every body, e.g. 100ms or 64/100ms.",
        parser: fault(FaultFlags.slowBody))
    static let chaosSeed = Option(
        "chaos-seed", placeholder: "SEED", help: "Makes the injected faults reproducible (a number or a word).",
        default: 0, parser: fault(FaultFlags.chaosSeed, write: { String($0) }))
    static let rateLimit = Option(
        "rate-limit", placeholder: "N[/WINDOW]|off",
        help: "Answer 429 once a client has asked for N people in WINDOW, like the live service.",
        default: .default, parser: fault(FaultFlags.rateLimit, write: rateLimitText))

    static let unsplashRateLimit = Option(
        "unsplash-rate-limit", placeholder: "N|off",
        help: "Unsplash's requests per hour and access key; over it, 403 Rate Limit Exceeded like the live "
            + "service (default: \(UnsplashRateLimitFlag.serveDefault), a demo key's, for `endless serve`; off for the "
            + "embedded simulator).",
        default: nil, parser: UnsplashRateLimitFlag.parser)
    static let coinGeckoRateLimit = Option(
        "coingecko-rate-limit", placeholder: "N/min|off",
        help: "Answer CoinGecko calls 429 with retry-after once an address has made N in a minute (or N/30s, "
            + "N/2m), like the keyless live service; demo keys get three times as many.",
        default: nil, defaultDescription: "off, 10/min in serve", parser: fault(CoinGeckoRateLimit.parse))

    static let reqresUsers = Option(
        "reqres-users", placeholder: "N",
        help: "How many users the simulated reqres.in lists: its real 12, or more (up to 100000), the rest "
            + "generated with faces.",
        default: SimulatorConfiguration.defaultReqresUserCount,
        parser: ValueParsers.integer(in: 1...SimulatorConfiguration.maxReqresUserCount))

    /// Every simulator flag, in help order.
    static let declarations: [OptionDeclaration] = [
        dataDir.declaration, latency.declaration, failRate.declaration, failStatus.declaration,
        throttleRate.declaration, emptyResultsRate.declaration, htmlRate.declaration, truncateRate.declaration,
        resetRate.declaration, slowBody.declaration, chaosSeed.declaration, rateLimit.declaration,
        reqresUsers.declaration, unsplashRateLimit.declaration, coinGeckoRateLimit.declaration,
    ]

    /// The flags that change the simulator's behaviour, for the "only with the simulator" check.
    static var names: Set<String> { Set(declarations.map(\.name)) }

    /// Reads the simulator flags from `parsed`.
    /// - Parameters:
    ///   - parsed: the command line.
    ///   - serving: whether it is `endless serve`, where Unsplash's and CoinGecko's rate limits are on
    ///     unless switched off (embedded, they are off unless asked for).
    /// - Throws: ``UsageError`` naming the flag whose value is wrong.
    static func settings(from parsed: ParsedArguments, serving: Bool = false) throws(UsageError) -> SimulatorSettings {
        let faults = FaultConfiguration(
            chaosSeed: try parsed[chaosSeed], latency: try parsed[latency], failRate: try parsed[failRate],
            failStatuses: try parsed[failStatus], throttleRate: try parsed[throttleRate],
            emptyResultsRate: try parsed[emptyResultsRate], htmlRate: try parsed[htmlRate],
            truncateRate: try parsed[truncateRate], resetRate: try parsed[resetRate], slowBody: try parsed[slowBody])
        // `endless serve` stands in for the live services, so their rate limits are on unless
        // switched off; embedded, they are off unless asked for.
        let coinGecko =
            serving && !parsed.isGiven(coinGeckoRateLimit) ? CoinGeckoRateLimit.serveDefault : try parsed[coinGeckoRateLimit]
        let unsplash =
            serving && !parsed.isGiven(unsplashRateLimit) ? UnsplashRateLimitFlag.serveDefault : try parsed[unsplashRateLimit]
        return SimulatorSettings(
            dataDirectory: try parsed[dataDir], faults: faults, rateLimit: try parsed[rateLimit],
            reqresUserCount: try parsed[reqresUsers], unsplashRateLimit: unsplash, coinGeckoRateLimit: coinGecko)
    }

    /// Refuses simulator flags when no feed uses the simulator: they would silently do nothing.
    /// - Parameters:
    ///   - parsed: the command line.
    ///   - api: the API that stands in for the simulator, to name it in the message.
    /// - Throws: ``UsageError`` naming the first such flag.
    static func requireNone(in parsed: ParsedArguments, because api: String) throws(UsageError) {
        let given = declarations.filter { parsed.isGivenOnCommandLine($0) }
        if let first = given.first {
            throw UsageError(
                command: parsed.command, message: "\(first.flagText) only applies to the embedded simulator, not to \(api)",
                hint: "drop \(given.map(\.flagText).joined(separator: ", ")), or drop --api to use the simulator")
        }
    }

    /// Wraps a simulator flag parser so its error reads like every other bad value.
    private static func fault<Value: Sendable>(
        _ parse: @escaping @Sendable (String) throws(FaultFlagError) -> Value, write: (@Sendable (Value) -> String)? = nil
    ) -> ValueParser<Value> {
        ValueParser(write: write) { text throws(ValueError) in
            do throws(FaultFlagError) {
                return try parse(text)
            } catch {
                throw ValueError("'\(error.value)' is not valid", allowed: error.expected)
            }
        }
    }

    /// `20000/5m`, `500/30s` or `off`, as `--rate-limit` reads it.
    @Sendable private static func rateLimitText(_ limit: RateLimitConfiguration?) -> String {
        guard let limit else { return "off" }
        let seconds = limit.window.components.seconds
        let window = seconds % 60 == 0 ? "\(seconds / 60)m" : "\(seconds)s"
        return "\(limit.maxUsers)/\(window)"
    }
}

/// How the embedded simulator behaves: its data, its faults and its rate limit.
struct SimulatorSettings: Sendable, Equatable {
    /// Lists in the official layout; nil for the built-in lists.
    var dataDirectory: URL?
    var faults: FaultConfiguration = .none
    /// nil switches randomuser.me's rate limit off.
    var rateLimit: RateLimitConfiguration? = .default
    /// Users the simulated reqres.in lists.
    var reqresUserCount = SimulatorConfiguration.defaultReqresUserCount
    /// Unsplash's requests per hour and key; nil switches the limit off.
    var unsplashRateLimit: Int?
    /// CoinGecko's keyless calls per window; nil for no limit.
    var coinGeckoRateLimit: RateLimitConfiguration?

    /// The generator data these settings name.
    /// - Throws: the loader's error naming the missing or unreadable list.
    func loadData() throws -> GeneratorData {
        if let dataDirectory { return try GeneratorData.load(from: dataDirectory) }
        return try GeneratorData.builtIn()
    }
}

/// `--unsplash-rate-limit N|off`.
enum UnsplashRateLimitFlag {
    /// A demo key's budget, the default of `endless serve`.
    static let serveDefault = 50

    /// `off`, or a whole number of requests per hour, 1-1000000.
    static let parser = ValueParser<Int?> { text throws(ValueError) in
        if text.lowercased() == "off" { return nil }
        guard let value = Int(text), (1...1_000_000).contains(value) else {
            throw ValueError("'\(text)' is not a number of requests", allowed: "1 to 1000000 (requests an hour), or off")
        }
        return value
    }
}
