import EndlessCommandLine
import EndlessSimulator
import EndlessTerminal
import Foundation

/// `endless serve`: the simulator as a standalone randomuser.me-compatible server.
enum ServeCommand {
    enum Options {
        static let host = Option(
            "host", placeholder: "ADDRESS",
            help: "The address to listen on. Anything but loopback exposes the simulator to your network.",
            default: SimulatorConfiguration.defaultHost, parser: ValueParsers.nonEmpty)
        static let port = Option(
            "port", short: "p", placeholder: "PORT", help: "The TCP port; 0 picks a free one.",
            default: 0, parser: ValueParsers.integer(in: 0...65535))
        static let quiet = Flag("quiet", short: "q", help: "Do not log each request.")
    }

    /// The server `serve --help`'s examples talk to.
    static let exampleRoot = "http://127.0.0.1:8080"

    static let declaration = CommandDeclaration(
        name: "serve",
        abstract: "Run the simulator: offline \(listed(SimulatedService.all.map(\.name))) APIs on this machine.",
        discussion: "Serves every simulated service on one port: \(listed(SimulatedService.all.map(\.serveDescription))). "
            + "Prints each service's base URL, then one line per request. SIGINT (Ctrl-C) or SIGTERM stops it after "
            + "in-flight responses finish."
            + "\n\n"
            + "The fault flags make it misbehave the way the live service does (outages, rate limits, "
            + "block pages, the 2026 empty pages), reproducibly with --chaos-seed, so clients can be "
            + "tested against a bad network.",
        options: [Options.host.declaration, Options.port.declaration, Options.quiet.declaration]
            + SimulatorOptions.declarations,
        examples: [
            .init(
                command: "endless serve --port 8080",
                explanation: "Serve on \(exampleRoot)\(SimulatedService.randomUser.apiRootPath) and "
                    + "\(exampleRoot)\(SimulatedService.reqres.apiRootPath).")
        ]
            + SimulatedService.all.flatMap { $0.serveExamples(root: exampleRoot) }
            + [
                .init(
                    command: "endless serve --latency 300ms±100ms --fail-rate 0.1 --throttle-rate 0.05",
                    explanation: "A slow, flaky server: 10 % 5xx and 5 % rate limits."),
                .init(
                    command: "endless serve --data-dir ../shared/randomuser/data/1.4",
                    explanation: "Use the official generator's lists, to reproduce the live service exactly."),
            ])

    /// `a, b, c and d`.
    private static func listed(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.last ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// What `serve` prints once listening: each service's line, in the catalogue's order, then
    /// the requests to try.
    /// - Parameter server: the running server.
    /// - Returns: the lines, without their `endless serve: ` prefix.
    static func startLines(of server: SimulatorServer) -> [String] {
        let roots = SimulatedService.all.compactMap { service in server.baseURL(of: service).map { (service, $0) } }
        return roots.map { service, url in service.serveLine(apiRoot: url) }
            + roots.compactMap { service, url in service.serveSuggestion(apiRoot: url) }
    }

    /// The `serve` subcommand.
    static func subcommand() -> Subcommand {
        Subcommand(declaration: declaration) { parsed, output in
            var configuration: SimulatorConfiguration
            do {
                configuration = try Self.configuration(from: parsed, output: output)
            } catch let error as UsageError {
                output.standardError(error.description)
                return ExitCode.usage.rawValue
            } catch {
                output.standardError("endless serve: \(TextSanitizer.sanitize("\(error)"))\n")
                return ExitCode.failure.rawValue
            }
            // One line per request, queued on the server's I/O thread and written by the
            // log's own thread: the server never waits for the terminal.
            let requestLog = parsed[Options.quiet] ? nil : ServeRequestLog(writingTo: output.standardOutput)
            defer { requestLog?.close() }
            if let requestLog { configuration.log = { line in requestLog.append(line) } }
            let server = SimulatorServer(configuration: configuration)
            do {
                let signal = try server.run { _ in
                    for line in startLines(of: server) { output.standardOutput("endless serve: \(line)\n") }
                }
                requestLog?.close()
                output.standardError("endless serve: stopped by \(signal == SIGINT ? "SIGINT" : "SIGTERM")\n")
                return ExitCode.success.rawValue
            } catch {
                output.standardError("endless serve: \(error)\n")
                return ExitCode.failure.rawValue
            }
        }
    }

    /// Reads the command line into a server configuration, without the request log (the
    /// subcommand adds it unless `--quiet`).
    /// - Throws: ``UsageError`` for a bad flag; the data loader's error for unreadable lists.
    static func configuration(from parsed: ParsedArguments, output: CommandOutput) throws -> SimulatorConfiguration {
        let settings = try SimulatorOptions.settings(from: parsed, serving: true)
        let host = try parsed[Options.host]
        let port = UInt16(try parsed[Options.port])
        let data: GeneratorData
        do {
            data = try settings.loadData()
        } catch {
            throw AppConnectionError.simulatorData("\(error)")
        }
        return SimulatorConfiguration(data: data, host: host, port: port, faults: settings.faults, services: settings.services)
    }
}
