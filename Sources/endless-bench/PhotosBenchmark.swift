import Endless
import EndlessApp
import EndlessBlurHash
import EndlessFeedModel
import EndlessHTTP
import EndlessImages
import EndlessSimulator
import EndlessTerminal
import Foundation
import UnsplashAPI

/// Figures for the photos feed (issue 11), against the simulator's Unsplash on loopback:
///
/// - `photos bytes_per_row`: what a row's picture costs to download when the client asks imgix
///   for its cells' pixels (symbols: 5×10 a cell; sixel/kitty: 10×20), against downloading
///   `urls.regular` (1080 px wide) for the same 30 photos, as the tutorial does.
/// - `photos blurhash_us`: decoding a 4×3 BlurHash to the row's cell size (30×10) and to the
///   placeholder's size (48 px on the long side), against decoding and resizing the row's own
///   JPEG, and `regular`'s, to the row's pixels: what a client without a placeholder must do
///   before anything shows.
/// - `photos placeholder_cells`: a row's placeholder from its BlurHash to the cells drawn, in
///   half blocks at a fifth of the row's pixels, against the same BlurHash at 48 px through
///   chafa's symbols (the strategy replaced).
/// - `photos row_to_placeholder` / `row_to_photo_ms`: from a page of rows landing to their
///   placeholders in the frame (frames later: 0 means the same frame) and to the photos decoded
///   and ready to draw, through the tab's own view model and image store (median of 5 runs,
///   each on a fresh simulator, so the photos are drawn and encoded by it too).
enum PhotosBenchmark {
    static let layout = PhotoRow.Layout(cellAspect: 2)

    static func run() async throws {
        let server = SimulatorServer(configuration: SimulatorConfiguration(data: try GeneratorData.builtIn(), rateLimit: nil))
        try server.start()
        defer { server.stop() }
        guard let base = server.baseURL(of: .unsplash) else { throw Failure("the simulator has no Unsplash") }
        let http = HTTPClient(baseURL: base, configuration: .init(deadline: .seconds(60)))
        let client = UnsplashClient(http: http, accessKey: "bench")
        let photos = try await client.photos(page: 1, perPage: 30).photos
        try await bytesPerRow(photos, http: http)
        try await decodeFigures(photos, http: http)
        try placeholderCellsFigure(photos)
        try await rowToPicture()
    }

    /// The row's request for `photo` at `pixelsPerCell`.
    static func rowRequest(_ photo: UnsplashPhoto, pixelsPerCell: PixelSize) -> FeedImage? {
        let descriptor = PhotosFeed.descriptor(client: UnsplashClient(http: HTTPClient(), accessKey: nil), sourceLabel: "", layout: layout)
        return descriptor.rowImage(photo, ImageSizing(showsPixels: pixelsPerCell.width > 5, pixelsPerCell: FeedImage.Size(pixelsPerCell)))
    }

    static func bytesPerRow(_ photos: [UnsplashPhoto], http: HTTPClient) async throws {
        var regular = 0, symbols = 0, pixels = 0
        for photo in photos {
            guard let regularURL = photo.urls?.regularURL,
                let symbolRequest = rowRequest(photo, pixelsPerCell: PixelSize(width: 5, height: 10)),
                let pixelRequest = rowRequest(photo, pixelsPerCell: PixelSize(width: 10, height: 20))
            else { throw Failure("photo \(photo.id) has no image URLs") }
            regular += try await http.data(from: regularURL, accepting: .images).body.count
            symbols += try await http.data(from: symbolRequest.url, accepting: .images).body.count
            pixels += try await http.data(from: pixelRequest.url, accepting: .images).body.count
        }
        Bench.report(
            "photos bytes_per_row",
            [
                "photos": photos.count, "regular_kb": Bench.fixed(Double(regular) / Double(photos.count) / 1024, 1),
                "symbols_kb": Bench.fixed(Double(symbols) / Double(photos.count) / 1024, 1),
                "symbols_pct": Bench.fixed(Double(symbols) / Double(regular) * 100, 1),
                "pixels_kb": Bench.fixed(Double(pixels) / Double(photos.count) / 1024, 1),
                "pixels_pct": Bench.fixed(Double(pixels) / Double(regular) * 100, 1),
            ])
    }

