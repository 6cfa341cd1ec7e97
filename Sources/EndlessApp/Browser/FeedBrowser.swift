import EndlessCache
import EndlessCommandLine
import EndlessTerminal
import Foundation

/// The browser over any list of feeds, on any terminal: what `endless` runs on a real one, for
/// a program (or a test, with an in-memory terminal) that declares feeds of its own.
///
/// ```swift
/// let (events, keys) = AsyncStream.makeStream(of: TerminalEvent.self)
/// let ending = try await FeedBrowser.browse([numbers], on: terminal, events: events)
/// // elsewhere: keys.yield(.key(KeyEvent(.character("j")))), then "q"
/// ```
public enum FeedBrowser {
    /// Browses `feeds` on `terminal` until the person quits (`q`) or a termination signal
    /// arrives, with the keys, tabs, paging, refresh, errors and details of `endless`. A feed
    /// whose definition names a simulated service and is given no API flag is served by the
    /// embedded simulator, which starts on loopback for the length of the browse.
    /// - Parameters:
    ///   - feeds: the feeds, one tab each (ids unique); the first opens.
    ///   - arguments: `endless`'s browse flags and the feeds' own (`--no-cache`, `--graphics none`).
    ///   - terminal: where frames go.
    ///   - events: the terminal's keys, mouse, resizes and signals (a `TerminalSession`, a
    ///     stream of events, or a test's `InMemoryInput`); its end quits.
    ///   - capabilities: what the terminal can draw, for `--graphics auto`.
    ///   - environment: stands for the process environment: the page cache's folder, the
    ///     feeds' keys, `ENDLESS_GRAPHICS`.
    /// - Returns: how the browse ended.
    /// - Throws: ``UsageError`` for a wrong flag; otherwise when the connection cannot open, the
    ///   opening tab cannot be made, or the terminal cannot be written.
    @MainActor
    public static func browse(
        _ feeds: [FeedDefinition], arguments: [String] = [], on terminal: any BrowserTerminal, events: any TerminalEventSource,
        capabilities: TerminalCapabilities = TerminalCapabilities(colorDepth: .trueColor), environment: [String: String] = [:]
    ) async throws -> BrowseEnding {
        guard let opening = feeds.first?.id else { return .quit }
        let declaration = CommandDeclaration(
            name: opening.name, abstract: "Browse the feeds.", options: BrowseCommand.Options.declarations(for: feeds))
        let parsed = try ArgumentParser.parse(arguments, for: declaration)
        let options = try BrowseCommand.options(from: parsed, opening: opening, feeds: feeds, environment: environment)
        let directory = PageCache.defaultDirectory(environment: environment)
        let (ending, dumpFailure) = try await BrowseApp.browse(
            options, on: terminal, events: events,
            cells: ImageCells(mode: options.graphics.resolved(for: capabilities), colorDepth: capabilities.colorDepth, cellPixelSize: nil),
            firstPageGrace: BrowseLoop.openingGrace, cache: PageCache(directory: directory),
            launchScreen: options.cacheMode == .disabled
                ? nil : LaunchScreen(directory: directory, key: options.launchScreenKey, feed: options.opening),
            environment: environment, hint: options.graphics.hint(for: capabilities))
        if let dumpFailure { throw BrowseFailure(description: "could not write --dump-state \(dumpFailure)") }
        return ending
    }
}

/// How a browse ended.
public enum BrowseEnding: Equatable, Sendable {
    /// The person quit.
    case quit
    /// A termination signal arrived (the terminal restores itself; the caller exits).
    case signal(TerminationSignal)
}

/// A browse that could not finish as asked.
struct BrowseFailure: Error, CustomStringConvertible {
    let description: String
}
