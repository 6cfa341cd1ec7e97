import CoinGeckoAPI
import EndlessCache
import EndlessCommandLine
import EndlessFeedModel
import EndlessHTTP
import EndlessTerminal
import EndlessTesting
import Foundation
import Glibc
import Testing
import UnsplashAPI

@testable import EndlessApp

/// Every feed's search as the app declares it (``FeedSearch``), against the embedded simulator:
/// `/`, words, Enter on the real tab; the results' header names the words; Esc returns to the
/// feed. And `endless fetch photos|coins --query`.
@Suite("Every feed's search", .timeLimit(TimeBudget.minutes(2)), .serialized)
@MainActor
struct FeedSearchTests {
    /// The real tabs of every feed, over the embedded simulator, without a page cache.
    @MainActor
    final class App {
        let folder: URL
        /// Whether the folder is removed when the app is done (not when another launch reuses it).
        let removesFolder: Bool
        let connection: AppConnection
        let cache: PageCache
        let browser: BrowserModel
        let terminal: RecordingTerminal
        let loop: BrowseLoop

        /// - Parameters:
        ///   - opening: the tab shown first.
        ///   - folder: the page cache's folder, for a relaunch; a new one removed afterwards by default.
        ///   - arguments: the command line (`--coins-api URL`).
        ///   - monitors: hear every request the app sends.
        ///   - retries: whether a failed request is retried (false: a failure shows at once).
        ///   - size: the terminal's.
        ///   - keys: the keys a config file moved.
        init(
            opening: FeedID, folder: URL? = nil, arguments: [String] = [], monitors: [any HTTPEventMonitor] = [], retries: Bool = true,
            size: Size = Size(width: 80, height: 24), keys: KeyRebinding = .none
        ) throws {
            self.folder = folder ?? FileManager.default.temporaryDirectory.appendingPathComponent("endless-search-\(UUID().uuidString)")
            removesFolder = folder == nil
            terminal = RecordingTerminal(size: size)
            let parsed = try ArgumentParser.parse(arguments, for: EndlessCommand.tool.declaration)
            let options = try BrowseCommand.options(from: parsed, opening: opening, environment: [:])
            connection = try AppConnection(
                needsSimulator: options.needsSimulator, simulator: options.simulator,
                configuration: retries ? HTTPClient.Configuration() : HTTPClient.Configuration(retryPolicy: .never), monitors: monitors,
                buildsSimulatorAtOnce: true)
            cache = PageCache(directory: self.folder)
            let environment = TabEnvironment(
                connection: connection, simulatorImages: nil, remoteImages: nil,
                cells: ImageCells(mode: .none, colorDepth: .trueColor, cellPixelSize: nil), refreshCooldown: .seconds(3),
                maxLoaded: nil, tracksSeenItems: false, cache: cache, cacheMode: .disabled, simulatorDataVariant: "", keys: keys)
            let tabs = try options.feeds.map { try $0.settings.makeTab(environment) }
            browser = BrowserModel(tabs: tabs, opening: opening)
            browser.keyRebinding = keys
            loop = BrowseLoop(terminal: terminal, browser: browser, frameInterval: .zero)
        }

        isolated deinit {
            cache.close()
            connection.close()
            if removesFolder { try? FileManager.default.removeItem(at: folder) }
        }

        func press(_ key: Key) throws { _ = try loop.process(.terminal(.key(KeyEvent(key)))) }

        /// Handles events until `condition` holds (the loop's inbox is where the feeds' changes arrive).
        func run(until condition: @MainActor () -> Bool) async throws {
            let deadline = ContinuousClock.now + TimeBudget.scaled(.seconds(30))
            // A deadline that wakes the loop, so a condition that never comes true fails, not hangs.
            let inbox = loop.inbox
            let wake = Task {
                try? await ContinuousClock().sleep(until: deadline)
                inbox.post(.frameDue)
            }
            defer { wake.cancel() }
            while !condition() {
                guard ContinuousClock.now < deadline else {
                    Issue.record("not in time; the screen:\n\(terminal.text)")
                    return
                }
                // The feeds' pages and the frames they ask for arrive in the loop's inbox.
                guard let event = await loop.inbox.next() else { return }
                _ = try loop.process(event)
            }
        }
    }