    static func decodeFigures(_ photos: [UnsplashPhoto], http: HTTPClient) async throws {
        // A landscape photo: its row is 30×10 cells.
        guard let photo = photos.first(where: { ($0.aspectRatio ?? 0) > 1.3 && $0.blurHash != nil }),
            let text = photo.blurHash, let request = rowRequest(photo, pixelsPerCell: PixelSize(width: 5, height: 10)),
            let regularURL = photo.urls?.regularURL
        else { throw Failure("no landscape photo with a BlurHash on the first page") }
        let hash = try BlurHash(text)
        let cells = layout.picture(for: photo)
        let rowJPEG = try await http.data(from: request.url, accepting: .images).body
        let regularJPEG = try await http.data(from: regularURL, accepting: .images).body
        let decoder = ImageDecoder()
        let batch = 200
        let toCells = Bench.median { for _ in 0..<batch { _ = hash.pixels(width: cells.width, height: cells.height) } } / Double(batch)
        let placeholderSize = PixelSize(width: 48, height: Int((48 / (photo.aspectRatio ?? 1.5)).rounded()))
        let toPlaceholder =
            Bench.median {
                for _ in 0..<batch { _ = hash.pixels(width: placeholderSize.width, height: placeholderSize.height) }
            } / Double(batch)
        let rowDecode = try Bench.median { for _ in 0..<20 { _ = try decoder.decode(rowJPEG, for: ImageRequest(request)) } } / 20
        let regularDecode = try Bench.median { for _ in 0..<5 { _ = try decoder.decode(regularJPEG, for: ImageRequest(request)) } } / 5
        Bench.report(
            "photos blurhash_us",
            [
                "cells": "\(cells.width)x\(cells.height)", "to_cells_us": Bench.fixed(toCells * 1e6, 1),
                "to_placeholder_\(placeholderSize.width)x\(placeholderSize.height)_us": Bench.fixed(toPlaceholder * 1e6, 1),
                "row_jpeg_decode_resize_us": Bench.fixed(rowDecode * 1e6, 1),
                "regular_decode_resize_us": Bench.fixed(regularDecode * 1e6, 1),
                "row_jpeg_ratio": Bench.fixed(rowDecode / toPlaceholder, 1), "regular_ratio": Bench.fixed(regularDecode / toPlaceholder, 1),
            ])
    }

    /// A row's placeholder from its BlurHash to the cells drawn, as the row draws it: decoded at
    /// a fifth of the row's pixels each way and drawn in half blocks (`PhotoPlaceholder`,
    /// `ImageRenderer`), against the strategy it replaced: decoded at 48 pixels on the long side
    /// and turned into cells by chafa's symbols, as the photo itself is. CPU of this process.
    static func placeholderCellsFigure(_ photos: [UnsplashPhoto]) throws {
        guard let photo = photos.first(where: { ($0.aspectRatio ?? 0) > 1.3 && $0.blurHash != nil }),
            let text = photo.blurHash, let request = rowRequest(photo, pixelsPerCell: PixelSize(width: 5, height: 10))
        else { throw Failure("no landscape photo with a BlurHash on the first page") }
        let hash = try BlurHash(text)
        let cells = layout.picture(for: photo)
        let size = Size(width: cells.width, height: cells.height)
        let pixels = PixelSize(request.size)
        func drawn(_ image: DecodedImage?) -> Int {
            guard let image, let picture = PixelImage(width: image.width, height: image.height, rgba: image.pixels) else { return 0 }
            return ImageRenderer.cells(for: picture, size: size, colorDepth: .indexed256).cells.count
        }
        let batch = 100
        var count = 0
        let ours = (0..<7).map { _ in
            ProcessCPU.seconds { for _ in 0..<batch { count += drawn(PhotoPlaceholder.image(for: photo, size: pixels)) } } / Double(batch)
        }
        let longSide = PixelSize(width: 48, height: max(1, Int((48 * Double(pixels.height) / Double(pixels.width)).rounded())))
        let old = ImageRequest(url: URL(fileURLWithPath: "/bench/placeholder"), targetSize: pixels, contentMode: .fill)
        let chafa = (0..<7).map { _ in
            ProcessCPU.seconds { for _ in 0..<batch { count += drawn(hash.image(size: longSide, request: old)) } } / Double(batch)
        }
        guard count == 14 * batch * size.area else { throw Failure("a placeholder was not drawn") }
        Bench.figure(
            "photos", "placeholder_cells", unit: "cpu_us_per_row", ours: Bench.Samples(ours).scaled(1e6),
            baseline: .init(name: "blurhash_48px_through_chafa_symbols", samples: Bench.Samples(chafa).scaled(1e6)), better: .lower,
            decimals: 1, details: ["cells": "\(size.width)x\(size.height)", "row_px": "\(pixels.width)x\(pixels.height)", "colors": 256])
    }

