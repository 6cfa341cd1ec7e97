import Endless
import EndlessHTTP
import EndlessImages
import EndlessTerminal
import Foundation
import Glibc
import RandomUserAPI

/// `endless` / `endless browse`: the terminal browser of an endless list of people.
enum BrowseCommand {
    static let declaration = CommandDeclaration(
        name: "browse",
        abstract: "Browse an endless list of people, with avatars, in the terminal (the default command).",
        discussion: "Scroll as far as you like: the next page loads before you reach it, and pages far "
            + "behind are dropped and reloaded when you come back. r (or the mouse wheel pulled up at "
            + "the top) refreshes; Enter or a click opens a person's details; ? lists every key."
            + "\n\n"
            + "Without --api, people come from the embedded simulator, an offline randomuser.me on a "
            + "loopback port; its flags below make it slow or flaky, to watch the browser cope."
            + "\n\n"
            + "When standard input or output is not a terminal, the first page is printed as "
            + "`endless fetch` prints it, and a note goes to standard error.",
        options: Options.declarations + SimulatorOptions.declarations,
        examples: [
            .init(command: "endless", explanation: "Browse people from the embedded simulator."),
            .init(
                command: "endless --api https://randomuser.me/api/ --nat nl,de",
                explanation: "Browse Dutch and German people from the live service."),
            .init(
                command: "endless --latency 300ms±100ms --fail-rate 0.2",
                explanation: "A slow, flaky network: every error shows where it happened, R retries it."),
            .init(
                command: "endless --seed endless --graphics none",
                explanation: "The same list every time, without avatars."),
        ])

    /// The `browse` subcommand.
    static func subcommand() -> Subcommand {
        Subcommand(declaration: declaration) { parsed, output in
            let options: BrowseOptions
            do throws(UsageError) {
                options = try self.options(from: parsed)
            } catch {
                output.standardError(error.description)
                return ExitCode.usage.rawValue
            }
            guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
                return await printFirstPage(options, output: output)
            }
            return await BrowseApp.run(options, output: output)
        }
    }

    /// Not a terminal (piped, or CI): the first page as `endless fetch` prints it.
    static func printFirstPage(_ options: BrowseOptions, output: CommandOutput) async -> Int32 {
        output.standardError(
            "endless: not a terminal, so the first page is printed instead of browsing "
                + "(`endless fetch --help` has more formats)\n")
        var query = options.query
        if let seed = options.seed, query.gender == nil { query = (try? query.withSeed(seed)) ?? query }
        var fetch = FetchOptions(query: (try? query.withResults(options.pageSize)) ?? query)
        fetch.api = options.api
        fetch.simulator = options.simulator
        return await FetchCommand.run(
            options: fetch, output: output, fetchPage: EndlessCommand.liveFetcher(fetch, output))
    }
}

/// The browser, from opening the connection to giving the terminal back.
@MainActor
enum BrowseApp {
    /// Runs the browser until the person quits.
    /// - Returns: 0 after a quit, 128 + the signal after a termination signal, 1 on failure.
    static func run(_ options: BrowseOptions, output: CommandOutput) async -> Int32 {
        let connection: APIConnection
        do {
            connection = try APIConnection(
                api: options.api, simulator: options.simulator,
                configuration: HTTPClient.Configuration(deadline: BrowseOptions.requestDeadline))
        } catch {
            output.standardError("endless: \(error)\n")
            return ExitCode.failure.rawValue
        }
        defer { connection.close() }

        let source: RandomUserPageSource
        do {
            let seed = options.seed
            source = try RandomUserPageSource(
                client: connection.people, query: options.query,
                makeSeed: { seed ?? RandomUserPageSource.randomSeed() })
        } catch {
            output.standardError("endless: \(error)\n")
            return ExitCode.usage.rawValue
        }
        let avatars: AvatarStore? =
            options.graphics == .none
            ? nil
            : AvatarStore(
                pipeline: ImagePipeline(
                    configuration: .init(
                        dataLoader: connection.images,
                        // The simulator draws portraits on the spot, at a new port each run:
                        // caching them on disk would only fill it.
                        diskCache: connection.usesSimulator ? nil : ImageDiskCache())))
        let model = PeopleViewModel(
            feed: Feed(source: source, configuration: options.feedConfiguration), avatars: avatars,
            sourceLabel: connection.label)
        if options.dumpStatePath != nil { model.seen.startTracking() }

        let ending: BrowseLoop.Ending
        do {
            ending = try await TerminalSession.run { session in
                let mode = options.graphics.resolved(for: session.capabilities)
                let cells = AvatarCells(
                    mode: mode, colorDepth: session.capabilities.colorDepth, cellPixelSize: session.cellPixelSize)
                model.avatarStyle = AvatarStyle(
                    pixelSize: cells.pixelSize(forCells: PeopleScreen.avatarSize), usesMediumPortrait: cells.usesPixels,
                    portraitPixelSize: cells.usesPixels ? cells.pixelSize(forCells: PeopleScreen.portraitSize) : PixelSize(width: 128, height: 128))
                let loop = BrowseLoop(session: session, model: model, screen: PeopleScreen(avatarCells: cells))
                return try await loop.run(inFlightUpdates: connection.inFlightCountUpdates())
            }
        } catch {
            output.standardError("endless: \(TextSanitizer.sanitize("\(error)"))\n")
            return ExitCode.failure.rawValue
        }
        if let path = options.dumpStatePath {
            do {
                try StateDump(model).write(to: path)
            } catch {
                output.standardError("endless: could not write --dump-state \(path): \(error)\n")
                return ExitCode.failure.rawValue
            }
        }
        switch ending {
        case .quit: return ExitCode.success.rawValue
        case .signal(let signal): return 128 + signal.number
        }
    }
}