    @Test("search then Esc, on every tab", arguments: [("photos", "sea"), ("coins", "bit"), ("people", "an"), ("users", "e")])
    func everyFeed(_ name: String, _ words: String) async throws {
        let kind = try #require(FeedCatalog.definition(named: name)?.id)
        let app = try App(opening: kind)
        try app.loop.start()
        try await app.run { app.browser.active.status.rows > 0 && !app.browser.active.isOpening }
        try app.press(.character("j"))
        let listed = app.browser.active.sourceLabel
        #expect(app.browser.active.isSearchable)

        try app.press(.character("/"))
        for character in words { try app.press(.character(character)) }
        try app.press(.enter)
        #expect(app.browser.active.searchQuery == words)
        try await app.run { app.browser.active.sourceLabel.contains("“\(words)”") && app.browser.active.status.rows > 0 }
        #expect(app.terminal.text.contains("“\(words)"), "the header names the words")
        #expect(!app.browser.active.sourceLabel.contains(" · by "), "results in the feed's own order name none")
        #expect(app.browser.active.kind == kind, "the results are under the same tab")

        try app.press(.escape)
        try await app.run { app.browser.active.searchQuery == nil && app.browser.active.sourceLabel == listed }
        #expect(!app.terminal.text.contains("“\(words)"))
    }

    @Test("a search that finds nothing says so where the rows would be, and how to go back", arguments: ["users", "photos"])
    func searchFindsNothing(_ name: String) async throws {
        let kind = try #require(FeedCatalog.definition(named: name)?.id)
        let app = try App(opening: kind)
        try app.loop.start()
        try await app.run { app.browser.active.status.rows > 0 && !app.browser.active.isOpening }
        try app.press(.character("/"))
        for character in "zzqx" { try app.press(.character(character)) }
        try app.press(.enter)
        let said = "no \(app.browser.active.nouns.plural) match “zzqx” · Esc back to the list"
        try await app.run { app.terminal.text.contains(said) }
        #expect(app.browser.active.status.rows == 0)
        #expect(!app.terminal.text.contains("press r for a new list"))
    }

