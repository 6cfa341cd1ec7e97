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

    static let declaration = CommandDeclaration(
        name: "serve",
        abstract: "Run the simulator: offline randomuser.me, reqres.in, Unsplash and CoinGecko APIs on this machine.",
        discussion: "Serves every simulated service on one port: randomuser.me at /api/ (the users v1.4 "
            + "would give for the same seed and page, in every format it offers: json, pretty, csv, yaml, "
            + "xml; portraits under /api/portraits/), reqres.in at /reqres/api/ (its 12 users, or more "
            + "with --reqres-users; one user by id; the x-api-key it wants; delay=N), Unsplash at /unsplash/ "
            + "(thousands of drawn photos with their colour and BlurHash, paged with Link and X-Total, any "
            + "Client-ID key, a demo key's 50 requests an hour unless --unsplash-rate-limit says otherwise, and "
            + "its imgix images resized by w, h, fit, dpr, q and fm under /unsplash/images/) and CoinGecko at "
            + "/coingecko/api/v3/ (coins/markets of a 2,000-coin market whose prices move in real time, "
            + "ping, global; icons; 10 calls a minute without a demo key, see --coingecko-rate-limit). Prints each "
            + "service's base URL, then one line per request. SIGINT (Ctrl-C) or SIGTERM stops it after "
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
                explanation: "Serve on http://127.0.0.1:8080/api/ and http://127.0.0.1:8080/reqres/api/."),
            .init(
                command: "curl 'http://127.0.0.1:8080/api/?results=5&seed=abc&format=pretty'",
                explanation: "Then ask it for five reproducible people."),
            .init(
                command: "curl -H 'x-api-key: reqres-free-v1' 'http://127.0.0.1:8080/reqres/api/users?page=2'",
                explanation: "Or for reqres.in's second page of users."),
            .init(
                command: "curl 'http://127.0.0.1:8080/coingecko/api/v3/coins/markets?vs_currency=usd&per_page=5'",
                explanation: "Or for CoinGecko's five largest coins (10 calls a minute without a demo key)."),
            .init(
                command: "endless serve --latency 300ms±100ms --fail-rate 0.1 --throttle-rate 0.05",
                explanation: "A slow, flaky server: 10 % 5xx and 5 % rate limits."),
            .init(
                command: "endless serve --data-dir ../shared/randomuser/data/1.4",
                explanation: "Use the official generator's lists, to reproduce the live service exactly."),
        ])

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
                let signal = try server.run { url in
                    output.standardOutput("endless serve: listening on \(url)\n")
                    if let reqres = server.baseURL(of: .reqres) {
                        output.standardOutput("endless serve: reqres.in on \(reqres)\n")
                    }
                    if let unsplash = server.baseURL(of: .unsplash) {
                        output.standardOutput("endless serve: Unsplash on \(unsplash)\n")
                    }
                    if let coinGecko = server.baseURL(of: .coinGecko) {
                        output.standardOutput("endless serve: CoinGecko on \(coinGecko)\n")
                    }
                    output.standardOutput("endless serve: try curl '\(url)?results=5&seed=abc&format=pretty'\n")
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
        return SimulatorConfiguration(
            data: data, host: host, port: port, faults: settings.faults, rateLimit: settings.rateLimit,
            reqresUserCount: settings.reqresUserCount, unsplashRateLimit: settings.unsplashRateLimit,
            coinGeckoRateLimit: settings.coinGeckoRateLimit)
    }
}
