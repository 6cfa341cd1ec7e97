import Endless
import EndlessCache
import EndlessCommandLine
import EndlessFeedModel
import EndlessHTTP
import EndlessTerminal
import EndlessTesting
import Foundation
import RandomUserAPI
import Testing

@testable import EndlessApp

/// The page cache as the browser uses it: a tab opens on its cached rows, says so, revalidates
/// at once, and keeps the rows (saying offline) when the network fails; `endless cache`.
@Suite("Page cache in the browser", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct CacheWiringTests {
    typealias F = BrowseFixtures
    /// A people tab over the page cache, and its view model.
    typealias CachedTab = (
        tab: FeedTab<CachedPageSource<ScriptedPageSource<RandomUser>>>, model: FeedViewModel<CachedPageSource<ScriptedPageSource<RandomUser>>>
    )

    /// A cache in a folder of its own, removed by `cleanUp`.
    static func cache() -> (cache: PageCache, cleanUp: () -> Void) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endless-cache-wiring-\(UUID().uuidString)")
        return (PageCache(directory: folder), { try? FileManager.default.removeItem(at: folder) })
    }

    /// A people tab over `source` through `cache`, pages stale at once (so every opening revalidates).
    static func tab(
        _ source: ScriptedPageSource<RandomUser>, cache: PageCache, clock: ManualClock
    ) -> CachedTab {
        let cached = CachedPageSource(source, cache: cache, feed: "people", policy: CachePolicy(maxAge: .zero))
        let model = FeedViewModel(
            feed: Feed(
                source: cached,
                configuration: FeedConfiguration(pageSize: 20, refreshCooldown: .seconds(3), minimumIndicatorDuration: .zero),
                clock: clock),
            descriptor: F.descriptor(), images: nil, clock: clock, now: { Date() })
        let cells = ImageCells(mode: .none, colorDepth: .trueColor, cellPixelSize: nil)
        return (FeedTab(kind: .people, model: model, style: PeopleFeed.rowStyle, cells: cells, images: nil), model)
    }

    @Test("a tab opens on the rows cached last time, says `cached … ago`, then revalidates at once despite the cooldown")
    func opensFromTheCacheThenRevalidates() async throws {
        let (cache, cleanUp) = Self.cache()
        defer { cleanUp() }
        let clock = ManualClock()
        let earlier = F.source(clock: clock)
        let (first, firstModel) = Self.tab(earlier, cache: cache, clock: clock)
        first.activate()
        await firstModel.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        #expect(first.statusNote == nil)  // live data says nothing

        let later = F.source(clock: clock)
        later.script(.items((100..<120).map(F.person)), forPage: 0)
        later.closeGate()
        let (tab, model) = Self.tab(later, cache: cache, clock: clock)
        tab.activate()
        await model.wait { $0.rowCount == 20 }
        #expect(model.rows(in: 0..<1).first?.item.id == "uuid-0")  // last time's first person, from the cache
        #expect(tab.statusNote?.hasPrefix("cached ") == true, "\(tab.statusNote ?? "nil")")

        await later.waitingRequests(atLeast: 1)  // the revalidation, inside the cooldown
        later.openGate()
        await model.wait { $0.rows(in: 0..<1).first?.item.id == "uuid-100" }
        #expect(tab.statusNote == nil)
    }

    /// A tab that opened on the rows a first tab cached, and whose revalidation then failed
    /// with `failure` (every try).
    static func reopened(
        failingWith failure: any Error, cache: PageCache
    ) async -> CachedTab {
        let clock = ManualClock()
        let (first, firstModel) = tab(F.source(clock: clock), cache: cache, clock: clock)
        first.activate()
        await firstModel.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }

        let failing = F.source(clock: clock)
        failing.script(.failure(failure), forPage: 0, times: 5)
        let (tab, model) = tab(failing, cache: cache, clock: clock)
        tab.activate()
        await model.wait { $0.feed.loadStates.refresh.error != nil }
        return (tab, model)
    }

    @Test("when the revalidation fails, the cached rows stay and the status says offline")
    func offlineKeepsTheRows() async throws {
        let (cache, cleanUp) = Self.cache()
        defer { cleanUp() }
        let (tab, model) = await Self.reopened(failingWith: F.Failure(), cache: cache)
        #expect(model.rowCount == 20 && model.rows(in: 0..<1).first?.item.id == "uuid-0")
        #expect(tab.statusAlert == "offline")
        #expect(tab.statusNote?.hasPrefix("cached ") == true, "\(tab.statusNote ?? "nil")")
    }

    @Test("a revalidation refused for the rate says rate-limited, not offline; a narrow status bar keeps it over the quit hint")
    func rateLimitedOnANarrowBar() async throws {
        let (cache, cleanUp) = Self.cache()
        defer { cleanUp() }
        let easeUp = #"{"error":"Whoa, ease up there cowboy. You've requested 20000 users in the last 5 minutes."}"#
        let (tab, model) = await Self.reopened(
            failingWith: RandomUserError(.status(code: 429, retryAfter: nil, snippet: easeUp)), cache: cache)
        #expect(model.rowCount == 20)
        #expect(tab.statusAlert == "rate-limited")

        func statusBar(width: Int) -> String {
            var frame = ScreenBuffer(size: Size(width: width, height: 12))
            _ = BrowserScreen.draw(BrowserModel(tabs: [tab], opening: .people), into: &frame, elapsed: .zero)
            return frame.lines.last ?? ""
        }
        let wide = statusBar(width: 120)
        #expect(wide.contains("q quit") && wide.contains("rate-limited · cached "), "\(wide)")
        // 28 columns hold `? help · q quit` or `rate-limited` beside `? help`, not both.
        let narrow = statusBar(width: 28)
        #expect(narrow.contains("rate-limited") && narrow.contains("help"), "\(narrow)")
        #expect(!narrow.contains("quit"), "\(narrow)")
    }

    @Test("endless cache lists each feed's pages; clear empties one; an unknown feed is a usage error")
    func cacheCommand() async throws {
        let (cache, cleanUp) = Self.cache()
        defer { cleanUp() }
        let clock = ManualClock()
        let (tab, model) = Self.tab(F.source(clock: clock), cache: cache, clock: clock)
        tab.activate()
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }

        let listed = CapturedOutput()
        #expect(CacheCommand.list(cache, output: listed.output) == 0)
        let lines = listed.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasPrefix("FEED") == true)
        #expect(lines.dropFirst().first?.hasPrefix("people") == true && lines.dropFirst().first?.contains(" 20 ") == true)

        let cleared = CapturedOutput()
        #expect(CacheCommand.clear(cache, feed: "people", command: "endless cache clear", output: cleared.output) == 0)
        #expect(cleared.standardOutput.hasPrefix("endless cache: 1 page of people cleared"))
        #expect(try cache.usage().isEmpty)

        let wrong = CapturedOutput()
        #expect(CacheCommand.clear(cache, feed: "peeple", command: "endless cache clear", output: wrong.output) == 2)
        #expect(wrong.standardError.contains("did you mean 'people'?"))
    }
}
