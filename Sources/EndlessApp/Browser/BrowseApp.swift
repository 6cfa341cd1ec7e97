import EndlessCache
import EndlessCommandLine
import EndlessHTTP
import EndlessImages
import EndlessTerminal
import Foundation
import Synchronization

/// The browser, from opening the connections to giving the terminal back: the one place where
/// the feeds, the simulator, the picture pipelines and the terminal are wired together.
@MainActor
enum BrowseApp {
    /// The most bytes of decoded pictures kept in memory, every tab's together. The image
    /// pipeline's default (Nuke's: a fifth of the machine's memory, up to 512 MiB) is for an
    /// app the system can ask to give memory back; a terminal app is never asked, and a long
    /// session of details and photos grew by 3.5 MiB every 40 details opened. 128 MiB holds about
    /// 200 details pictures, 450 photo rows or the count limit's 1,000 avatars; a picture
    /// evicted is fetched again (from the disk cache, for real services).
    static let pictureMemoryLimit = 128 * 1024 * 1024

    /// Runs the browser until the person quits.
    /// - Returns: 0 after a quit, 128 + the signal after a termination signal, 1 on failure,
    ///   2 when a feed's settings cannot work.
    static func run(_ options: BrowseOptions, output: CommandOutput) async -> Int32 {
        // The cache's notices (a damaged file rebuilt, no cache this run) would garble the
        // screen: they are said on standard error once the terminal is back.
        let notices = CacheNotices()
        let processEnvironment = options.environment ?? ProcessInfo.processInfo.environment
        let cacheDirectory = PageCache.defaultDirectory(environment: processEnvironment)
        defer { for notice in notices.all { output.standardError("endless: \(TextSanitizer.sanitize("\(notice)"))\n") } }
        // The screen this command left last time, drawn as the terminal is taken: before the
        // cache, the connection and the tabs are made.
        let launchScreen =
            options.cacheMode == .disabled ? nil : LaunchScreen(directory: cacheDirectory, key: options.launchScreenKey, feed: options.opening)

        let ending: BrowseLoop.Ending
        let dumpFailure: String?
        do {
            var terminalOptions = TerminalSession.Options()
            terminalOptions.environment = processEnvironment
            terminalOptions.firstFrame = launchScreen?.load()
            (ending, dumpFailure) = try await TerminalSession.run(options: terminalOptions) { session in
                let cells = ImageCells(
                    mode: options.graphics.resolved(for: session.capabilities),
                    colorDepth: session.capabilities.colorDepth, cellPixelSize: session.cellPixelSize)
                return try await browse(
                    options, on: session, events: session, cells: cells,
                    firstPageGrace: session.showedFirstFrame ? BrowseLoop.openingGraceOverLaunchScreen : BrowseLoop.openingGrace,
                    cache: PageCache(directory: cacheDirectory, onNotice: { notices.append($0) }), launchScreen: launchScreen,
                    environment: processEnvironment, hint: options.graphics.hint(for: session.capabilities))
            }
        } catch {
            output.standardError("endless: \(TextSanitizer.sanitize("\(error)"))\n")
            return ExitCode.failure.rawValue
        }
        if let dumpFailure {
            output.standardError("endless: could not write --dump-state \(dumpFailure)\n")
            return ExitCode.failure.rawValue
        }
        switch ending {
        case .quit: return ExitCode.success.rawValue
        case .signal(let signal): return 128 + signal.number
        }
    }
}

