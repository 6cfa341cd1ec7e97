import Endless
import EndlessCache
import EndlessCommandLine
import EndlessHTTP
import EndlessTesting
import Foundation
import Testing

@testable import EndlessApp

/// A tab's paging settings, read from any tab the browser makes.
@MainActor
protocol PagingConfigured {
    var pagingConfiguration: FeedConfiguration { get }
}

extension FeedTab: PagingConfigured {
    var pagingConfiguration: FeedConfiguration { model.feed.configuration }
}

/// What `endless` does when no flag says otherwise reaches every tab it makes. (The other
/// tests set their own cooldown, so a default lost on the way would go unnoticed there.)
@Suite("The browser's defaults", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct BrowseDefaultsTests {
    @Test(
        "without --refresh-cooldown every tab's feed waits 3 s between refreshes; with it, what it says",
        arguments: [
            ([String](), Duration.seconds(3)), (["--refresh-cooldown", "10"], .seconds(10)),
        ])
    func refreshCooldown(_ flags: [String], expected: Duration) throws {
        let parsed = try ArgumentParser.parse(flags, for: EndlessCommand.tool.declaration)
        let options = try BrowseCommand.options(from: parsed, opening: .people, environment: [:])
        #expect(options.refreshCooldown == expected)
        #expect(options.feeds.count == FeedCatalog.all.count)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endless-defaults-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let connection = try AppConnection(
            needsSimulator: options.needsSimulator, simulator: options.simulator, configuration: HTTPClient.Configuration(),
            buildsSimulatorAtOnce: false)
        defer { connection.close() }
        let cache = PageCache(directory: folder)
        defer { cache.close() }
        let environment = TabEnvironment(
            connection: connection, simulatorImages: nil, remoteImages: nil,
            cells: ImageCells(mode: .none, colorDepth: .trueColor, cellPixelSize: nil),
            refreshCooldown: options.refreshCooldown, maxLoaded: options.maxLoaded, tracksSeenItems: false, cache: cache,
            cacheMode: .disabled, simulatorDataVariant: "")
        for (kind, settings) in options.feeds {
            let tab = try settings.makeTab(environment)
            let configured = try #require(tab as? any PagingConfigured, "the \(kind.name) tab is not a feed tab")
            #expect(configured.pagingConfiguration.refreshCooldown == expected, "the \(kind.name) tab")
        }
    }
}
