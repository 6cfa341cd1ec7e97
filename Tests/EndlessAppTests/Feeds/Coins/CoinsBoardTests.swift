import CoinGeckoAPI
import Endless
import EndlessFeedModel
import EndlessHTTP
import EndlessSimulator
import EndlessTerminal
import EndlessTerminalTesting
import EndlessTesting
import Foundation
import Testing

@testable import EndlessApp

/// The coins tab drawn by the real renderer into the in-memory terminal, over the simulator's
/// market at a fixed instant, compared with text snapshots in `__Snapshots__`.
@Suite("Coins board", .serialized, .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct CoinsBoardTests {
    /// 2025-01-20 10:15:04 UTC: the market is the same at the same instant.
    nonisolated static let instant = Date(timeIntervalSince1970: 1_737_368_104)

    struct Board {
        let server: SimulatorServer
        let model: FeedViewModel<ExplainingSource<CoinMarketsPageSource>>
        let browser: BrowserModel
    }

    /// The coins tab over the simulator, its first page of 20 loaded.
    static func board(currency: String = "usd") async throws -> Board {
        let server = SimulatorServer(
            configuration: SimulatorConfiguration(data: try GeneratorData.builtIn(), rateLimit: nil, now: { instant }))
        try server.start()
        let base = try #require(server.baseURL(of: .coinGecko))
        let client = CoinGeckoClient(
            http: HTTPClient(baseURL: base, configuration: .init(retryPolicy: .never, deadline: TimeBudget.scaled(.seconds(20)))))
        let source = CoinMarketsPageSource(client: client, query: try CoinsFeed.query(currency: currency, perPage: 20))
        let model = FeedViewModel(
            feed: Feed(
                source: ExplainingSource(upstream: source, explain: CoinsFeed.explain),
                configuration: FeedConfiguration(pageSize: 20, minimumIndicatorDuration: .zero)),
            descriptor: CoinsFeed.descriptor(sourceLabel: "simulator 127.0.0.1", currency: currency), images: nil,
            now: { instant })
        let cells = ImageCells(mode: .none, colorDepth: .trueColor, cellPixelSize: nil)
        let browser = BrowserModel(
            tabs: [FeedTab(kind: .coins, model: model, style: CoinRow.style(currency: currency), cells: cells, images: nil)], opening: .coins)
        browser.start()
        await model.wait { $0.rowCount == 20 && !$0.feed.loadStates.refresh.isLoading }
        return Board(server: server, model: model, browser: browser)
    }

    static func render(_ browser: BrowserModel, _ size: Size, colorDepth: ColorDepth = .trueColor) -> InMemoryTerminal {
        var terminal = InMemoryTerminal(size: size, colorDepth: colorDepth)
        var frame = ScreenBuffer(size: size)
        let layout = BrowserScreen.draw(browser, into: &frame, elapsed: .zero)
        browser.active.rowsShown(layout.rows)
        terminal.render(frame)
        return terminal
    }

    static func expectSnapshot(_ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("__Snapshots__/\(name).txt").path
        // The simulator's port changes every run: the icon's address is shown without it.
        let stable = text.replacing(/127\.0\.0\.1:\d+\/coingecko\/[^ │]*/, with: "127.0.0.1:PORT/…")
        let outcome = SnapshotFile.verify(stable, at: path)
        #expect(outcome.passed, "\(outcome)", sourceLocation: sourceLocation)
    }

    @Test("wide: every column, the titles over them, prices as traders read them, sparklines")
    func wide() async throws {
        let board = try await Self.board()
        defer { board.server.stop() }
        let terminal = Self.render(board.browser, Size(width: 120, height: 16))
        Self.expectSnapshot(terminal.text, "coins-board-wide")
        let lines = terminal.text.split(separator: "\n", omittingEmptySubsequences: false)
        try #require(lines.count >= 5)
        #expect(lines[2].contains("price (usd)") && lines[2].contains("mkt cap") && lines[2].contains("volume"))
        #expect(lines[3].contains("Bitcoin") && lines[4].contains("BTC"))
    }

    @Test("a row's icon is the small one CoinGecko keeps, unless its box is larger than that")
    func iconSize() async throws {
        let board = try await Self.board()
        defer { board.server.stop() }
        let bitcoin = try #require(board.model.feed.items.first)
        #expect(bitcoin.imageURL?.path == "/coingecko/coins/images/1/large/bitcoin.png", "the board sends the large one")
        let descriptor = CoinsFeed.descriptor(sourceLabel: "simulator", currency: "usd")
        // Symbols: four cells by two are 48 pixels a side at most.
        let symbols = try #require(descriptor.rowImage(bitcoin, ImageSizing(showsPixels: false)))
        #expect(symbols.url.path == "/coingecko/coins/images/1/small/bitcoin.png")
        // Pixels, in a terminal of large cells: 4 × 24 = 96 pixels across.
        let large = ImageSizing(row: FeedImage.Size(width: 96, height: 96), showsPixels: true)
        #expect(try #require(descriptor.rowImage(bitcoin, large)).url.path == "/coingecko/coins/images/1/large/bitcoin.png")
    }

    @Test("narrow: the least important columns go first, the name, price and day stay")
    func narrow() async throws {
        let board = try await Self.board()
        defer { board.server.stop() }
        let sixty = Self.render(board.browser, Size(width: 60, height: 12)).text
        Self.expectSnapshot(sixty, "coins-board-narrow")
        let titles = String(try #require(sixty.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).first))
        #expect(titles.contains("24h") && titles.contains("price (usd)"))
        #expect(!titles.contains("volume") && !titles.contains("1h") && !titles.contains("mkt cap"))
        for width in [30, 40, 50, 70, 80, 90, 100, 140] {
            let layout = CoinColumns(width: width)
            #expect((layout.columns.last.map { $0.x + $0.width } ?? 0) <= width, "fits \(width)")
            #expect(layout.kinds.contains(.name) && layout.kinds.contains(.price))
        }
        #expect(CoinColumns(width: 99).kinds == CoinColumns.Kind.allCases, "a 100-column terminal has them all")
    }

    @Test("colours: up green, down red, and with NO_COLOR the arrows alone still say which way")
    func colours() async throws {
        let board = try await Self.board()
        defer { board.server.stop() }
        let coloured = Self.render(board.browser, Size(width: 120, height: 8)).screen.styledText()
        Self.expectSnapshot(coloured, "coins-board-colours")
        let plain = Self.render(board.browser, Size(width: 120, height: 8), colorDepth: .none)
        let styled = plain.screen.styledText()
        #expect(!styled.contains("fg=") && !styled.contains("bg="), "no colour at all")
        #expect(plain.text.contains("▲") && plain.text.contains("▼"))
    }

    @Test("details: every field, and the week's chart with its high, low and dates")
    func details() async throws {
        let board = try await Self.board()
        defer { board.server.stop() }
        board.model.perform(.openDetails, visibleRows: 5)
        let text = Self.render(board.browser, Size(width: 140, height: 36)).text
        Self.expectSnapshot(text, "coins-details")
        let details = try #require(board.model.details)
        let labels = details.fields.map(\.label)
        for label in ["rank", "price", "1h", "24h", "7d", "market cap", "circulating", "max supply", "all-time high", "all-time low", "last updated"]
        {
            #expect(labels.contains(label), "\(label) in \(labels)")
        }
        let chart = try #require(details.chart)
        #expect(chart.values.count == 168)
        #expect(chart.timeLabels == ["Jan 13", "Jan 16", "Jan 20"])
        #expect(text.contains(chart.highLabel) && text.contains(chart.lowLabel) && text.contains("Jan 13"))
    }

    @Test("euros: the header names the currency, the details price in it")
    func euros() async throws {
        let board = try await Self.board(currency: "eur")
        defer { board.server.stop() }
        let text = Self.render(board.browser, Size(width: 120, height: 8)).text
        #expect(text.contains("price (eur)"))
        board.model.perform(.openDetails, visibleRows: 5)
        #expect(board.model.details?.fields.first { $0.label == "price" }?.value.raw.hasSuffix(" EUR") == true)
    }

    @Test("hostile names and tickers from the API are drawn sanitized: no escapes, no bidi overrides")
    func hostileRow() {
        let coin = CoinMarket(id: "evil", symbol: "e\u{1B}]52;c;x\u{07}v", name: "Evil\u{1B}[2J Coin\u{202E}gnp.exe")
        var frame = ScreenBuffer(size: Size(width: 100, height: 2))
        let cells = ImageCells(mode: .none, colorDepth: .trueColor, cellPixelSize: nil)
        let context = RowContext(rect: frame.bounds, isSelected: true, image: nil, placeholder: nil, cells: cells, now: Self.instant)
        CoinRow.draw(coin, context: context, into: &frame)
        let text = frame.lines.joined(separator: "\n")
        #expect(text.contains("Evil"))
        #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{07}" })
        #expect(text.contains("—"), "a coin without a price says so")
    }
}