    @Test(
        "a search for long words that found nothing quotes them cut, in the header too, and still says how to go back, wrapped on a narrow screen",
        arguments: [80, 40])
    func longWordsFoundNothing(_ width: Int) async throws {
        let app = try App(opening: .users, size: Size(width: width, height: 24))
        try app.loop.start()
        try await app.run { app.browser.active.status.rows > 0 && !app.browser.active.isOpening }
        try app.press(.character("/"))
        for character in "zq" + String(repeating: "x", count: 300) { try app.press(.character(character)) }
        try app.press(.enter)
        try await app.run { app.terminal.text.contains("no users match") }
        let lines = app.terminal.text.split(separator: "\n").map(String.init)
        let said = try #require(lines.firstIndex { $0.contains("no users match") })
        // The words are quoted cut; what to do is on the message's last line, whole.
        // The header names the search, cut too, where it had no room for the words whole.
        if width >= 80 { #expect(lines[0].contains("· “zqxxxxxxxx") && lines[0].contains("…”"), "\(lines[0])") }
        let message = lines[said...].prefix(3).joined(separator: " ")
        #expect(message.contains("“zqxxxxxxxx") && message.contains("…”"), "\(message)")
        #expect(lines[said...].prefix(3).contains { $0.trimmingCharacters(in: .whitespaces).hasSuffix("Esc back to the list") }, "\(message)")
    }

    @Test("F with nothing starred says how to star, kept as starred or loaded again", arguments: ["users", "coins"])
    func nothingStarred(_ name: String) async throws {
        let kind = try #require(FeedCatalog.definition(named: name)?.id)
        let app = try App(opening: kind)
        try app.loop.start()
        try await app.run { app.browser.active.status.rows > 0 && !app.browser.active.isOpening }
        try app.press(.character("F"))
        let nouns = app.browser.active.nouns
        try await app.run { app.terminal.text.contains("no starred \(nouns.plural) yet: * stars the one selected") }
        #expect(!app.terminal.text.contains("press r for a new list"))
    }

    @Test("with Esc and * moved by the config file, a search that found nothing, the starred list and the status bar name the keys as bound")
    func reboundKeys() async throws {
        let keys = try KeyRebindingTests.rebinding("key.close = x\nkey.star = s\n")
        let app = try App(opening: .users, size: Size(width: 120, height: 24), keys: keys)
        try app.loop.start()
        try await app.run { app.browser.active.status.rows > 0 && !app.browser.active.isOpening }
        try app.press(.character("/"))
        for character in "zzqx" { try app.press(.character(character)) }
        try app.press(.enter)
        try await app.run { app.terminal.text.contains("no users match “zzqx” · x back to the list") }
        let statusBar = app.terminal.text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(statusBar.contains("x back to the list"), "the status bar: \(statusBar)")
        #expect(!app.terminal.text.contains("Esc"), "\(app.terminal.text)")
        try app.press(.character("x"))
        try await app.run { app.browser.active.searchQuery == nil }

        try app.press(.character("F"))
        try await app.run { app.terminal.text.contains("no starred users yet: s stars the one selected · x back to the list") }
        #expect(!app.terminal.text.contains("*") && !app.terminal.text.contains("Esc"), "\(app.terminal.text)")

        // Esc given to search: going back has no key left, and nothing names one.
        let searchOnEsc = try App(opening: .users, keys: KeyRebindingTests.rebinding("key.search = esc\n"))
        try searchOnEsc.loop.start()
        try await searchOnEsc.run { searchOnEsc.browser.active.status.rows > 0 && !searchOnEsc.browser.active.isOpening }
        try searchOnEsc.press(.character("F"))
        try await searchOnEsc.run { searchOnEsc.terminal.text.contains("no starred users yet: * stars the one selected") }
        #expect(!searchOnEsc.terminal.text.contains("back to the list"), "\(searchOnEsc.terminal.text)")
    }

    struct Run {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    static func run(_ arguments: [String]) async -> Run {
        let captured = CapturedOutput()
        let status = await EndlessCommand.tool.run(arguments, output: captured.output)
        return Run(status: status, standardOutput: captured.standardOutput, standardError: captured.standardError)
    }

    @Test("endless fetch photos --query: the photos found, as the API sent them")
    func fetchPhotos() async throws {
        let found = await Self.run(["fetch", "photos", "--query", "sunrise pier", "-n", "5", "--format", "ndjson"])
        #expect(found.status == 0, "\(found.standardError)")
        let lines = found.standardOutput.split(separator: "\n")
        #expect(lines.count == 5 && lines.allSatisfy { $0.contains("\"description\":\"Sunrise at the pier\"") })
        let none = await Self.run(["fetch", "photos", "--query", "xylophone"])
        #expect(none.status == 0 && none.standardError.contains("no photos found"))
        let wrong = await Self.run(["fetch", "photos", "--query", "sea", "--order-by", "oldest"])
        #expect(wrong.status == 2)
        let empty = await Self.run(["fetch", "photos", "--query", " \u{7} "])
        #expect(empty.status == 2 && empty.standardError.contains("no words"))
    }

    @Test("endless fetch coins --query: the coins found, largest first, with their prices")
    func fetchCoins() async throws {
        let found = await Self.run(["fetch", "coins", "--query", "btc", "--format", "ndjson"])
        #expect(found.status == 0, "\(found.standardError)")
        let first = try #require(found.standardOutput.split(separator: "\n").first)
        #expect(first.contains("\"id\":\"bitcoin\"") && first.contains("\"current_price\""))
        let none = await Self.run(["fetch", "coins", "--query", "zzzzqqq"])
        #expect(none.status == 0 && none.standardError.contains("no coins found"))
    }
}

/// Orders (`o`): the service's, asked again so paging stays right, then over the rows loaded;
/// the header names the order; Esc returns to the feed's own.
@Suite("Feed orders", .timeLimit(TimeBudget.minutes(2)), .serialized)
@MainActor
struct FeedSortTests {
    typealias App = FeedSearchTests.App

    @Test(
        "coins: o shows market cap ↑ from the service (the smallest first), a search then follows it, then the loaded rows by price; Esc returns"
    )
    func coins() async throws {
        let app = try App(opening: .coins)
        try app.loop.start()
        try await app.run { app.browser.active.status.rows > 0 && !app.browser.active.isOpening }
        let own = app.browser.active.sourceLabel
        let tab = try #require(app.browser.active as? SearchingTab)
        #expect(tab.sortLabels.first == "market cap ↑" && !tab.sortLabels.contains("market cap ↓"))

        try app.press(.character("o"))
        try await app.run { app.browser.active.sourceLabel.hasSuffix("by market cap ↑") && app.browser.active.status.rows > 0 }
        #expect(app.terminal.text.contains("· by market c"), "the header names the order (cut at 80 columns)")
        let ascending = try #require(tab.shown as? FeedTab<CachedPageSource<ExplainingSource<CoinMarketsPageSource>>>)
        #expect(ascending.model.feed.source.upstream.upstream.query.order == .marketCapAscending)
        let caps = ascending.model.feed.items.prefix(20).compactMap { $0.marketCap?.double }
        #expect(caps.count == 20 && caps == caps.sorted(), "the smallest market cap first")

        // A search follows it (every coin found, asked for in the board's order), and the
        // header names it; Esc returns to the board in its order.
        try app.press(.character("/"))
        for character in "bit" { try app.press(.character(character)) }
        try app.press(.enter)
        try await app.run { app.browser.active.sourceLabel.contains("“bit”") && app.browser.active.status.rows > 0 }
        #expect(app.browser.active.sourceLabel.hasSuffix(" · by market cap ↑"), "\(app.browser.active.sourceLabel)")
        #expect(app.browser.active.viewLabel == "“bit” by market cap ↑")
        #expect(app.terminal.text.contains("“bit” by market cap ↑"), "the header keeps it at 80 columns")
        let found = try #require(tab.shown as? FeedTab<CachedPageSource<ExplainingSource<CoinSearchPageSource>>>)
        let foundCaps = found.model.feed.items.compactMap { $0.marketCap?.double }
        #expect(foundCaps.count > 1 && foundCaps == foundCaps.sorted(), "the smallest found first: \(foundCaps)")
        try app.press(.escape)
        try await app.run { app.browser.active.sourceLabel.hasSuffix("by market cap ↑") }

        // On to price ↓, which sorts the rows loaded.
        for _ in 0..<10 where tab.sortLabel?.hasPrefix("price ↓") != true { try app.press(.character("o")) }
        try #require(tab.sortLabel?.hasPrefix("price ↓") == true, "o never came to price ↓: \(tab.sortLabel ?? "no sort")")
        try await app.run { app.browser.active.status.rows > 0 }
        #expect(app.browser.active.sourceLabel.contains("by price ↓ (the "))
        let byPrice = try #require(tab.shown as? FeedTab<LoadedItemsSource<CoinMarket>>)
        let prices = byPrice.model.feed.items.compactMap { $0.currentPrice?.double }
        #expect(!prices.isEmpty && prices == prices.sorted(by: >))

        try app.press(.escape)
        try await app.run { app.browser.active.sourceLabel == own }
        #expect(tab.sortLabel == nil)
    }

    @Test("photos: o cycles oldest and popular from the service, then the feed's own; a search then follows the order")
    func photos() async throws {
        let app = try App(opening: .photos)
        try app.loop.start()
        try await app.run { app.browser.active.status.rows > 0 && !app.browser.active.isOpening }
        let tab = try #require(app.browser.active as? SearchingTab)
        #expect(tab.sortLabels == ["oldest", "popular"])
        try app.press(.character("o"))
        try await app.run { app.browser.active.sourceLabel.hasSuffix("by oldest") && app.browser.active.status.rows > 0 }
        let oldest = try #require(tab.shown as? FeedTab<CachedPageSource<ExplainingSource<UnsplashPageSource>>>)
        #expect(oldest.model.feed.source.upstream.upstream.orderBy == .oldest)
        try app.press(.character("o"))
        try await app.run { app.browser.active.sourceLabel.hasSuffix("by popular") }
        try app.press(.character("o"))
        #expect(tab.sortLabel == nil && !app.browser.active.sourceLabel.contains(" · by "))

        // With latest (the feed's own), a search is best match first.
        try app.press(.character("/"))
        for character in "sea" { try app.press(.character(character)) }
        try app.press(.enter)
        let results = try #require(tab.shown as? FeedTab<CachedPageSource<ExplainingSource<UnsplashSearchPageSource>>>)
        #expect(results.model.feed.source.upstream.upstream.orderBy == .relevant)
    }

    @Test("o is in the help")
    func inTheHelp() {
        let bindings = KeyBindings.all(nouns: Nouns("coin", "coins"), tabs: [.coins])
        #expect(KeyBindings.intent(for: KeyEvent(.character("o")), in: bindings) == .nextSort)
        #expect(KeyBindings.helpHints(bindings).contains { $0.key == "o" && $0.label.contains("next order") })
    }

    @Test("a tab with one order says so")
    func oneOrder() throws {
        let app = try App(opening: .people)
        app.browser.perform(.nextSort, visibleRows: 10)
        #expect(app.browser.tabFailure?.contains("one order") == true)
    }
}

/// Favourites as a person uses them: `*` on a row, quit, launch again, `F`.
@Suite("Favourites", .timeLimit(TimeBudget.minutes(2)), .serialized)
@MainActor
struct FavouritesTests {
    typealias App = FeedSearchTests.App

    @Test(
        "a starred coin survives relaunch, and F shows it as a watchlist with its price now; the status bar names it",
        arguments: ["coins", "photos", "users", "people"])
    func starSurvivesRelaunch(_ name: String) async throws {
        let kind = try #require(FeedCatalog.definition(named: name)?.id)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endless-star-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let starredID: String
        do {
            let app = try App(opening: kind, folder: folder)
            try app.loop.start()
            try await app.run { app.browser.active.status.rows > 1 && !app.browser.active.isOpening }
            try app.press(.character("j"))
            starredID = try #require(app.browser.active.selectedItem?.id)
            let title = try #require(app.browser.active.selectedTitle)
            #expect(!title.isEmpty)
            try app.press(.character("*"))
            #expect(app.browser.notice == "starred \(app.browser.active.nouns.singular) \(BrowserModel.printable(title, limit: 40))")
            try await app.run { app.terminal.text.contains("starred \(app.browser.active.nouns.singular)") }
        }
        let app = try App(opening: kind, folder: folder)
        try app.loop.start()
        try await app.run { app.browser.active.status.rows > 0 && !app.browser.active.isOpening }
        try app.press(.character("F"))
        try await app.run { app.browser.active.sourceLabel.hasPrefix("★ starred") && app.browser.active.status.rows == 1 }
        #expect(app.browser.active.selectedItem?.id == starredID)
        // Its footer: coins are loaded again as a watchlist; the others are as they were starred.
        let nouns = app.browser.active.nouns
        let footer = name == "coins" ? "your watchlist · 1 coin" : "starred by you · 1 \(nouns.singular)"
        try await app.run { app.terminal.text.contains(footer) }
        // * again unstars it; F and Esc return to the feed.
        try app.press(.character("*"))
        #expect(app.browser.notice?.hasPrefix("unstarred") == true)
        #expect(app.cache.starred(feed: name).isEmpty)
        try app.press(.escape)
        #expect(!app.browser.active.sourceLabel.hasPrefix("★"))
    }

    @Test("* and F are in the help")
    func inTheHelp() {
        let bindings = KeyBindings.all(nouns: Nouns("coin", "coins"), tabs: [.coins])
        #expect(KeyBindings.intent(for: KeyEvent(.character("*")), in: bindings) == .toggleStar)
        #expect(KeyBindings.intent(for: KeyEvent(.character("F")), in: bindings) == .showStarred)
    }

    @Test("endless fetch coins --starred: the watchlist with prices now; endless cache counts it")
    func fetchStarred() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endless-starred-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = PageCache(directory: folder)
        let now = Date()
        #expect(cache.star(id: "ethereum", json: Data(#"{"id":"ethereum"}"#.utf8), feed: "coins", at: now))
        #expect(cache.star(id: "bitcoin", json: Data(#"{"id":"bitcoin"}"#.utf8), feed: "coins", at: now.addingTimeInterval(1)))
        let captured = CapturedOutput()
        #expect(CacheCommand.list(cache, output: captured.output) == 0)
        #expect(captured.standardOutput.contains("starred: coins 2"))
        cache.close()

        let connection = try AppConnection(
            needsSimulator: true, simulator: SimulatorSettings(), configuration: HTTPClient.Configuration(), buildsSimulatorAtOnce: true)
        defer { connection.close() }
        var options = FetchCoinsOptions()
        options.starred = true
        options.common.format = .ndjson
        let output = CapturedOutput()
        let status = await FetchCoinsCommand.run(
            options, output: output.output,
            client: CoinGeckoClient(http: connection.endpoint(api: nil, service: CoinsFeed.service).http),
            cache: { PageCache(directory: folder) })
        #expect(status == 0, "\(output.standardError)")
        let ids = output.standardOutput.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["id"] as? String
        }
        #expect(ids == ["ethereum", "bitcoin"], "in the order starred, with prices now")
        #expect(output.standardOutput.contains("current_price"))
    }
}

