import Endless
import EndlessCache
import EndlessCommandLine
import EndlessHTTP
import EndlessTerminal
import Foundation

/// Everything `endless` (browse) was asked to do, parsed and validated: which tab opens, each
/// feed's settings, and what every tab shares.
struct BrowseOptions: Sendable {
    /// How long after a refresh the next one is allowed: the APIs rate-limit.
    static var defaultRefreshCooldown: Duration { BrowseCommand.Options.refreshCooldown.defaultValue }
    /// Items kept in memory per feed; pages further away are dropped and reloaded when scrolled back to.
    static var defaultMaxLoaded: Int { BrowseCommand.Options.maxLoaded.defaultValue }
    /// The whole-request deadline for pages and pictures.
    static let requestDeadline: Duration = .seconds(20)

    /// The tab shown first.
    var opening = FeedID.people
    /// Each feed's settings, in tab order.
    var feeds: [(kind: FeedID, settings: FeedSettings)] = []
    var graphics = GraphicsMode.auto
    var refreshCooldown = defaultRefreshCooldown
    /// nil keeps every page.
    var maxLoaded: Int? = defaultMaxLoaded
    /// Where to write the loaded identities on exit (`--dump-state`).
    var dumpStatePath: String?
    var simulator = SimulatorSettings()
    /// Whether pages come from the page cache and go into it (`--offline`, `--no-cache`).
    var cacheMode = CacheMode.readWrite
    /// The process environment as the command line was read with, for the cache's folder
    /// and the terminal session: building it from `environ` cost a few tenths of a millisecond
    /// at launch each time. Nil reads the process's where it is needed.
    var environment: [String: String]?
    /// Names the screen this command leaves at quit and opens on next time (``LaunchScreen``).
    var launchScreenKey = ""
    /// The keys the config file changes.
    var keys = KeyRebinding.none
    /// The colours the config file gives (`color.selection = red`).
    var theme = Theme.standard
    /// Hides this run's keys (flags, URLs, environment) from the HTTP clients' errors, which
    /// the browser shows.
    var redactor = Redactor.default

    /// The HTTP clients' settings for the browser: its deadline and this run's redactor.
    var httpConfiguration: HTTPClient.Configuration {
        HTTPClient.Configuration(deadline: Self.requestDeadline, redactor: redactor)
    }

    /// Whether some feed has no API of its own, so the embedded simulator must run.
    var needsSimulator: Bool { feeds.contains { $0.settings.needsSimulator } }

    /// The settings of the tab shown first.
    var openingSettings: FeedSettings? { feeds.first { $0.kind == opening }?.settings }
}

extension BrowseCommand {
    enum Options {
        static let api = Option(
            "api", placeholder: "URL",
            help: "Where the opening tab's data comes from, e.g. https://randomuser.me/api/ for people or "
                + "https://reqres.in/api/ for `endless users` (default: the embedded simulator). Each tab also "
                + "has its own flag, e.g. --users-api.",
            parser: ValueParsers.httpURL)
        static let graphics = Option(
            "graphics", placeholder: "MODE",
            help: "How pictures are drawn: auto (asks the terminal: kitty, else sixel, else symbols), "
                + "symbols (colored block characters, everywhere), sixel, kitty, or none. "
                + "$ENDLESS_GRAPHICS says the same when this is not given.",
            defaultDescription: GraphicsMode.auto.rawValue, parser: ValueParsers.choice(GraphicsMode.self),
            environment: "ENDLESS_GRAPHICS")
        static let perPage = Option(
            "per-page", short: "n", placeholder: "N",
            help: "Items per page on the opening tab; each tab also has its own flag, e.g. --photos-per-page. "
                + "The tab says how many it allows.",
            parser: ValueParsers.integer(in: 1...1000))
        static let noImages = Flag("no-images", help: "No pictures: nothing is downloaded but the lists.")
        static let refreshCooldown = Option(
            "refresh-cooldown", placeholder: "SECONDS",
            help: "The least time between two refreshes of a tab, 0-3600 (the APIs rate-limit; a refresh "
                + "asked for sooner says when it will be allowed).",
            default: .seconds(3), parser: ValueParsers.seconds(maximum: 3600, allowingZero: true))
        static let maxLoaded = Option(
            "max-loaded", placeholder: "N",
            help: "Items kept in memory per tab, 100-1000000; pages further away are dropped and reloaded "
                + "(identically: pages are seeded) when you scroll back. 0 keeps everything. The coins board "
                + "keeps every coin: a live ranking's pages cannot be reloaded as they were.",
            default: 1000,
            parser: ValueParsers.integer(in: 0...1_000_000).map(write: { String($0) }) { value throws(ValueError) in
                guard value == 0 || value >= 100 else {
                    throw ValueError("\(value) is too few to fill a screen", allowed: "0, or 100 to 1000000")
                }
                return value
            })
        static let offline = Flag(
            "offline", help: "Browse only what the page cache kept from earlier runs: no request is sent for pages.")
        static let noCache = Flag(
            "no-cache", help: "Neither read nor write the page cache: every page comes from the network.")
        static let dumpState = Option(
            "dump-state", placeholder: "FILE",
            help: "On exit, write each tab's loaded identities and anything seen twice to FILE, as JSON.",
            parser: ValueParsers.file)