extension BrowseApp {
    /// Browses on `terminal` until the person quits: opens the connection, makes the tabs,
    /// runs the loop, and saves where each list was left.
    /// - Parameters:
    ///   - options: the feeds' settings and what every tab shares.
    ///   - terminal: where frames go.
    ///   - events: the terminal's keys, mouse, resizes and signals.
    ///   - cells: how pictures are drawn on this terminal.
    ///   - firstPageGrace: how long the first frame waits for the first page.
    ///   - cache: the page cache (closed here).
    ///   - launchScreen: where the screen left at quit is saved; nil for none.
    ///   - environment: where the real services' picture cache folder is found.
    ///   - hint: said once in the status bar, until the first key (pictures that cannot show).
    /// - Returns: how the loop ended, and why `--dump-state` could not be written (nil when it was).
    /// - Throws: when the connection cannot open, a tab cannot be made, or the terminal written.
    static func browse(
        _ options: BrowseOptions, on terminal: any BrowserTerminal, events: any TerminalEventSource, cells: ImageCells,
        firstPageGrace: Duration, cache: PageCache, launchScreen: LaunchScreen?, environment: [String: String],
        hint: String? = nil
    ) async throws -> (BrowseLoop.Ending, String?) {
        defer { cache.close() }
        // The file opens on the other core while the connection and the tab are made.
        if options.cacheMode != .disabled { Thread.detachNewThread { cache.prepare() } }
        let connection = try AppConnection(
            needsSimulator: options.needsSimulator, simulator: options.simulator,
            configuration: options.httpConfiguration,
            // Without the page cache, the first screen asks the simulator at once.
            buildsSimulatorAtOnce: options.cacheMode == .disabled)
        defer { connection.close() }
        let (simulatorImages, remoteImages) = imageStores(options, connection: connection, environment: environment)
        let tabEnvironment = TabEnvironment(
            connection: connection, simulatorImages: simulatorImages, remoteImages: remoteImages, cells: cells,
            refreshCooldown: options.refreshCooldown, maxLoaded: options.maxLoaded,
            tracksSeenItems: options.dumpStatePath != nil, cache: cache, cacheMode: options.cacheMode,
            simulatorDataVariant: options.simulator.dataDirectory.map { "lists=\($0.path)" } ?? "", keys: options.keys)
        let slots = options.feeds.map { feed in TabSlot(kind: feed.kind) { try feed.settings.makeTab(tabEnvironment) } }
        let browser = try BrowserModel(slots: slots, opening: options.opening)
        browser.keyRebinding = options.keys
        browser.theme = options.theme
        browser.hint = hint
        let loop = BrowseLoop(terminal: terminal, browser: browser, firstPageGrace: firstPageGrace)
        let ending = try await loop.run(events: events, inFlightCount: connection.observeInFlightCount)
        // Where each list is, for the next launch to open there (before the cache closes).
        for slot in browser.slots { slot.madeTab?.saveWhereLeft() }
        if let launchScreen {
            // The same command opens on this tab next time, as it is left now; a quit
            // before its first page landed leaves the last screen as it was.
            if browser.active.kind != options.opening || !browser.active.reopensWhereLeft {
                launchScreen.remove()
            } else if let next = BrowserScreen.reopening(browser, size: terminal.size) {
                launchScreen.save(next)
            }
        }
        return (ending, writeDump(of: browser, to: options.dumpStatePath))
    }

    /// Writes `--dump-state` (making the tabs not shown yet, with the cache still open).
    /// - Returns: nil when written or not asked for, else the path and why it failed.
    static func writeDump(of browser: BrowserModel, to path: String?) -> String? {
        guard let path else { return nil }
        do {
            try StateDump(active: browser.active.kind.name, tabs: browser.allTabs.map { $0.dump() }).write(to: path)
            return nil
        } catch {
            return "\(path): \(error)"
        }
    }

    /// The picture stores: the simulator's, kept in memory only (a new port every run would only
    /// fill the disk), and the real services', also on disk; both keep their decoded pictures in
    /// one memory cache of ``pictureMemoryLimit``. Started downloads of rows scrolled away
    /// finish rather than being cancelled: on Linux, cancelling a URLSession transfer in flight
    /// keeps a core busy (see ImagePipeline.Configuration.finishesStartedDownloads).
    static func imageStores(
        _ options: BrowseOptions, connection: AppConnection, environment: [String: String]
    ) -> (simulator: ImageStore?, remote: ImageStore?) {
        guard options.graphics != .none else { return (nil, nil) }
        let decoded = ImageMemoryCache(costLimit: pictureMemoryLimit)
        let simulator =
            options.needsSimulator
            ? ImageStore(
                pipeline: ImagePipeline(
                    configuration: .init(
                        dataLoader: connection.images, memoryCache: decoded, diskCache: nil, finishesStartedDownloads: true)),
                resolve: connection.simulatorURLResolver) : nil
        let remote =
            options.feeds.contains(where: { $0.settings.api != nil })
            ? ImageStore(
                pipeline: ImagePipeline(
                    configuration: .init(
                        dataLoader: connection.images, memoryCache: decoded,
                        diskCache: ImageDiskCache(directory: ImageDiskCache.defaultDirectory(environment: environment)),
                        finishesStartedDownloads: true)))
            : nil
        return (simulator, remote)
    }
}

/// Cache notices collected from any thread while the screen is in use.
private final class CacheNotices: Sendable {
    private let notices = Mutex<[CacheNotice]>([])

    func append(_ notice: CacheNotice) { notices.withLock { $0.append(notice) } }
    var all: [CacheNotice] { notices.withLock { $0 } }
}