    /// Through the tab's view model and image store: a page lands, a frame draws its first
    /// screen of rows (placeholders from the BlurHash), then frames go on until every photo of
    /// that screen is decoded.
    @MainActor
    static func rowToPicture() async throws {
        var framesToPlaceholder: [Int] = []
        var toPhoto: [Double] = []
        for _ in 0..<5 {
            let server = SimulatorServer(configuration: SimulatorConfiguration(data: try GeneratorData.builtIn(), rateLimit: nil))
            try server.start()
            defer { server.stop() }
            guard let base = server.baseURL(of: .unsplash) else { throw Failure("no Unsplash") }
            let client = UnsplashClient(http: HTTPClient(baseURL: base), accessKey: "bench")
            let images = ImageStore(pipeline: ImagePipeline(configuration: .init(dataLoader: HTTPClient(), diskCache: nil)))
            let model = FeedViewModel(
                feed: Feed(source: UnsplashPageSource(client: client), configuration: FeedConfiguration(pageSize: 30)),
                descriptor: PhotosFeed.descriptor(client: client, sourceLabel: "bench", layout: layout), images: images)
            model.imageSizing = ImageSizing(pixelsPerCell: FeedImage.Size(width: 5, height: 10))
            model.start()
            while model.rowCount == 0 {
                if case .failed(let error) = model.feed.loadStates.refresh { throw error }
                try await Task.sleep(for: .milliseconds(1))
            }
            // The first screen: three rows. A frame asks for the photo, else the placeholder.
            let rows = (0..<3).compactMap { model.item(at: $0) }
            let appeared = ContinuousClock.now
            var frames = 0
            var placeholders = 0
            while placeholders < rows.count, frames < 100 {
                placeholders =
                    rows.filter { photo in
                        guard let request = model.imageRequest(for: photo) else { return false }
                        let placeholder = images.placeholder(for: ImageRequest(request)) {
                            PhotoPlaceholder.image(for: photo, size: PixelSize(request.size))
                        }
                        return images.image(for: request) != nil || placeholder != nil
                    }.count
                if placeholders < rows.count { frames += 1 }
            }
            framesToPlaceholder.append(frames)
            model.visibleRangeChanged(0..<rows.count)
            while !rows.allSatisfy({ photo in model.imageRequest(for: photo).flatMap(images.image(for:)) != nil }) {
                guard ContinuousClock.now - appeared < .seconds(30) else { throw Failure("the photos did not arrive in 30 s") }
                try await Task.sleep(for: .milliseconds(1))
            }
            toPhoto.append(Bench.seconds(ContinuousClock.now - appeared) * 1000)
        }
        Bench.report(
            "photos row_to_placeholder",
            ["frames": framesToPlaceholder.sorted()[framesToPlaceholder.count / 2], "runs": framesToPlaceholder.count])
        Bench.report("photos row_to_photo_ms", ["median": Bench.fixed(toPhoto.sorted()[toPhoto.count / 2], 1), "runs": toPhoto.count])
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