        /// The flags every tab shares, then each feed's, then the simulator's.
        static var declarations: [OptionDeclaration] { declarations(for: FeedCatalog.all) }

        /// The flags every tab shares, then each of `feeds`', then the simulator's.
        static func declarations(for feeds: [FeedDefinition]) -> [OptionDeclaration] {
            [api.declaration, perPage.declaration] + feeds.flatMap { $0.browseOptions }
                + [
                    graphics.declaration, noImages.declaration, refreshCooldown.declaration, maxLoaded.declaration,
                    offline.declaration, noCache.declaration, dumpState.declaration,
                ] + SimulatorOptions.declarations
        }
    }

    /// Reads the command line into ``BrowseOptions``.
    /// - Parameters:
    ///   - parsed: the command line.
    ///   - opening: the tab to open on.
    ///   - feeds: the feeds browsed, in tab order.
    ///   - environment: where `ENDLESS_GRAPHICS`, the feeds' keys and the cache's folder are
    ///     read; kept in the options for the session and the cache.
    /// - Throws: ``UsageError`` naming the flag whose value is wrong.
    static func options(
        from parsed: ParsedArguments, opening: FeedID, feeds: [FeedDefinition] = FeedCatalog.all,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(UsageError) -> BrowseOptions {
        var parsed = parsed
        // --per-page is the opening tab's --<feed>-per-page, as --api is its --<feed>-api.
        if let opened = feeds.first(where: { $0.id == opening }), let own = opened.perPageOption {
            parsed = try parsed.giving(Options.perPage.declaration, to: own)
        }
        var options = BrowseOptions(opening: opening)
        options.environment = environment
        let api = try parsed[Options.api]
        for feed in feeds {
            var own = try parsed[feed.apiOption]
            if feed.id == opening, let api {
                if own != nil {
                    throw UsageError(
                        command: parsed.command, message: "--api and \(feed.apiOption.declaration.flagText) both name the \(feed.id.name) API",
                        hint: "give one of them")
                }
                own = api
            }
            options.feeds.append((feed.id, try feed.readSettings(parsed, own, environment)))
        }
        if !options.needsSimulator {
            try SimulatorOptions.requireNone(
                in: parsed, because: options.feeds.compactMap { $0.settings.api?.absoluteString }.joined(separator: ", "))
        }
        // --graphics, else ENDLESS_GRAPHICS, else auto (the terminal is asked what it shows).
        let flag = try parsed[Options.graphics]
        do throws(GraphicsModeError) {
            options.graphics = parsed[Options.noImages] ? .none : try GraphicsMode.requested(flag: flag, environment: environment)
        } catch {
            throw UsageError(command: parsed.command, message: error.description, hint: "or unset it")
        }
        options.refreshCooldown = try parsed[Options.refreshCooldown]
        let maxLoaded = try parsed[Options.maxLoaded]
        options.maxLoaded = maxLoaded == 0 ? nil : maxLoaded
        options.dumpStatePath = try parsed[Options.dumpState]
        switch (parsed[Options.offline], parsed[Options.noCache]) {
        case (true, true):
            throw UsageError(
                command: parsed.command, message: "--offline reads only the cache, which --no-cache turns off",
                hint: "give one of them")
        case (true, false): options.cacheMode = .offline
        case (false, true): options.cacheMode = .disabled
        case (false, false): options.cacheMode = .readWrite
        }
        options.simulator = try SimulatorOptions.settings(from: parsed)
        options.keys = try KeyRebinding.from(parsed)
        options.theme = try ColorSettings.theme(from: parsed)
        options.redactor = RunSecrets.redactor(parsed: parsed, environment: environment)
        // The key is written into the screen's file: no key of this run goes with it.
        options.launchScreenKey = options.redactor.redact(text: launchScreenKey(parsed, environment: environment))
        return options
    }

    /// What names a launch screen: the command and its options (all but `--dump-state` and
    /// `--offline`, which change nothing the list shows), and the environment that changes what
    /// is drawn. The same command in the same terminal opens on the same screen. The value of
    /// an option declared secret is left out (``SecretFree/standIn``), so another key opens the
    /// same screen; ``LaunchScreenKey`` cleans the rest (URLs, variables named as secrets).
    static func launchScreenKey(_ parsed: ParsedArguments, environment: [String: String]) -> String {
        let drawnFrom = environment.filter { name, _ in
            ["TERM", "COLORTERM", "NO_COLOR"].contains(name) || name.hasPrefix("ENDLESS_")
        }
        let unseen = [Options.dumpState.declaration, Options.offline.declaration]
        let given = parsed.given.filter { !unseen.contains($0.declaration) }.sorted { $0.declaration.name < $1.declaration.name }
        var parts = ["browse", parsed.command]
        parts += given.filter { $0.declaration.kind != .flag }.map { option in
            let text = option.declaration.isSecret ? SecretFree.standIn : option.texts.joined(separator: ",")
            return "\(option.declaration.flagText)=\(text)"
        }
        parts += given.filter { $0.declaration.kind == .flag }.map(\.declaration.flagText)
        parts += parsed.positionals
        parts += drawnFrom.keys.sorted().map { "\($0)=\(drawnFrom[$0, default: ""])" }
        return parts.joined(separator: "\u{0}")
    }
}
