import EndlessCache
import EndlessCommandLine
import EndlessTerminal
import Foundation

/// `endless cache` and `endless cache clear [FEED]`: what the page cache keeps for each feed,
/// and emptying it.
enum CacheCommand {
    static let positional = CommandDeclaration.Positional(
        name: "FEED", help: "The feed to empty: \(FeedCatalog.all.map { $0.id.name }.joined(separator: ", ")); all of them when left out.",
        isOptional: true, accepts: .choices(FeedCatalog.all.map { $0.id.name }))

    static let show = CommandDeclaration(
        name: "show",
        abstract: "List what the page cache keeps for each feed (the default).",
        discussion: "Pages every feed has loaded are kept in one SQLite file under $XDG_CACHE_HOME/endless "
            + "(else ~/.cache/endless), so `endless` opens on the rows it showed last time, and works "
            + "without a network (`endless --offline`). Pictures are cached beside it, under images/.",
        examples: [.init(command: "endless cache", explanation: "Pages, items, size and age per feed.")])

    static let clear = CommandDeclaration(
        name: "clear", abstract: "Empty the page cache of one feed, or of every feed.", positionals: [positional],
        examples: [
            .init(command: "endless cache clear coins", explanation: "Forget the coins pages, and the screen `endless coins` opens on."),
            .init(command: "endless cache clear", explanation: "Forget every feed's pages."),
        ])

    /// The `cache` group.
    /// - Parameter cache: makes the cache, given where its notices go.
    static func group(
        cache: @escaping @Sendable (_ onNotice: @escaping @Sendable (CacheNotice) -> Void) -> PageCache = {
            PageCache(onNotice: $0)
        }
    ) -> Subcommand {
        Subcommand(
            group: "cache", abstract: "Show or empty the page cache that lets every feed open at once and offline.",
            children: [
                Subcommand(declaration: show) { _, output in list(cache(noticePrinter(output)), output: output) },
                Subcommand(declaration: clear) { parsed, output in
                    clear(cache(noticePrinter(output)), feed: parsed.positionals.first, command: parsed.command, output: output)
                },
            ], defaultSubcommand: "show",
            examples: [
                .init(command: "endless cache", explanation: "Pages, items, size and age per feed, and the file."),
                .init(command: "endless cache clear people", explanation: "Forget the people pages and people's launch screens."),
                .init(command: "endless cache clear", explanation: "Forget every feed's pages."),
            ])
    }

    /// Says each of the cache's notices on standard error, as `endless` does after its screen
    /// closes: a damaged file found by `endless cache` is moved aside and rebuilt, and says so.
    static func noticePrinter(_ output: CommandOutput) -> @Sendable (CacheNotice) -> Void {
        { notice in output.standardError("endless cache: \(TextSanitizer.sanitize("\(notice)"))\n") }
    }

    /// Prints a line per feed, then the file.
    static func list(_ cache: PageCache, output: CommandOutput, now: Date = Date()) -> Int32 {
        let usage: [FeedCacheUsage]
        do {
            usage = try cache.usage()
        } catch {
            output.standardError("endless cache: \(TextSanitizer.sanitize("\(error)"))\n")
            return ExitCode.failure.rawValue
        }
        let columns: [FetchTable<FeedCacheUsage>.Column] = [
            .init("FEED", minimumWidth: 4) { $0.feed },
            .init("PAGES", minimumWidth: 5, alignRight: true) { String($0.pages) },
            .init("ITEMS", minimumWidth: 5, alignRight: true) { String($0.items) },
            .init("SIZE", minimumWidth: 4, alignRight: true) { byteCount($0.bytes) },
            .init("NEWEST", minimumWidth: 6) { CacheStatus.age(from: $0.newestFetch, to: now) },
            .init("OLDEST", minimumWidth: 6) { CacheStatus.age(from: $0.oldestFetch, to: now) },
        ]
        if usage.isEmpty {
            output.standardOutput("The page cache is empty.\n")
        } else {
            output.standardOutput(FetchTable(columns: columns, width: output.terminalColumns ?? TableWidth.whenPiped).format(usage))
        }
        // Starred items are not pages: clearing leaves them (`*` in the browser unstars).
        if let starred = try? cache.starredCounts(), !starred.isEmpty {
            output.standardOutput("starred: \(starred.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: " · "))\n")
        }
        let exists = FileManager.default.fileExists(atPath: cache.fileURL.path)
        output.standardOutput("\(cache.fileURL.path): \(exists ? byteCount(cache.fileSize) : "not created yet")\n")
        return ExitCode.success.rawValue
    }

    /// Empties one feed or all; an unknown feed is a usage error.
    static func clear(_ cache: PageCache, feed: String?, command: String, output: CommandOutput) -> Int32 {
        if let feed, FeedCatalog.definition(named: feed) == nil {
            let names = FeedCatalog.all.map { $0.id.name }
            output.standardError(
                UsageError(
                    command: command, message: "there is no feed '\(TextSanitizer.sanitize(feed))'",
                    hint: Suggestions.closest(to: feed, in: names).map { "did you mean '\($0)'?" }
                        ?? "feeds: \(names.joined(separator: ", "))"
                ).description)
            return ExitCode.usage.rawValue
        }
        do {
            let pages = try feed.map { try cache.clear(feed: $0) } ?? cache.clearAll()
            // A launch screen shows pages: the next launch opens on the network's instead.
            LaunchScreen.removeAll(in: cache.fileURL.deletingLastPathComponent(), feed: feed.flatMap(FeedCatalog.definition(named:))?.id)
            output.standardOutput("endless cache: \(pages) \(pages == 1 ? "page" : "pages") of \(feed ?? "every feed") cleared\n")
            return ExitCode.success.rawValue
        } catch {
            output.standardError("endless cache: \(TextSanitizer.sanitize("\(error)"))\n")
            return ExitCode.failure.rawValue
        }
    }

    /// `1.2 MiB`.
    static func byteCount(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1024 * 1024 { return String(format: "%.1f KiB", Double(bytes) / 1024) }
        return String(format: "%.1f MiB", Double(bytes) / 1024 / 1024)
    }
}
