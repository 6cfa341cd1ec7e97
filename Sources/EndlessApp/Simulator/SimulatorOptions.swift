import EndlessCommandLine
import EndlessSimulator
import Foundation

/// The embedded simulator's flags, declared once for `endless serve`, `endless fetch` and
/// the browser, so `--latency 300ms --fail-rate 0.2` means the same everywhere: the ones every
/// service shares (data, faults) here, then each service's own from its ``SimulatedService``.
enum SimulatorOptions {
    static let dataDir = Option(
        "data-dir", placeholder: "DIR",
        help: "Read the simulator's name, street and city lists from DIR (the official randomuser.me "
            + "layout: DIR/common/lists, DIR/US/lists, …) instead of the built-in ones.",
        parser: ValueParsers.directory)
    static let latency = Option(
        "latency", placeholder: "TIME[±JITTER]",
        help: "Delay every response, e.g. 300ms, 1.5s or 300ms±100ms (also 300ms+-100ms).",
        parser: .simulatorFlag(FaultFlags.latency))
    static let failRate = Option(
        "fail-rate", placeholder: "RATE", help: "Fail this share of requests (0-1 or a percentage) with --fail-status.",
        default: 0, parser: .simulatorFlag(FaultFlags.rate))
    static let failStatus = Option(
        "fail-status", placeholder: "LIST", help: "The statuses failed requests get, e.g. 500,502,503.",
        default: FaultConfiguration.defaultFailStatuses,
        parser: .simulatorFlag(FaultFlags.statuses, write: { $0.map(String.init).joined(separator: ",") }))
    static let throttleRate = Option(
        "throttle-rate", placeholder: "RATE", help: "Answer this share of API requests 429 with Retry-After.",
        default: 0, parser: .simulatorFlag(FaultFlags.rate))
    static let emptyResultsRate = Option(
        "empty-results-rate", placeholder: "RATE",
        help: "Answer this share of API requests 200 with no people (the live service's 2026 fault).",
        default: 0, parser: .simulatorFlag(FaultFlags.rate))
    static let htmlRate = Option(
        "html-rate", placeholder: "RATE", help: "Answer this share of API requests with an HTML block page.",
        default: 0, parser: .simulatorFlag(FaultFlags.rate))
    static let truncateRate = Option(
        "truncate-rate", placeholder: "RATE", help: "Cut this share of responses short.",
        default: 0, parser: .simulatorFlag(FaultFlags.rate))
    static let resetRate = Option(
        "reset-rate", placeholder: "RATE", help: "Reset this share of connections instead of answering.",
        default: 0, parser: .simulatorFlag(FaultFlags.rate))
    static let slowBody = Option(
        "slow-body", placeholder: "[BYTES/]PAUSE", help: "Dribble every body, e.g. 100ms or 64/100ms.",
        parser: .simulatorFlag(FaultFlags.slowBody))
    static let chaosSeed = Option(
        "chaos-seed", placeholder: "SEED", help: "Makes the injected faults reproducible (a number or a word).",
        default: 0, parser: .simulatorFlag(FaultFlags.chaosSeed, write: { String($0) }))
    /// Every simulator flag, in help order: the shared ones, then the services'.
    static let declarations: [OptionDeclaration] =
        [
            dataDir.declaration, latency.declaration, failRate.declaration, failStatus.declaration,
            throttleRate.declaration, emptyResultsRate.declaration, htmlRate.declaration, truncateRate.declaration,
            resetRate.declaration, slowBody.declaration, chaosSeed.declaration,
        ] + SimulatedService.allOptions

    /// The flags that change the simulator's behaviour, for the "only with the simulator" check.
    static var names: Set<String> { Set(declarations.map(\.name)) }

    /// Reads the simulator flags from `parsed`.
    /// - Parameters:
    ///   - parsed: the command line.
    ///   - serving: whether it is `endless serve`, which stands in for the live services, so their
    ///     rate limits are on unless switched off (embedded, they are off unless asked for).
    /// - Throws: ``UsageError`` naming the flag whose value is wrong.
    static func settings(from parsed: ParsedArguments, serving: Bool = false) throws(UsageError) -> SimulatorSettings {
        let faults = FaultConfiguration(
            chaosSeed: try parsed[chaosSeed], latency: try parsed[latency], failRate: try parsed[failRate],
            failStatuses: try parsed[failStatus], throttleRate: try parsed[throttleRate],
            emptyResultsRate: try parsed[emptyResultsRate], htmlRate: try parsed[htmlRate],
            truncateRate: try parsed[truncateRate], resetRate: try parsed[resetRate], slowBody: try parsed[slowBody])
        var services = ServiceSettings()
        for service in SimulatedService.all { try service.read(parsed, serving: serving, into: &services) }
        return SimulatorSettings(dataDirectory: try parsed[dataDir], faults: faults, services: services)
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
}

/// How the embedded simulator behaves: its data, its faults and each service's settings.
struct SimulatorSettings: Sendable, Equatable {
    /// Lists in the official layout; nil for the built-in lists.
    var dataDirectory: URL?
    var faults: FaultConfiguration = .none
    /// Each service's settings (rate limits, sizes), read from its own flags.
    var services = ServiceSettings()

    /// The generator data these settings name.
    /// - Throws: the loader's error naming the missing or unreadable list.
    func loadData() throws -> GeneratorData {
        if let dataDirectory { return try GeneratorData.load(from: dataDirectory) }
        return try GeneratorData.builtIn()
    }
}
