import Endless
import EndlessFeedModel
import EndlessHTTP
import EndlessTerminal
import EndlessTesting
import Foundation
import RandomUserAPI
import Testing

@testable import EndlessApp

/// Search as a person uses it: `/`, words, Enter; the results under the same tab; Esc back to
/// the list exactly where it was. And the filter that searches a feed whose service cannot.
@Suite("Search", .timeLimit(TimeBudget.minutes(2)))
@MainActor
struct SearchTests {
    typealias F = BrowseFixtures
    typealias Filter = FilteringPageSource<ScriptedPageSource<RandomUser>>

    static func key(_ key: Key) -> BrowseLoop.Event { .terminal(.key(KeyEvent(key))) }

    static func type(_ text: String, into loop: BrowseLoop) throws {
        for character in text { _ = try loop.process(key(.character(character))) }
    }

    /// Handles what the feeds posted, until nothing is waiting.
    static func drain(_ loop: BrowseLoop) throws {
        while let event = loop.inbox.poll() { _ = try loop.process(event) }
    }

    /// The list's lines, without the header, the status bar and the scroll bar's column.
    static func listRows(_ screen: String) -> [Substring] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast().map { $0.dropLast() }
    }

    /// The results' view model, once a search has made it.
    final class Results {
        var model: FeedViewModel<Filter>?
    }

    /// A people tab over numbered people whose search is a filter of them by name.
    static func searchablePeople(clock: ManualClock, results: Results = Results()) -> (SearchingTab, F.Model) {
        let source = F.source(clock: clock)
        let model = F.model(source, clock: clock)
        let cells = ImageCells(mode: .none, colorDepth: .trueColor, cellPixelSize: nil)
        let base = FeedTab(kind: .people, model: model, style: PeopleFeed.rowStyle, cells: cells, images: nil)
        let tab = SearchingTab(base: base) { text in
            let last = model.feed.page(containing: model.feed.items.endIndex - 1)
            let filter = Filter(
                upstream: source, loaded: Array(model.feed.items), lastPage: last.flatMap { page in page.key.map { ($0, page.loadSize) } },
                bound: 500, matches: { $0.name?.first?.contains(text.text) == true })
            let descriptor = FeedDescriptor<RandomUser, Filter.Key>(
                nouns: Nouns("person", "people"), sourceLabel: "found: \(text.text)", details: { PersonDetails.of($0, now: $1) })
            let foundModel = FeedViewModel(
                feed: Feed(source: filter, configuration: FeedConfiguration(pageSize: 20, minimumIndicatorDuration: .zero), clock: clock),
                descriptor: descriptor, images: nil, clock: clock, now: { F.now })
            results.model = foundModel
            return FeedTab(kind: .people, model: foundModel, style: PeopleFeed.rowStyle, cells: cells, images: nil, keepsPosition: false)
        }
        return (tab, model)
    }

    @Test("/ opens the search line at the bottom; Enter shows the results under the same tab; Esc returns to the list where it was")
    func searchThenEscKeepsThePlace() async throws {
        let clock = ManualClock()
        let results = Results()
        let (tab, model) = Self.searchablePeople(clock: clock, results: results)
        let browser = BrowserModel(tabs: [tab], opening: .people)
        let terminal = RecordingTerminal()
        let loop = BrowseLoop(terminal: terminal, browser: browser, clock: clock, frameInterval: .zero)
        try loop.start()
        await model.wait { $0.rowCount >= 20 && !$0.feed.loadStates.refresh.isLoading }
        try Self.drain(loop)
        for _ in 0..<13 { _ = try loop.process(Self.key(.character("j"))) }
        _ = try loop.process(Self.key(.pageDown))
        try Self.drain(loop)
        await model.wait { $0.rowCount >= 40 && $0.feed.loadStates.append.isIdle }
        try Self.drain(loop)
        let selection = model.selection
        let before = terminal.text
        #expect(selection > 13)

        _ = try loop.process(Self.key(.character("/")))
        try Self.type("First3", into: loop)
        let lines = terminal.text.split(separator: "\n")
        #expect(lines.last?.contains("/ First3") == true, "the search line: \(lines.last ?? "")")
        // Keys on the line type; they do not move the list.
        #expect(model.selection == selection)

        _ = try loop.process(Self.key(.enter))
        #expect(browser.searchLine == nil && tab.searchQuery == "First3")
        let found = try #require(results.model)
        await found.wait { $0.rowCount > 0 && !$0.feed.loadStates.refresh.isLoading }
        try Self.drain(loop)
        #expect(terminal.text.contains("found: First3"))
        #expect(terminal.text.contains("First3 Last3") && !terminal.text.contains("First2 Last2"))

        _ = try loop.process(Self.key(.escape))
        try Self.drain(loop)
        #expect(tab.searchQuery == nil)
        #expect(model.selection == selection)
        // The same rows on the same lines, the same one selected (the scroll bar and the count
        // in the header may differ: the next page may have landed meanwhile).
        #expect(Self.listRows(terminal.text) == Self.listRows(before), "the list is not where it was")
    }

    @Test("Esc on the search line closes it and leaves the list as it was; Backspace deletes")
    func escOnTheLine() async throws {
        let clock = ManualClock()
        let (tab, model) = Self.searchablePeople(clock: clock)
        let browser = BrowserModel(tabs: [tab], opening: .people)
        let terminal = RecordingTerminal()
        let loop = BrowseLoop(terminal: terminal, browser: browser, clock: clock, frameInterval: .zero)
        try loop.start()
        await model.wait { $0.rowCount >= 20 && !$0.feed.loadStates.refresh.isLoading }
        try Self.drain(loop)
        let before = terminal.text
        _ = try loop.process(Self.key(.character("/")))
        try Self.type("abc", into: loop)
        _ = try loop.process(Self.key(.backspace))
        #expect(browser.searchLine == "ab")
        _ = try loop.process(.terminal(.paste("x\u{1B}[2Jy")))
        #expect(browser.searchLine == "abx[2Jy", "control characters are not typed")
        _ = try loop.process(Self.key(.escape))
        try Self.drain(loop)
        #expect(browser.searchLine == nil && tab.searchQuery == nil)
        #expect(terminal.text == before)
    }

    @Test("the search line is bounded")
    func lineBounded() throws {
        let clock = ManualClock()
        let (tab, _) = Self.searchablePeople(clock: clock)
        let browser = BrowserModel(tabs: [tab], opening: .people)
        browser.perform(.search, visibleRows: 10)
        browser.typeInSearch(String(repeating: "a", count: 10_000))
        #expect(browser.searchLine?.count == SearchText.maximumLength)
    }

    @Test("the search line keeps the joiners of emoji and Persian words, and drops controls and bidi overrides")
    func lineKeepsJoiners() throws {
        let clock = ManualClock()
        let (tab, _) = Self.searchablePeople(clock: clock)
        let browser = BrowserModel(tabs: [tab], opening: .people)
        browser.perform(.search, visibleRows: 10)
        let family = "👩\u{200D}👩\u{200D}👧"
        let persian = "می\u{200C}خواهم"
        browser.typeInSearch(family + " " + persian)
        #expect(browser.searchLine == family + " " + persian)
        #expect(browser.searchLine?.unicodeScalars.count == family.unicodeScalars.count + 1 + persian.unicodeScalars.count)
        browser.typeInSearch("\u{202E}x\u{1B}[2J\u{7}\u{FEFF}y")
        #expect(browser.searchLine == family + " " + persian + "x[2Jy")
    }

    @Test("/ on a tab that cannot be searched says so")
    func notSearchable() {
        let clock = ManualClock()
        let browser = F.browser(F.model(F.source(clock: clock), clock: clock))
        browser.perform(.search, visibleRows: 10)
        #expect(browser.searchLine == nil)
        #expect(browser.tabFailure?.contains("cannot be searched") == true)
    }

    @Test("/ is in the help")
    func inTheHelp() {
        let bindings = KeyBindings.all(nouns: Nouns("person", "people"), tabs: [.people])
        #expect(KeyBindings.intent(for: KeyEvent(.character("/")), in: bindings) == .search)
        #expect(KeyBindings.helpHints(bindings).contains { $0.key == "/" && $0.label.contains("search people") })
    }

    // MARK: - The filter

    @Test("the filter: the loaded items that match first, then the pages after the last loaded, a screenful a load")
    func filterReadsOn() async throws {
        let source = ScriptedPageSource(pageSize: 20, makeItem: F.person)
        let loaded = (0..<40).map(F.person)
        // People whose number ends in 7: two in the 40 loaded, two a page after.
        let filter = Filter(upstream: source, loaded: loaded, lastPage: (1, 20), bound: 1000, pagesPerLoad: 5) {
            ($0.name?.first ?? "").hasSuffix("7")
        }
        let first = try await filter.load(PageRequest(direction: .refresh, key: nil, loadSize: 10))
        // 2 loaded + 2 from each of pages 2, 3, 4 (page 1, the last loaded, is read for its next key).
        #expect(
            first.items.map { $0.name?.first } == [
                "First7", "First17", "First27", "First37", "First47", "First57", "First67", "First77", "First87", "First97",
            ])
        #expect(source.requests.map(\.key) == [1, 2, 3, 4])
        #expect(filter.progress.read == 40 + 60 && filter.progress.found == 10)
        let next = try #require(first.nextKey)
        let second = try await filter.load(PageRequest(direction: .append, key: next, loadSize: 10))
        #expect(second.items.first?.name?.first == "First107")
    }

    @Test("the filter stops at its bound, and says it did")
    func filterBound() async throws {
        let source = ScriptedPageSource(pageSize: 20, makeItem: F.person)
        let filter = Filter(upstream: source, loaded: [], lastPage: nil, bound: 100, pagesPerLoad: 3) { _ in false }
        var page = try await filter.load(PageRequest(direction: .refresh, key: nil, loadSize: 10))
        #expect(page.items.isEmpty)
        // With nothing loaded there is no last page: nothing is read, and the search ends.
        #expect(page.nextKey == nil && filter.progress.read == 0)

        let reading = Filter(upstream: source, loaded: (0..<20).map(F.person), lastPage: (0, 20), bound: 100, pagesPerLoad: 3) { _ in false }
        page = try await reading.load(PageRequest(direction: .refresh, key: nil, loadSize: 10))
        var loads = 1
        while let key = page.nextKey, loads < 100 {
            page = try await reading.load(PageRequest(direction: .append, key: key, loadSize: 10))
            loads += 1
        }
        #expect(reading.progress.read == 100 && reading.progress.reachedBound)
        #expect(loads == 2, "3 pages a load: 20 loaded + 60, then 20 more to the bound")
    }
}

extension SearchingTab: PagingConfigured {
    /// The feed's own paging (a searchable tab's results page as their feed declares).
    var pagingConfiguration: FeedConfiguration {
        guard let configured = base as? any PagingConfigured else { preconditionFailure("the searched tab is not a feed tab") }
        return configured.pagingConfiguration
    }
}
