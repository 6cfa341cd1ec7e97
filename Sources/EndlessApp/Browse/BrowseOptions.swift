import Endless
import EndlessTerminal
import Foundation
import RandomUserAPI

/// Everything `endless` (browse) was asked to do, parsed and validated.
struct BrowseOptions: Sendable {
    /// People per page.
    static let defaultPageSize = 20
    static let pageSizeRange = 5...500
    /// How long after a refresh the next one is allowed: randomuser.me rate-limits.
    static let defaultRefreshCooldown: Duration = .seconds(3)
    /// People kept in memory; pages further away are dropped and reloaded when scrolled back to.
    static let defaultMaxLoaded = 1000
    /// The whole-request deadline for pages and portraits.
    static let requestDeadline: Duration = .seconds(20)

    /// The API given with `--api`; nil for the embedded simulator.
    var api: URL?
    /// Filters and fields of every page (its seed is set only without a gender: see
    /// ``seed``).
    var query: RandomUserQuery
    /// A fixed seed, with or without a gender filter.
    var seed: String?
    var pageSize = defaultPageSize
    var graphics = GraphicsMode.auto
    var refreshCooldown = defaultRefreshCooldown
    /// nil keeps every page.
    var maxLoaded: Int? = defaultMaxLoaded
    /// Where to write the loaded identities on exit (`--dump-state`).
    var dumpStatePath: String?
    var simulator = SimulatorSettings()

    /// The paging engine's settings for these options.
    var feedConfiguration: FeedConfiguration {
        FeedConfiguration(pageSize: pageSize, maxLoadedItems: maxLoaded, refreshCooldown: refreshCooldown)
    }
}

extension BrowseCommand {
    enum Options {
        static let pageSize = Option(
            "page-size", placeholder: "N", help: "People per page, 5-500.", default: String(BrowseOptions.defaultPageSize),
            convert: ValueParsers.integer(in: BrowseOptions.pageSizeRange))
        static let graphics = Option(
            "graphics", placeholder: "MODE",
            help: "How avatars are drawn: auto (the best this terminal supports), symbols (colored "
                + "block characters, everywhere), sixel, kitty, or none.",
            default: GraphicsMode.auto.rawValue, convert: ValueParsers.choice(GraphicsMode.self))
        static let noImages = Flag("no-images", help: "No avatars: nothing is downloaded but the people.")
        static let refreshCooldown = Option(
            "refresh-cooldown", placeholder: "SECONDS",
            help: "The least time between two refreshes, 0-3600 (randomuser.me rate-limits; a refresh "
                + "asked for sooner says when it will be allowed).",
            default: "3", convert: ValueParsers.seconds(maximum: 3600, allowingZero: true))
        static let maxLoaded = Option(
            "max-loaded", placeholder: "N",
            help: "People kept in memory, 100-1000000; pages further away are dropped and reloaded "
                + "(identically: pages are seeded) when you scroll back. 0 keeps everything.",
            default: String(BrowseOptions.defaultMaxLoaded),
            convert: { text throws(ValueError) in
                let value = try ValueParsers.integer(in: 0...1_000_000)(text)
                guard value == 0 || value >= 100 else {
                    throw ValueError("\(value) is too few to fill a screen", allowed: "0, or 100 to 1000000")
                }
                return value
            })
        static let dumpState = Option(
            "dump-state", placeholder: "FILE",
            help: "On exit, write the loaded people's identities and any person seen twice to FILE, as JSON.",
            convert: ValueParsers.nonEmpty)

        static let declarations: [OptionDeclaration] = [
            FetchCommand.Options.api.declaration, FetchCommand.Options.seed.declaration,
            FetchCommand.Options.nat.declaration, FetchCommand.Options.gender.declaration, pageSize.declaration,
            graphics.declaration, noImages.declaration, refreshCooldown.declaration, maxLoaded.declaration,
            dumpState.declaration,
        ]
    }

    /// Reads the command line into ``BrowseOptions``.
    /// - Throws: ``UsageError`` naming the flag whose value is wrong.
    static func options(from parsed: ParsedArguments) throws(UsageError) -> BrowseOptions {
        let api = try parsed.value(FetchCommand.Options.api)
        if let api { try SimulatorOptions.requireNone(in: parsed, because: api.absoluteString) }
        let seed = try parsed.value(FetchCommand.Options.seed)
        let gender = try parsed.value(FetchCommand.Options.gender)
        let query: RandomUserQuery
        do {
            // With a gender, the page source seeds every page itself (the service ignores the
            // gender of seeded requests), so the seed travels separately.
            query = try RandomUserQuery(
                baseURL: api ?? RandomUserQuery.defaultBaseURL, seed: gender == nil ? seed : nil, gender: gender,
                nationalities: try parsed.value(FetchCommand.Options.nat) ?? [])
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError(command: parsed.command, message: "\(error)")
        }
        var options = BrowseOptions(api: api, query: query, seed: seed)
        options.pageSize = try parsed.value(Options.pageSize) ?? BrowseOptions.defaultPageSize
        options.graphics = parsed.isSet(Options.noImages) ? .none : try parsed.value(Options.graphics) ?? .auto
        options.refreshCooldown = try parsed.value(Options.refreshCooldown) ?? BrowseOptions.defaultRefreshCooldown
        let maxLoaded = try parsed.value(Options.maxLoaded) ?? BrowseOptions.defaultMaxLoaded
        options.maxLoaded = maxLoaded == 0 ? nil : max(maxLoaded, options.pageSize * 5)
        options.dumpStatePath = try parsed.value(Options.dumpState)
        options.simulator = try SimulatorOptions.settings(from: parsed)
        return options
    }
}
