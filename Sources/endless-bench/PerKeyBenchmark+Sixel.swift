import EndlessTerminal
import Foundation

/// `perkey held_j_photos_key_to_output_ms`: holding `j` at 30 a second for 20 s on the photos
/// feed in a terminal that answers as a sixel terminal (10 × 20-pixel cells), each key's time to
/// the app's first output after it, against the same photos in a terminal without graphics
/// (chafa's symbols), the cheapest way the app draws them, in the same run.
///
/// A sixel photo takes chafa 10 to 40 ms to make (its palette sorts the photo's colours), so
/// a frame that waited for it missed the next key's 33 ms: the app makes them off the main
/// thread and shows the photo in half blocks meanwhile. This figure is what a person holding
/// `j` in foot or xterm gets from that; the bytes a key (each photo moved into the selection is
/// scrolled with the text, not sent again) and the keys with no output before the next one
/// are beside it.
extension PerKeyBenchmark {
    /// One held `j` on photos: each window's median time from a key to the first output, the
    /// keys with none before the next key, bytes and CPU a key.
    struct HeldOutput {
        var medianLags: [Double] = []
        var lags: [Double] = []
        var late = 0
        var keys = 0
        var bytes = 0
        var cpuSeconds = 0.0

        func percentile(_ fraction: Double) -> Double { lags.isEmpty ? .nan : Bench.Samples(lags).percentile(fraction) }
    }

    static func sixelPhotos(_ binary: String, cache: URL) throws {
        let sixel = try heldOnPhotos(binary, graphics: .sixel, cache: cache.appendingPathComponent("sixel"))
        let symbols = try heldOnPhotos(binary, graphics: .none, cache: cache.appendingPathComponent("symbols"))
        Bench.figure(
            "perkey", "held_j_photos_key_to_output_ms", unit: "ms_median_per_window", ours: Bench.Samples(sixel.medianLags),
            baseline: .init(name: "the_same_photos_in_symbols_on_a_terminal_without_graphics", samples: Bench.Samples(symbols.medianLags)),
            better: .lower, decimals: 2,
            details: ["feed": "photos", "terminal": "sixel_10x20_pixel_cells", "rate_per_s": 30, "seconds": 20, "keys": sixel.keys],
            more: [
                ("p95_ms", Bench.fixed(sixel.percentile(0.95), 2)), ("symbols_p95_ms", Bench.fixed(symbols.percentile(0.95), 2)),
                ("keys_without_output_within_33_ms", "\(sixel.late)"), ("symbols_keys_without_output_within_33_ms", "\(symbols.late)"),
                ("kb_per_key", Bench.fixed(Double(sixel.bytes) / 1024 / Double(max(1, sixel.keys)), 1)),
                ("symbols_kb_per_key", Bench.fixed(Double(symbols.bytes) / 1024 / Double(max(1, symbols.keys)), 1)),
                ("cpu_ms_per_key", Bench.fixed(sixel.cpuSeconds * 1000 / Double(max(1, sixel.keys)), 3)),
                ("symbols_cpu_ms_per_key", Bench.fixed(symbols.cpuSeconds * 1000 / Double(max(1, symbols.keys)), 3)),
            ])
    }

    /// Opens photos on a terminal answering `graphics` and holds `j` at 30 a second for 20 s,
    /// in five windows of 4 s.
    static func heldOnPhotos(_ binary: String, graphics: PseudoTerminalApp.Graphics, cache: URL) throws -> HeldOutput {
        let app = try PseudoTerminalApp(
            binary: binary, arguments: ["photos", "--seed", AppBenchmark.seed], size: AppBenchmark.size,
            environment: ["XDG_CACHE_HOME": cache.path], graphics: graphics)
        defer { app.quit() }
        guard app.pump(until: { $0.text.contains("▌") }, timeout: .seconds(30)) else {
            throw PseudoTerminalApp.Failure(description: "no photos within 30 s:\n\(app.text)")
        }
        app.settle(quiet: .milliseconds(300), timeout: .seconds(10))
        app.timing = true
        let rate = 30.0
        let windows = Bench.minimumRuns
        let keysPerWindow = 4 * Int(rate)
        var result = HeldOutput()
        let bytesBefore = app.bytesRead
        let cpuBefore = app.cpuTime()
        let start = ContinuousClock.now
        for window in 0..<windows {
            var lags: [Double] = []
            for index in 0..<keysPerWindow {
                let key = window * keysPerWindow + index
                let sent = ContinuousClock.now
                app.send("j")
                let next = start + .milliseconds(Int(Double(key + 1) * 1000 / rate))
                var answered = false
                while ContinuousClock.now < next {
                    let left = next - ContinuousClock.now
                    guard app.pump(waitingUpTo: min(left, .milliseconds(5))) else { continue }
                    if !answered, let output = app.lastOutputAt, output > sent {
                        answered = true
                        let lag = Bench.seconds(output - sent) * 1000
                        lags.append(lag)
                        if lag > 1000 / rate { result.late += 1 }
                    }
                }
                if !answered { result.late += 1 }
                result.keys += 1
            }
            result.lags += lags
            result.medianLags.append(lags.isEmpty ? .nan : Bench.Samples(lags).median)
        }
        result.bytes = app.bytesRead - bytesBefore
        result.cpuSeconds = app.cpuTime() - cpuBefore
        app.timing = false
        return result
    }
}
