import EndlessCache
import EndlessCommandLine
import EndlessTerminal
import Foundation
import Glibc

/// `endless`, `endless browse` and `endless <feed>`: the terminal browser, opening on a tab.
enum BrowseCommand {
    /// The subcommands: `browse` (people first), then one per feed (`people`, `users`…).
    static func subcommands() -> [Subcommand] {
        [
            subcommand(
                name: "browse", opening: .people, abstract: "Browse the feeds in the terminal, people first (the default command).",
                examples: examples)
        ]
            + FeedCatalog.all.map { feed in
                subcommand(name: feed.id.name, opening: feed.id, abstract: feed.abstract + " Opens on its tab.", examples: feed.examples)
            }
    }

    /// `endless browse`'s examples; each feed's command shows its own.
    static let examples: [CommandDeclaration.Example] = [
        .init(command: "endless", explanation: "Browse people (and the other tabs) from the embedded simulator."),
        .init(
            command: "endless --api https://randomuser.me/api/ --nat nl,de",
            explanation: "Dutch and German people from the live service."),
        .init(command: "endless users", explanation: "Open on the users tab."),
        .init(
            command: "endless coins --vs-currency eur --live",
            explanation: "The market board in euros, refreshing itself every 30 s (slower after a rate limit)."),
        .init(
            command: "endless --latency 300ms±100ms --fail-rate 0.2",
            explanation: "A slow, flaky network: every error shows where it happened, R retries it."),
        .init(command: "endless --seed endless --graphics none", explanation: "The same people every time, without pictures."),
        .init(command: "endless --offline", explanation: "Only what the page cache kept: no page is asked of the network."),
    ]

    static func declaration(name: String, abstract: String, examples: [CommandDeclaration.Example]) -> CommandDeclaration {
        let tabs = FeedCatalog.all.map { "\($0.id.keyLabel) \($0.id.name)" }.joined(separator: ", ")
        return CommandDeclaration(
            name: name, abstract: abstract,
            discussion: "Every feed has a tab (\(tabs)): its number key or Tab switches, and each keeps its "
                + "place while hidden. Scroll as far as you like: the next page loads before you reach it, and "
                + "pages far behind are dropped and reloaded when you come back. r (or the mouse wheel pulled up "
                + "at the top) refreshes; Enter or a click opens the details; ? lists every key."
                + "\n\n"
                + "Without --api, data comes from the embedded simulator, offline versions of the services on "
                + "a loopback port; its flags below make it slow or flaky, to watch the browser cope."
                + "\n\n"
                + "When standard input or output is not a terminal, the opening tab's first page is printed as "
                + "`endless fetch` prints it, and a note goes to standard error.",
            options: Options.declarations, examples: examples)
    }

    private static func subcommand(
        name: String, opening: FeedID, abstract: String, examples: [CommandDeclaration.Example]
    ) -> Subcommand {
        Subcommand(declaration: declaration(name: name, abstract: abstract, examples: examples)) { parsed, output in
            let options: BrowseOptions
            do throws(UsageError) {
                options = try self.options(from: parsed, opening: opening)
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

    /// Not a terminal (piped, or CI): the opening tab's first page as `endless fetch` prints it.
    static func printFirstPage(_ options: BrowseOptions, output: CommandOutput) async -> Int32 {
        // --offline promises no page request: the cache is all there is.
        if options.cacheMode == .offline {
            output.standardError(offlineRefusal(options))
            return ExitCode.failure.rawValue
        }
        output.standardError(
            "endless: not a terminal, so the first page is printed instead of browsing "
                + "(`endless fetch --help` has more formats)\n")
        guard let settings = options.openingSettings else { return ExitCode.failure.rawValue }
        let connection: AppConnection
        do {
            connection = try AppConnection(
                needsSimulator: settings.needsSimulator, simulator: options.simulator,
                configuration: options.httpConfiguration)
        } catch {
            output.standardError("endless: \(error)\n")
            return ExitCode.failure.rawValue
        }
        defer { connection.close() }
        return await settings.printFirstPage(connection, output)
    }

    /// Why a piped `endless --offline` prints nothing and asks nothing of the network: nothing
    /// is cached for the opening feed, or what is cached is browsed in a terminal (printing
    /// a page is `endless fetch`'s, which asks the network).
    static func offlineRefusal(_ options: BrowseOptions) -> String {
        let feed = options.opening.name
        let directory = PageCache.defaultDirectory(environment: options.environment ?? ProcessInfo.processInfo.environment)
        let cached = (try? PageCache(directory: directory).usage())?.first { $0.feed == feed }
        guard let cached, cached.pages > 0 else {
            return "endless: nothing cached for \(feed); run without --offline first\n"
        }
        return "endless: \(cached.pages) \(cached.pages == 1 ? "page" : "pages") of \(feed) cached, browsed in a terminal only; "
            + "printing a page asks the network: run without --offline\n"
    }
}