/// Open and copy as a person uses them: `O` runs `$BROWSER` with the page and nothing else;
/// `y` writes OSC 52 with the link; the status bar says what was done.
@Suite("Open and copy", .timeLimit(TimeBudget.minutes(2)), .serialized)
@MainActor
struct OpenAndCopyTests {
    typealias App = FeedSearchTests.App

    @Test("OSC 52: the text in base64 after ESC ] 52 ; c ;, ended by BEL; inside tmux wrapped for passthrough")
    func sequence() {
        let plain = Clipboard.sequence(copying: "https://x.test/a?b=1", environment: [:])
        #expect(plain == Array("\u{1B}]52;c;\(Data("https://x.test/a?b=1".utf8).base64EncodedString())\u{07}".utf8))
        let wrapped = Clipboard.sequence(copying: "hi", environment: ["TMUX": "/tmp/tmux-0/default,1,0"])
        #expect(wrapped == Array("\u{1B}Ptmux;\u{1B}\u{1B}]52;c;aGk=\u{07}\u{1B}\\".utf8))
        // Control characters in the text travel as base64, never raw.
        let hostile = Clipboard.sequence(copying: "a\u{1B}]0;pwned\u{07}", environment: [:])
        #expect(hostile.filter { $0 == 0x1B }.count == 1 && hostile.filter { $0 == 0x07 }.count == 1)
        #expect(Clipboard.sequence(copying: String(repeating: "x", count: 1_000_000), environment: [:]).count < 100_000)
    }

