import CTurboJPEG
import EndlessImages
import EndlessSimulator
import EndlessTerminal
import Foundation
import Synchronization

/// Figures for the image pipeline, each against its baseline in the same run:
/// - `images list_thumbnail`: what a people or users row really does with its avatar: the 48 px
///   thumbnail JPEG the simulator serves, decoded at half size by DCT scaling and resized to
///   the 20×20 px a row asks for, and turned into 4×2 cells of chafa symbols;
///   against the `chafa` command on the same file with the same cells, symbols and colors;
/// - `images photo_row`, `images photo_details`: the same path at the sizes the photo feed asks
///   imgix for (a row of 60×15 cells is 300×150 px, the details 100×30 cells 500×300 px), on
///   a photo-like JPEG of exactly that size;
/// - `images dct_scaling`: a 512 px photo made into a 48 px thumbnail, decoded at 1/8 by
///   libjpeg-turbo's DCT scaling, against a full decode and the same resize (only when a
///   source is much larger than drawn, as a `large` picture in a row would be);
/// - `images memory_hit`: a cached picture, against decoding it again;
/// - `images coalescing`: 100 requests at once for one URL through the pipeline, against 100
///   loads and decodes without it.
///
/// The chafa figures compare CPU time (user and system, every thread), which is steadier than
/// wall time on a shared machine: ours per image in this process (`getrusage`, all threads), chafa's per
/// run from `wait4`, minus what `chafa --version` costs (starting the program, loading its
/// libraries), so what remains is chafa's own loading, decoding and drawing.
enum ImagesBenchmark {
    static func run() async throws {
        let thumbnail = try await portraitThumbnail()
        // A people row's picture: 4×2 cells, asked for at 20×20 px (5×10 a cell of symbols).
        try chafaFigure("list_thumbnail", jpeg: thumbnail, pixels: PixelSize(width: 20, height: 20), cells: Size(width: 4, height: 2))
        try chafaFigure(
            "photo_row", jpeg: try photoJPEG(width: 300, height: 150, quality: 85),
            pixels: PixelSize(width: 300, height: 150), cells: Size(width: 60, height: 15))
        try chafaFigure(
            "photo_details", jpeg: try photoJPEG(width: 500, height: 300, quality: 85),
            pixels: PixelSize(width: 500, height: 300), cells: Size(width: 100, height: 30))
        let large = try photoJPEG(width: 512, height: 512, quality: 85)
        let request = ImageRequest(url: URL(fileURLWithPath: "/bench/photo.jpg"), targetSize: PixelSize(width: 48, height: 48))
        try dctFigure(large, request)
        try await memoryHitFigure(large, request)
        try await coalescingFigure(large, request)
    }

    /// The simulator's 48 px thumbnail of a portrait, as the list downloads it.
    static func portraitThumbnail() async throws -> Data {
        let server = SimulatorServer(configuration: SimulatorConfiguration(data: try GeneratorData.builtIn(), rateLimit: nil))
        let api = try server.start().absoluteString
        defer { server.stop() }
        return Data(try await ServerBenchmark.fetch(api + "portraits/thumb/women/12.jpg"))
    }

    // MARK: - Ours against the chafa command

