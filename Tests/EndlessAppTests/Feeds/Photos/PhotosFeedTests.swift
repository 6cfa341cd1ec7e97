import Endless
import EndlessBlurHash
import EndlessCommandLine
import EndlessFeedModel
import EndlessHTTP
import EndlessImages
import EndlessSimulator
import EndlessTerminal
import EndlessTerminalTesting
import EndlessTesting
import Foundation
import Synchronization
import Testing
import UnsplashAPI

@testable import EndlessApp

/// The photos feed: `endless fetch photos`, and the photos tab's rows, placeholders, status,
/// details and errors, against the embedded simulator and canned hostile answers.
@Suite("Photos feed", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct PhotosFeedTests {
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

    @Test("fetch photos: a table, the API's bare array as JSON, NDJSON with the API's names, CSV")
    func fetchFormats() async throws {
        let table = await Self.run(["fetch", "photos", "-n", "3"])
        #expect(table.status == 0, "\(table.standardError)")
        let lines = table.standardOutput.split(separator: "\n")
        #expect(lines.count == 4 && lines[0].hasPrefix("ID ") && lines[0].contains("PHOTOGRAPHER") && lines[0].contains("COLOR"))

        let json = await Self.run(["fetch", "photos", "--per-page", "2", "--order-by", "oldest", "--format", "json"])
        let array = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]]
        #expect(array?.count == 2 && array?.first?["blur_hash"] != nil)
        #expect((array?.first?["created_at"] as? String)?.hasSuffix("Z") == false)

        let ndjson = await Self.run(["fetch", "photos", "--format", "ndjson"])
        let records = ndjson.standardOutput.split(separator: "\n")
        #expect(records.count == 10)
        #expect(records.allSatisfy { $0.contains(#""alt_description":"#) && $0.contains(#""urls":{"#) })

        let csv = await Self.run(["fetch", "photos", "--per-page", "1", "--format", "csv"])
        #expect(csv.standardOutput.hasPrefix("id,created_at,width,height,color,blur_hash,likes,"))
        #expect(csv.standardOutput.split(separator: "\r\n").count == 2)
    }

    @Test("fetch photos: one photo by id; a missing one exits 1 with the service's words; past the end says so")
    func fetchOneAndFailures() async throws {
        let first = await Self.run(["fetch", "photos", "--per-page", "1", "--format", "json"])
        let id = try #require((try JSONSerialization.jsonObject(with: Data(first.standardOutput.utf8)) as? [[String: Any]])?.first?["id"] as? String)
        let one = await Self.run(["fetch", "photos", "--id", id, "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(one.standardOutput.utf8)) as? [String: Any]
        #expect(object?["id"] as? String == id && object?["exif"] != nil)

        let missing = await Self.run(["fetch", "photos", "--id", "nope"])
        #expect(missing.status == 1 && missing.standardError == "endless fetch photos: not on Unsplash: Couldn't find Photo\n")

        let past = await Self.run(["fetch", "photos", "--page", "600", "--per-page", "10", "--format", "csv"])
        #expect(past.status == 0 && past.standardError.contains("page 600 is past the last page"))
    }

    @Test(
        "fetch photos usage errors exit 2 and name the flag",
        arguments: [
            (["--per-page", "31"], "--per-page"), (["--page", "0"], "--page"), (["--order-by", "newest"], "--order-by"),
            (["--id", "x", "--page", "2"], "--id"), (["--api", "https://api.unsplash.com/"], "UNSPLASH_ACCESS_KEY"),
            (["--api", "https://api.unsplash.com/", "--access-key", "k", "--unsplash-rate-limit", "5"], "--unsplash-rate-limit"),
            (["--unsplash-rate-limit", "lots"], "--unsplash-rate-limit"),
        ])
    func fetchUsageErrors(_ arguments: [String], flag: String) async {
        let run = await Self.run(["fetch", "photos"] + arguments)
        #expect(run.status == 2, "\(run.standardError)")
        #expect(run.standardError.hasPrefix("endless fetch photos: ") && run.standardError.contains(flag), "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test("another server: the key from --access-key is sent (and a 401 without one says what to do)")
    func fetchFromAServer() async throws {
        let server = SimulatorServer(configuration: SimulatorConfiguration(data: try GeneratorData.builtIn(), rateLimit: nil))
        try server.start()
        defer { server.stop() }
        let baseURL = try #require(server.baseURL(of: .unsplash))
        let base = baseURL.absoluteString
        let ok = await Self.run(["fetch", "photos", "--api", base, "--access-key", "any", "--per-page", "2"])
        #expect(ok.status == 0 && ok.standardOutput.split(separator: "\n").count == 3)
        let client = UnsplashClient(http: HTTPClient(baseURL: baseURL), accessKey: nil)
        let captured = CapturedOutput()
        #expect(await FetchPhotosCommand.run(FetchPhotosOptions(), output: captured.output, client: client) == 1)
        #expect(captured.standardError.contains("OAuth error: The access token is invalid"))
        #expect(captured.standardError.contains("Pass --access-key KEY or set UNSPLASH_ACCESS_KEY"))
    }

    // MARK: - Rows

    @Test("a row's height comes from the aspect ratio before any pixel: landscape, portrait, square, panorama")
    func rowHeights() {
        let layout = PhotoRow.Layout(cellAspect: 2)
        #expect(layout.picture(aspect: 1.5) == Size(width: 30, height: 10))
        #expect(layout.picture(aspect: 2.0 / 3.0) == Size(width: 16, height: 12))
        #expect(layout.picture(aspect: 1) == Size(width: 24, height: 12))
        #expect(layout.picture(aspect: 3) == Size(width: 30, height: 5))
        #expect(layout.picture(aspect: 5) == Size(width: 30, height: 5))
        #expect(layout.height(for: UnsplashPhoto(id: "x", width: 3000, height: 2000)) == 11)
        #expect(layout.height(for: UnsplashPhoto(id: "unknown size")) == 11)
        // Square cells (a font of square cells, sixel's pixel size) halve the lines.
        #expect(PhotoRow.Layout(cellAspect: 1).picture(aspect: 1.5) == Size(width: 30, height: 20).clampedLines(12, aspect: 1.5, cellAspect: 1))
    }

    /// A loader that never answers: the photos are always on their way.
    struct PendingLoader: ImageDataLoading {
        func data(for url: URL) async throws -> Data {
            try await Task.sleep(for: .seconds(3600))
            throw CancellationError()
        }

        /// A store whose pictures are always on their way: rows show their placeholders.
        @MainActor static func store() -> ImageStore {
            ImageStore(pipeline: ImagePipeline(configuration: .init(dataLoader: PendingLoader(), diskCache: nil)))
        }
    }

    /// A photos tab on the simulator, with `images` for its pictures.
    static func tab(
        accessKey: String? = "test", limit: Int? = nil, images: ImageStore? = nil, mode: GraphicsMode = .symbols,
        graphicConversion: ImageCells.GraphicConversion = .inline
    ) throws -> (tab: FeedTab<ExplainingSource<UnsplashPageSource>>, model: FeedViewModel<ExplainingSource<UnsplashPageSource>>, stop: () -> Void) {
        let server = SimulatorServer(
            configuration: SimulatorConfiguration(data: try GeneratorData.builtIn(), rateLimit: nil, unsplashRateLimit: limit))
        try server.start()
        let base = try #require(server.baseURL(of: .unsplash))
        let http = HTTPClient(baseURL: base, configuration: .init(retryPolicy: RetryPolicy(maxRetries: 0), deadline: TimeBudget.scaled(.seconds(20))))
        let client = UnsplashClient(http: http, accessKey: accessKey)
        let cells = ImageCells(mode: mode, colorDepth: .trueColor, cellPixelSize: nil, graphicConversion: graphicConversion)
        let layout = PhotoRow.Layout(cellAspect: cells.cellAspect)
        let model = FeedViewModel(
            feed: Feed(
                source: ExplainingSource(upstream: UnsplashPageSource(client: client, reserve: PhotosFeed.reserve), explain: PhotosFeed.explain),
                configuration: FeedConfiguration(pageSize: 30, prefetchDistance: 10, minimumIndicatorDuration: .zero)),
            descriptor: PhotosFeed.descriptor(client: client, sourceLabel: "test", layout: layout), images: images,
            clock: ManualClock())
        return (FeedTab(kind: .photos, model: model, style: PhotoRow.style(layout), cells: cells, images: images), model, { server.stop() })
    }

    static func draw(_ tab: any BrowserTab, size: Size = Size(width: 100, height: 30)) -> ScreenBuffer {
        var frame = ScreenBuffer(size: size)
        let browser = BrowserModel(tabs: [tab], opening: .photos)
        _ = BrowserScreen.draw(browser, into: &frame, elapsed: .zero)
        return frame
    }

    /// The background colours in a rectangle of a frame.
    static func backgrounds(_ frame: ScreenBuffer, x: Range<Int>, y: Range<Int>) -> Set<String> {
        var colours = Set<String>()
        for row in y { for column in x { colours.insert("\(frame[column, row].style.background)") } }
        return colours
    }

    @Test("the frame a row appears in shows its BlurHash in the picture's cells, while the photo is still on its way")
    func placeholderInTheFirstFrame() async throws {
        let images = PendingLoader.store()
        let (tab, model, stop) = try Self.tab(images: images)
        defer { stop() }
        model.start()
        await model.wait { $0.rowCount >= 30 }
        let photo = try #require(model.item(at: 0))
        let frame = Self.draw(tab)
        let picture = PhotoRow.Layout(cellAspect: 2).picture(for: photo)
        // The picture starts at column 1 of the list's first line (line 2).
        let drawn = Self.backgrounds(frame, x: 1..<(1 + picture.width), y: 2..<(2 + picture.height))
        #expect(drawn.count > 3, "a flat box, not a BlurHash: \(drawn)")
        #expect(images.image(for: try #require(model.imageRequest(for: photo))) == nil)
        // Without a BlurHash the box is the photo's dominant colour, flat.
        var flat = PhotoRow.style(PhotoRow.Layout(cellAspect: 2))
        flat.placeholder = nil
        let plain = FeedViewModel(feed: model.feed, descriptor: model.descriptor, images: images, clock: ManualClock())
        let cells = ImageCells(mode: .symbols, colorDepth: .trueColor, cellPixelSize: nil)
        let flatFrame = Self.draw(FeedTab(kind: .photos, model: plain, style: flat, cells: cells, images: images))
        let colour = try #require(photo.color.flatMap(RGBColor.init(hex:)))
        #expect(
            Self.backgrounds(flatFrame, x: 1..<(1 + picture.width), y: 2..<(2 + picture.height))
                == ["\(Color.rgb(colour.red, colour.green, colour.blue))"])
    }

    @Test(
        "the row after the last whole one shows its top lines, cut by the bottom of the list, as a pager fills its last line; a click on it scrolls it whole"
    )
    func cutRow() async throws {
        let images = PendingLoader.store()
        let (tab, model, stop) = try Self.tab(images: images)
        defer { stop() }
        model.start()
        await model.wait { $0.rowCount >= 30 }
        let layout = PhotoRow.Layout(cellAspect: 2)
        let heights = try (0..<3).map { layout.height(for: try #require(model.item(at: $0))) }
        // Two rows and three lines: the header, the line above the list and the status bar
        // take three more.
        let size = Size(width: 100, height: 3 + heights[0] + heights[1] + 3)
        let browser = BrowserModel(tabs: [tab], opening: .photos)
        var frame = ScreenBuffer(size: size)
        let rows = BrowserScreen.draw(browser, into: &frame, elapsed: .zero).rows
        #expect(rows.map(\.row) == [.item(0), .item(1), .cutItem(2)])
        #expect(rows.map(\.rect.height) == [heights[0], heights[1], 3], "the third row is \(heights[2]) lines")
        let top = rows[2].rect.y
        #expect(rows[2].rect.maxY == size.height - 1, "down to the status bar")
        // Its text and its picture's placeholder, on the lines it has.
        #expect(frame.lines[top].contains("Photo by"), "\(frame.lines[top])")
        #expect(Self.backgrounds(frame, x: 1..<11, y: top..<(top + 3)).count > 1)
        // Pages turn, and the feed counts, by whole rows.
        #expect(FeedScreen<ExplainingSource<UnsplashPageSource>>.visibleItems(rows) == 0..<2)

        // A click on it selects it, and the list scrolls it into view whole.
        tab.click(.cutItem(2))
        #expect(model.selection == 2)
        frame = ScreenBuffer(size: size)
        let scrolled = BrowserScreen.draw(browser, into: &frame, elapsed: .zero).rows
        #expect(scrolled.contains { $0.row == .item(2) && $0.rect.height == heights[2] }, "\(scrolled.map(\.row))")

        // Kitty's pictures are drawn whole or not at all: a cut row's is left out, and no
        // picture reaches past the list.
        let (kitty, kittyModel, stopKitty) = try Self.tab(images: images, mode: .kitty)
        defer { stopKitty() }
        kittyModel.start()
        await kittyModel.wait { $0.rowCount >= 30 }
        var kittyFrame = ScreenBuffer(size: size)
        let kittyRows = BrowserScreen.draw(BrowserModel(tabs: [kitty], opening: .photos), into: &kittyFrame, elapsed: .zero).rows
        #expect(!kittyFrame.graphics.isEmpty, "the whole rows' placeholders are pictures")
        #expect(kittyFrame.graphics.allSatisfy { $0.rect.maxY <= top }, "\(kittyFrame.graphics.map(\.rect))")
        #expect(kittyRows.map(\.row) == [.item(0), .item(1)])
    }

    @Test("sixels made in the background: the rows show their pictures in half blocks, then, once made, as sixels, though the rows were kept")
    func sixelsMadeInTheBackground() async throws {
        let images = PendingLoader.store()
        let (tab, model, stop) = try Self.tab(images: images, mode: .sixel, graphicConversion: .background)
        defer { stop() }
        model.start()
        await model.wait { $0.rowCount >= 30 }
        let browser = BrowserModel(tabs: [tab], opening: .photos)
        var frame = ScreenBuffer(size: Size(width: 100, height: 30))
        _ = BrowserScreen.draw(browser, into: &frame, elapsed: .zero)
        #expect(frame.graphics.isEmpty, "no sixel made yet")
        #expect(frame.lines.joined().contains("▀"), "the placeholders meanwhile, in half blocks")
        // Once no sixel is being made, a frame shows them (a few frames at most: a frame may
        // ask for one more, a row drawn ahead or cut). Without the rows kept being drawn
        // again, none would ever show.
        for _ in 0..<3 where frame.graphics.count < 2 {
            await tab.cells.conversionsEnded()
            frame = ScreenBuffer(size: Size(width: 100, height: 30))
            _ = BrowserScreen.draw(browser, into: &frame, elapsed: .zero)
        }
        #expect(frame.graphics.count >= 2, "the rows on screen show sixels: \(frame.graphics.map(\.rect))")
        #expect(frame.graphics.allSatisfy { $0.graphic.kind == .sixel })
    }

    @Test("rows show the photographer, the caption, likes and the colour; the request asks imgix for the cells' pixels")
    func rowContent() async throws {
        let (tab, model, stop) = try Self.tab()
        defer { stop() }
        model.start()
        await model.wait { $0.rowCount >= 30 }
        let photo = try #require(model.item(at: 0))
        let text = Self.draw(tab).lines.joined(separator: "\n")
        let name = try #require(photo.user?.displayName), caption = try #require(photo.caption), color = try #require(photo.color)
        #expect(text.contains(name) && text.contains(caption) && text.contains(color))
        #expect(text.contains("♥ "))
        let request = try #require(
            PhotosFeed.descriptor(
                client: UnsplashClient(http: HTTPClient(), accessKey: nil), sourceLabel: "", layout: PhotoRow.Layout(cellAspect: 2)
            ).rowImage(photo, ImageSizing(pixelsPerCell: FeedImage.Size(width: 10, height: 20))))
        let picture = PhotoRow.Layout(cellAspect: 2).picture(for: photo)
        #expect(request.size == FeedImage.Size(width: picture.width * 10, height: picture.height * 20))
        let query = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems)
        #expect(
            query.contains(URLQueryItem(name: "w", value: String(picture.width * 10))) && query.contains(URLQueryItem(name: "fit", value: "crop")))
        #expect(query.contains { $0.name == "ixid" })
    }

    @Test("on a narrow screen the picture's box narrows, so the credit and caption keep their room; rows keep their height")
    func narrowScreen() async throws {
        let layout = PhotoRow.Layout(cellAspect: 2)
        #expect(layout.pictureColumns(inRowOf: 99) == 30)
        #expect(layout.pictureColumns(inRowOf: 58) == 30)
        #expect(layout.pictureColumns(inRowOf: 39) == 11)
        #expect(layout.pictureColumns(inRowOf: 20) == 8)

        let (tab, model, stop) = try Self.tab()
        defer { stop() }
        model.start()
        await model.wait { $0.rowCount >= 30 }
        let photo = try #require(model.item(at: 0))
        let narrow = Self.draw(tab, size: Size(width: 40, height: 30))
        let text = narrow.lines.joined(separator: "\n")
        let name = try #require(photo.user?.displayName)
        #expect(text.contains("Photo by"), "\(text)")
        #expect(narrow.lines[2].contains(String(name.prefix(4))) || narrow.lines[2].contains("…"), "\(narrow.lines[2])")
        let picture = layout.picture(for: photo)
        // The text starts right of an 11-column box: 1 + 11 + 2.
        #expect(narrow.lines[2].dropFirst(14).hasPrefix("Photo by"), "\(narrow.lines[2])")
        #expect(narrow.lines[3].dropFirst(14).first?.isWhitespace == false, "the caption's line: \(narrow.lines[3])")
        // The rows are as tall as on a wide screen.
        let wide = Self.draw(tab, size: Size(width: 100, height: 30))
        let rowTop = { (frame: ScreenBuffer) in frame.lines.firstIndex { $0.contains("Photo by") && $0 != frame.lines[2] } }
        #expect(rowTop(narrow) == rowTop(wide) && rowTop(wide) == 2 + picture.height + 1)
    }

    @Test("the status bar shows the requests left this hour when the API reports them")
    func requestsLeft() async throws {
        let (tab, model, stop) = try Self.tab(limit: 50)
        defer { stop() }
        #expect(tab.statusNote == nil)
        model.start()
        await model.wait { $0.rowCount >= 30 }
        #expect(tab.statusNote == "49 requests left this hour")
        #expect(Self.draw(tab).lines.last?.contains("49 requests left this hour") == true)
    }

    @Test("with the budget low the next page waits for R; the footer says why; R loads it")
    func holdsBack() async throws {
        let (_, model, stop) = try Self.tab(limit: 6)
        defer { stop() }
        model.start()
        await model.wait { $0.rowCount >= 30 }
        model.visibleRangeChanged(25..<29)  // 5 left: the next page is held back
        await model.wait { if case .failed = $0.footer { true } else { false } }
        guard case .failed(let reason) = model.footer else { return }
        #expect(reason.raw == "5 requests left this hour of 6, kept for you: R loads more")
        model.perform(.retry, visibleRows: 3)
        await model.wait { $0.rowCount >= 60 }
    }

    @Test("details: every field, the photo's shape, the camera from GET photos/{id}")
    func details() async throws {
        let (_, model, stop) = try Self.tab()
        defer { stop() }
        model.start()
        await model.wait { $0.rowCount >= 30 }
        model.perform(.openDetails, visibleRows: 3)
        let photo = try #require(model.item(at: 0))
        #expect(model.details?.imageAspectRatio == photo.aspectRatio && model.details?.note == .loading)
        await model.wait { $0.details?.note != .loading }
        let labels = model.details?.fields.map(\.label) ?? []
        for label in ["by", "likes", "size", "colour", "blur hash", "camera", "views", "downloads", "created", "id"] {
            #expect(labels.contains(label), "\(label) missing")
        }
        #expect(model.details?.imageURL == photo.urls?.rawURL)
    }

    @Test("the panel draws a photo as large as the terminal allows, in its own shape")
    func largestPicture() {
        let area = Rect(x: 0, y: 0, width: 120, height: 40)
        let wide = FeedScreen<ExplainingSource<UnsplashPageSource>>.largestPicture(aspect: 1.5, cellAspect: 2, fields: 14, in: area)
        #expect(wide.size.height <= 37 && wide.size.width <= 114)
        #expect(abs(Double(wide.size.width) / Double(wide.size.height) / 2 - 1.5) < 0.15)
        let tall = FeedScreen<ExplainingSource<UnsplashPageSource>>.largestPicture(aspect: 0.5, cellAspect: 2, fields: 14, in: area)
        #expect(tall.beside && tall.size.height == 37 && tall.size.width == 37)
    }

    @Test("the tab without a key: the centre says what the service said and what to do")
    func tabWithoutKey() async throws {
        let (_, model, stop) = try Self.tab(accessKey: nil)
        defer { stop() }
        model.start()
        await model.wait { if case .firstLoadFailed = $0.content { true } else { false } }
        guard case .firstLoadFailed(let reason) = model.content else { return }
        #expect(reason.raw.contains("OAuth error: The access token is invalid") && reason.raw.contains("--access-key"))
    }

    @Test("hostile text from the network reaches the screen sanitized")
    func hostileText() async throws {
        CannedURLProtocol.answer(
            "/hostile/photos",
            with: .init(
                body:
                    ##"[{"id":"evil","width":300,"height":200,"color":"#ff0000","blur_hash":"LEHV6nWB2yk8pyo0adR*.7kCMdnj","description":"Sun\u001b]52;c;cm0gLXJmIH4=\u0007set\u202e","user":{"name":"Eve\u001b[2J\u009b31m","username":"eve\u001b]0;pwned\u0007"}}]"##
            ))
        let base = try #require(URL(string: "http://canned.invalid/hostile/"))
        let http = HTTPClient(
            baseURL: base, configuration: .init(retryPolicy: RetryPolicy(maxRetries: 0)),
            transport: URLSessionTransport(configuration: CannedURLProtocol.configuration))
        let client = UnsplashClient(http: http, accessKey: "k")
        let layout = PhotoRow.Layout(cellAspect: 2)
        let model = FeedViewModel(
            feed: Feed(
                source: ExplainingSource(upstream: UnsplashPageSource(client: client), explain: PhotosFeed.explain),
                configuration: FeedConfiguration(pageSize: 30, minimumIndicatorDuration: .zero)),
            descriptor: PhotosFeed.descriptor(client: client, sourceLabel: "test", layout: layout), images: nil, clock: ManualClock())
        model.start()
        await model.wait { $0.rowCount == 1 }
        let tab = FeedTab(
            kind: .photos, model: model, style: PhotoRow.style(layout), cells: ImageCells(mode: .none, colorDepth: .trueColor, cellPixelSize: nil),
            images: nil)
        var terminal = InMemoryTerminal(size: Size(width: 100, height: 30), colorDepth: .trueColor)
        terminal.render(Self.draw(tab))
        #expect(terminal.text.contains("Sunset") && terminal.text.contains("Eve"))
        let output = String(decoding: terminal.lastOutput, as: UTF8.self)
        #expect(!output.contains("]52;") && !output.contains("pwned") && !output.unicodeScalars.contains("\u{202E}"))
        #expect(terminal.screen.unsupportedSequences.isEmpty)
    }
}

extension Size {
    /// What ``PhotoRow/Layout`` makes of a box too tall: `maxLines` lines, narrower.
    func clampedLines(_ maxLines: Int, aspect: Double, cellAspect: Double) -> Size {
        height <= maxLines ? self : Size(width: Int((Double(maxLines) * aspect * cellAspect).rounded()), height: maxLines)
    }
}