    @Test(
        "only http and https pages open",
        arguments: [
            ("https://unsplash.com/photos/a?utm_source=endless", true), ("http://127.0.0.1:1/x", true),
            ("file:///etc/passwd", false), ("javascript:alert(1)", false), ("ftp://x.test/", false), ("https:///nohost", false),
        ])
    func openable(_ text: String, _ opens: Bool) throws {
        let url = try #require(URL(string: text))
        #expect(PageOpener.isOpenable(url) == opens)
    }

    @Test("y on a coin copies its coingecko.com page with OSC 52, and the status bar says so")
    func copyCoin() async throws {
        let app = try App(opening: .coins)
        try app.loop.start()
        try await app.run { app.browser.active.status.rows > 0 && !app.browser.active.isOpening }
        let id = try #require(app.browser.active.selectedItem?.id)
        try app.press(.character("y"))
        let url = "https://www.coingecko.com/en/coins/\(id)"
        #expect(app.terminal.controlSequences == [Array("\u{1B}]52;c;\(Data(url.utf8).base64EncodedString())\u{07}".utf8)])
        try await app.run { app.terminal.text.contains("copied link https://www.coingecko.com") }
    }

    @Test("y on a user copies the email, wrapped for tmux inside tmux")
    func copyEmailInTmux() async throws {
        let app = try App(opening: .users)
        app.browser.environment["TMUX"] = "/tmp/tmux-1000/default,1,0"
        try app.loop.start()
        try await app.run { app.browser.active.status.rows > 0 && !app.browser.active.isOpening }
        try app.press(.character("y"))
        let sent = try #require(app.terminal.controlSequences.first)
        #expect(sent.starts(with: Array("\u{1B}Ptmux;\u{1B}\u{1B}]52;c;".utf8)))
        #expect(app.browser.notice?.hasPrefix("copied email ") == true && app.browser.notice?.contains("@") == true)
    }