    static func chafaFigure(_ name: String, jpeg: Data, pixels: PixelSize, cells: Size) throws {
        let decoder = ImageDecoder()
        let request = ImageRequest(url: URL(fileURLWithPath: "/bench/\(name).jpg"), targetSize: pixels, contentMode: .fill)
        let batch = max(5, 20_000 / max(1, pixels.width * pixels.height / 100))
        var drawn = 0
        let cpu = try (0..<7).map { _ in
            try ProcessCPU.seconds {
                for _ in 0..<batch {
                    let image = try decoder.decode(jpeg, for: request)
                    guard let picture = PixelImage(width: image.width, height: image.height, rgba: image.pixels) else { continue }
                    drawn += ImageRenderer.cells(for: picture, size: cells, symbols: .standard, colorDepth: .indexed256).cells.count
                }
            } / Double(batch)
        }
        guard drawn > 0 else { throw BenchFailure("no cells were drawn") }
        let decodeOnly = try (0..<Bench.minimumRuns).map { _ in
            try ProcessCPU.seconds { for _ in 0..<batch { _ = try decoder.decode(jpeg, for: request) } } / Double(batch)
        }
        let baseline = try chafaCPU(jpeg, cells: cells)
        Bench.figure(
            "images", name, unit: "cpu_us_per_image", ours: Bench.Samples(cpu).scaled(1e6),
            baseline: baseline.map { .init(name: "chafa_command_minus_its_start", samples: $0.scaled(1e6)) },
            better: .lower, decimals: 1,
            details: [
                "source_px": "\(pixels.width)x\(pixels.height)", "cells": "\(cells.width)x\(cells.height)",
                "jpeg_bytes": jpeg.count, "symbols": "block+border+space-wide-inverted", "colors": 256,
                "path": "decode+resize+chafa_cells",
                "of_which_decode_resize_cpu_us": Bench.Samples(decodeOnly).scaled(1e6).text(1),
            ])
    }

    /// `chafa` on the file, minus `chafa --version`, in CPU seconds per run: interleaved
    /// batches, one value per batch.
    static func chafaCPU(_ jpeg: Data, cells: Size) throws -> Bench.Samples? {
        guard let chafa = ExternalTool.find("chafa", installedBy: "chafa", area: "images") else { return nil }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("endless-bench-\(getpid())-chafa.jpg")
        try jpeg.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let draw = [
            chafa.path, "--format", "symbols", "--size", "\(cells.width)x\(cells.height)", "--stretch",
            "--symbols", "block+border+space-wide-inverted", "--colors", "256", "--animate", "off", file.path,
        ]
        let start = [chafa.path, "--version"]
        let runs = 10
        try Spawn.run(draw)
        var values: [Double] = []
        for _ in 0..<7 {
            var drawing = 0.0
            var starting = 0.0
            for _ in 0..<runs {
                drawing += try Spawn.run(draw).cpuSeconds
                starting += try Spawn.run(start).cpuSeconds
            }
            values.append(max(0, drawing - starting) / Double(runs))
        }
        return Bench.Samples(values)
    }

    // MARK: - Pipeline figures

    static func dctFigure(_ jpeg: Data, _ request: ImageRequest) throws {
        let scaled = ImageDecoder()
        let full = ImageDecoder(usesDCTScaling: false)
        let batch = 20
        let times = try Bench.interleaved(
            runs: 7,
            ours: { try ProcessCPU.seconds { for _ in 0..<batch { _ = try scaled.decode(jpeg, for: request) } } / Double(batch) },
            baseline: { try ProcessCPU.seconds { for _ in 0..<batch { _ = try full.decode(jpeg, for: request) } } / Double(batch) })
        Bench.figure(
            "images", "dct_scaling", unit: "cpu_us_per_image", ours: times.ours.scaled(1e6),
            baseline: .init(name: "full_decode_then_the_same_resize", samples: times.baseline.scaled(1e6)), better: .lower,
            decimals: 1, details: ["source_px": "512x512", "target_px": "48x48", "scale": "1/8"])
    }

