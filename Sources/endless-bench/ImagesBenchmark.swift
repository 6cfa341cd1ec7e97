import CTurboJPEG
import EndlessImages
import Foundation
import Synchronization

/// Figures for the image pipeline (issue 5):
///
/// - `images thumb=48 source=512 dct_ms=… full_decode_resize_ms=… ratio=… djpeg_ms=…`: one
///   512×512 photo-like JPEG turned into a 48×48 thumbnail, by our path (DCT-scaled decode to
///   1/8, then area-averaging resize), by a full decode plus the same resize, and by
///   `djpeg -scale 1/8` (libjpeg-turbo's own tool) as the near-limit baseline for the decode.
/// - `images memory_hit_us=…`: one synchronous memory-cache lookup.
/// - `images concurrent=100 same_url downloads=…`: 100 concurrent requests for one URL
///   through the pipeline, with a counting in-memory loader.
enum ImagesBenchmark {
    static func run() async throws {
        let jpeg = try photoJPEG(side: 512, quality: 85)
        let request = ImageRequest(
            url: URL(fileURLWithPath: "/bench/photo.jpg"), targetSize: PixelSize(width: 48, height: 48))
        try decodeFigures(jpeg, request)
        try await memoryHitFigure(jpeg, request)
        try await coalescingFigure(jpeg, request)
    }

    private static func decodeFigures(_ jpeg: Data, _ request: ImageRequest) throws {
        let scaled = ImageDecoder()
        let full = ImageDecoder(usesDCTScaling: false)
        let batch = 20
        let dct = try Bench.median(repetitions: 15) {
            for _ in 0..<batch { _ = try scaled.decode(jpeg, for: request) }
        } / Double(batch)
        let fullResize = try Bench.median(repetitions: 15) {
            for _ in 0..<batch { _ = try full.decode(jpeg, for: request) }
        } / Double(batch)
        let djpeg = try djpegSeconds(jpeg)
        Bench.report(
            "images",
            [
                "thumb": 48, "source": 512, "dct_ms": Bench.fixed(dct * 1000, 3),
                "full_decode_resize_ms": Bench.fixed(fullResize * 1000, 3),
                "ratio": Bench.fixed(fullResize / dct, 1), "djpeg_ms": Bench.fixed(djpeg * 1000, 3),
            ])
    }

    private static func memoryHitFigure(_ jpeg: Data, _ request: ImageRequest) async throws {
        let pipeline = ImagePipeline(
            configuration: .init(dataLoader: CountingLoader(data: jpeg), diskCache: nil))
        _ = try await pipeline.image(for: request)
        let lookups = 100_000
        var misses = 0
        let seconds = Bench.median {
            for _ in 0..<lookups where pipeline.cachedImage(for: request) == nil { misses += 1 }
        }
        guard misses == 0 else { throw BenchError("memory cache lookups missed \(misses) times") }
        Bench.report("images", ["memory_hit_us": Bench.fixed(seconds / Double(lookups) * 1e6, 3)])
    }

    private static func coalescingFigure(_ jpeg: Data, _ request: ImageRequest) async throws {
        let loader = CountingLoader(data: jpeg)
        let pipeline = ImagePipeline(configuration: .init(dataLoader: loader, diskCache: nil))
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<100 { group.addTask { _ = try await pipeline.image(for: request) } }
            try await group.waitForAll()
        }
        let elapsed = Bench.seconds(ContinuousClock.now - start)
        let metrics = pipeline.metrics
        // A bare word in the figure's name: `Bench.report` prints only key=value pairs.
        Bench.report(
            "images concurrent=100 same_url",
            [
                "downloads": loader.calls, "decodes": metrics.decodes,
                "coalesced": metrics.coalescedRequests, "memory_hits": metrics.memoryHits,
                "total_ms": Bench.fixed(elapsed * 1000, 2),
            ])
    }

    /// `djpeg -scale 1/8` on the same file, as a separate process: the mean over many runs,
    /// minus the mean of spawning `/bin/true` the same way, so what remains is djpeg's own
    /// work (loading, decoding at 1/8 and writing a 64×64 PPM to /dev/null), not the cost of
    /// starting a process. Batches are interleaved and the median batch is taken, so a noisy
    /// moment on the shared machine hits both sides alike.
    private static func djpegSeconds(_ jpeg: Data) throws -> Double {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("endless-bench-\(getpid()).jpg")
        try jpeg.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let djpeg = ["/usr/bin/djpeg", "-scale", "1/8", "-outfile", "/dev/null", file.path]
        let trivial = ["/bin/true"]
        let runs = 40
        var differences: [Double] = []
        for _ in 0..<7 {
            let decode = try timeSpawns(djpeg, runs: runs)
            let spawn = try timeSpawns(trivial, runs: runs)
            differences.append(decode - spawn)
        }
        return differences.sorted()[differences.count / 2]
    }

    /// The mean wall time of running `arguments` to completion, `runs` times.
    private static func timeSpawns(_ arguments: [String], runs: Int) throws -> Double {
        let start = ContinuousClock.now
        for _ in 0..<runs { try spawnAndWait(arguments) }
        return Bench.seconds(ContinuousClock.now - start) / Double(runs)
    }

    /// posix_spawn + waitpid: the cheapest way to run a process, so its cost is small and
    /// steady next to djpeg's.
    private static func spawnAndWait(_ arguments: [String]) throws {
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], nil, nil, &argv, environ)
        guard status == 0 else { throw BenchError("cannot run \(arguments[0]): error \(status)") }
        var exitStatus: Int32 = 0
        while waitpid(pid, &exitStatus, 0) < 0 && errno == EINTR {}
        guard exitStatus == 0 else { throw BenchError("\(arguments[0]) exited with status \(exitStatus)") }
    }

    /// A photo-like test image: smooth colour gradients with a soft highlight, plus seeded
    /// noise (film grain), so the encoder has real high-frequency content to chew on.
    private static func photoJPEG(side: Int, quality: Int) throws -> Data {
        var random: UInt64 = 0x9E37_79B9_7F4A_7C15
        var pixels = [UInt8](repeating: 255, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                // xorshift64: deterministic noise, the same file on every run.
                random ^= random << 13
                random ^= random >> 7
                random ^= random << 17
                let noise = Double(Int(random % 41) - 20)
                let dx = Double(x - side / 3)
                let dy = Double(y - side / 3)
                let highlight = 90 * exp(-(dx * dx + dy * dy) / Double(side * side / 8))
                let offset = (y * side + x) * 4
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
                handle, source.baseAddress, Int32(side), 0, Int32(side), Int32(TJPF_RGBA.rawValue),
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
        // Give the other 99 requests a moment to arrive, as a network would.
        for _ in 0..<10 { await Task.yield() }
        return data
    }
}

private struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