    @Test("O on a photo runs $BROWSER with its Unsplash page and the referral, and nothing else")
    func openPhoto() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endless-open-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The browser: a script that writes its arguments, one a line, into a FIFO the test reads.
        let fifo = folder.appendingPathComponent("argv").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let script = folder.appendingPathComponent("browser")
        try "#!/bin/sh\nprintf '%s\\n' \"$#\" \"$@\" > '\(fifo)'\n".write(to: script, atomically: true, encoding: .utf8)
        #expect(chmod(script.path, 0o700) == 0)
        // Read on a thread of its own: opening a FIFO waits for its writer.
        let received = Task.detached { () -> String in
            guard let reader = FileHandle(forReadingAtPath: fifo) else { return "" }
            defer { try? reader.close() }
            return String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
        }

        let app = try App(opening: .photos)
        app.browser.environment["BROWSER"] = script.path
        try app.loop.start()
        try await app.run { app.browser.active.status.rows > 0 && !app.browser.active.isOpening }
        let expected = try #require(app.browser.active.selectedPage)
        try app.press(.character("O"))
        #expect(app.browser.tabFailure == nil)
        let lines = await received.value.split(separator: "\n").map(String.init)
        #expect(lines == ["1", expected.absoluteString], "the URL and nothing else")
        #expect(expected.absoluteString.hasPrefix("https://unsplash.com/photos/"))
        #expect(expected.absoluteString.hasSuffix("utm_source=endless&utm_medium=referral"))
        #expect(app.browser.notice?.hasPrefix("opened https://unsplash.com/photos/") == true)
    }

    @Test("no browser to start: the status bar says what to set, whether BROWSER was set or not")
    func noBrowser() throws {
        let page = try #require(URL(string: "https://unsplash.com/photos/abc"))
        let path = ["PATH": "/nonexistent-endless-test"]
        do {
            try PageOpener.open(page, environment: path)
            Issue.record("xdg-open started with no PATH to find it on")
        } catch {
            #expect(error.description == "xdg-open is not installed; set BROWSER to your web browser")
        }
        do {
            try PageOpener.open(page, environment: path.merging(["BROWSER": "firefoxx"]) { $1 })
            Issue.record("a browser that does not exist started")
        } catch {
            #expect(error.description == "$BROWSER names firefoxx, which is not installed or not on PATH")
        }
        #expect(PageOpener.failure(starting: "browser", status: EACCES, environment: [:]).description.hasPrefix("browser could not be started: "))
    }

    @Test("O with no browser at 80 columns: the status bar says the cause whole, not the failure cut off; wider, the whole")
    func noBrowserOnANarrowBar() async throws {
        let cause = "xdg-open is not installed; set BROWSER to your web browser"
        for (width, shown) in [(80, cause), (120, "cannot open the page: " + cause)] {
            let app = try App(opening: .photos, size: Size(width: width, height: 24))
            app.browser.environment = ["PATH": "/nonexistent-endless-test"]
            try app.loop.start()
            try await app.run { app.browser.active.status.rows > 0 && !app.browser.active.isOpening }
            try app.press(.character("O"))
            #expect(app.browser.tabFailure == "cannot open the page: " + cause)
            let statusBar = try #require(app.terminal.text.split(separator: "\n", omittingEmptySubsequences: false).last)
            #expect(statusBar.hasSuffix(shown), "\(width) columns: \(statusBar)")
            #expect(!statusBar.contains("…"), "\(width) columns: \(statusBar)")
        }
    }

    @Test("a failed action stays in the status bar while the list moves, and gives way to the next action's outcome")
    func failureGivesWayToNextAction() throws {
        let app = try App(opening: .people)
        app.browser.perform(.openPage, visibleRows: 10)
        #expect(app.browser.tabFailure == "the people feed has no pages to open")
        app.browser.perform(.list(.moveDown), visibleRows: 10)
        #expect(app.browser.tabFailure == "the people feed has no pages to open", "a move keeps it")
        app.browser.perform(.copy, visibleRows: 10)
        #expect(app.browser.tabFailure == nil, "the copy says its own outcome")
        #expect(app.browser.notice != nil)
        app.browser.perform(.nextSort, visibleRows: 10)
        #expect(app.browser.tabFailure == "the people feed has one order", "a new failure is said")
        app.browser.perform(.list(.refresh), visibleRows: 10)
        #expect(app.browser.tabFailure == nil, "a refresh says its own outcome")
    }

    @Test("people have no pages: O says so and their help leaves it out, while y (their email) is offered; y and O are in the help")
    func noPage() throws {
        let app = try App(opening: .people)
        #expect(!app.browser.active.offers(.openPage))
        #expect(app.browser.active.offers(.copy))
        app.browser.perform(.openPage, visibleRows: 10)
        #expect(app.browser.tabFailure == "the people feed has no pages to open")
        #expect(try App(opening: .photos).browser.active.offers(.openPage))
        let bindings = KeyBindings.all(nouns: Nouns("photo", "photos"), tabs: [.photos])
        #expect(KeyBindings.intent(for: KeyEvent(.character("O")), in: bindings) == .openPage)
        #expect(KeyBindings.intent(for: KeyEvent(.character("y")), in: bindings) == .copy)
    }

    @Test("the help says what y copies on each feed: people's and users' email, photos' and coins' link")
    func copyHelpNamesWhatIsCopied() throws {
        let expected: [(FeedID, String)] = [(.people, "email"), (.users, "email"), (.photos, "link"), (.coins, "link")]
        for (feed, what) in expected {
            let browser = try App(opening: feed).browser
            let help = browser.keyBindings.first { $0.intent == .copy }?.help
            #expect(help == "copy its \(what)", "\(feed)")
        }
    }
}