    static func memoryHitFigure(_ jpeg: Data, _ request: ImageRequest) async throws {
        let pipeline = ImagePipeline(configuration: .init(dataLoader: CountingLoader(data: jpeg), diskCache: nil))
        _ = try await pipeline.image(for: request)
        let lookups = 100_000
        var misses = 0
        let hits = Bench.time(runs: 7) {
            for _ in 0..<lookups where pipeline.cachedImage(for: request) == nil { misses += 1 }
        }.scaled(1 / Double(lookups))
        guard misses == 0 else { throw BenchFailure("memory cache lookups missed \(misses) times") }
        let decoder = ImageDecoder()
        let decodes = try Bench.time(runs: 7) { for _ in 0..<20 { _ = try decoder.decode(jpeg, for: request) } }.scaled(1.0 / 20)
        Bench.figure(
            "images", "memory_hit", unit: "us", ours: hits.scaled(1e6),
            baseline: .init(name: "decoding_the_bytes_again", samples: decodes.scaled(1e6)), better: .lower, decimals: 3,
            details: ["source_px": "512x512", "target_px": "48x48"])
    }

    static func coalescingFigure(_ jpeg: Data, _ request: ImageRequest) async throws {
        var downloads: [Double] = []
        let ours = try await Bench.time(runs: 7) {
            let loader = CountingLoader(data: jpeg)
            let pipeline = ImagePipeline(configuration: .init(dataLoader: loader, diskCache: nil))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<100 { group.addTask { _ = try await pipeline.image(for: request) } }
                try await group.waitForAll()
            }
            downloads.append(Double(loader.calls))
        }
        let baseline = try await Bench.time(runs: 7) {
            let loader = CountingLoader(data: jpeg)
            let decoder = ImageDecoder()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<100 {
                    group.addTask { _ = try decoder.decode(try await loader.data(for: request.url), for: request) }
                }
                try await group.waitForAll()
            }
        }
        Bench.figure(
            "images", "coalescing", unit: "ms", ours: ours.scaled(1000),
            baseline: .init(name: "100_loads_and_decodes_without_the_pipeline", samples: baseline.scaled(1000)), better: .lower,
            decimals: 2,
            details: ["requests": 100, "same_url": "yes", "pipeline_downloads": Bench.Samples(downloads).text(0), "baseline_downloads": 100])
    }

    /// A photo-like test image: smooth colour gradients with a soft highlight, plus seeded
    /// noise (film grain), so the encoder has real high-frequency content to chew on.
    static func photoJPEG(width: Int, height: Int, quality: Int) throws -> Data {
        let side = max(width, height)
        var random: UInt64 = 0x9E37_79B9_7F4A_7C15
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                // xorshift64: deterministic noise, the same file on every run.
                random ^= random << 13
                random ^= random >> 7
                random ^= random << 17
                let noise = Double(Int(random % 41) - 20)
                let dx = Double(x - side / 3)
                let dy = Double(y - side / 3)
                let highlight = 90 * exp(-(dx * dx + dy * dy) / Double(side * side / 8))
                let offset = (y * width + x) * 4
                let channels = [
                    40 + 150 * Double(x) / Double(side) + highlight,
                    60 + 120 * Double(y) / Double(side) + highlight * 0.8,
                    140 - 80 * Double(x + y) / Double(2 * side) + highlight * 0.5,
                ]
                for (index, value) in channels.enumerated() {
                    pixels[offset + index] = UInt8(max(0, min(255, value + noise)))
                }
            }
        }
        guard let handle = tjInitCompress() else { throw BenchError("tjInitCompress failed") }
        defer { tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = pixels.withUnsafeBufferPointer { source in
            tjCompress2(
                handle, source.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGBA.rawValue),
                &buffer, &size, Int32(TJSAMP_420.rawValue), Int32(quality), 0)
        }
        guard status == 0, let buffer else { throw BenchError("tjCompress2 failed") }
        defer { tjFree(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }
}

/// A loader that serves one fixed JPEG from memory and counts its calls.
private final class CountingLoader: ImageDataLoading {
    private let data: Data
    private let count = Mutex(0)

    init(data: Data) { self.data = data }

    var calls: Int { count.withLock { $0 } }

    func data(for url: URL) async throws -> Data {
        count.withLock { $0 += 1 }
        // Give the other requests a moment to arrive, as a network would.
        for _ in 0..<10 { await Task.yield() }
        return data
    }
}

private struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
