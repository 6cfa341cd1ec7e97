import EndlessTerminal
import Foundation
import Glibc

/// Figures for the app (issue 7), measured on the real binary on a pseudo-terminal:
/// - `app launch_to_rows_ms`: from starting `endless` to the first people on screen, with
///   `endless --help` (start a process, print, exit) as the baseline of the same run;
/// - `app held_j`: the share of time the "loading more" row is on screen while j is held at a
///   key-repeat pace, against a simulator with 300 ms latency (and with none, as baseline);
/// - `app scrolled=10000`: resident memory after scrolling through 10,000 people with
///   avatars, with the default memory bound and unbounded;
/// - `app cpu_per_key_ms`: the CPU one j costs early in a session (keys 1-10) and late (keys
///   1991-2000), which must not grow with the session;
/// - `app held_j_cpu_pct`: the CPU of holding j at 30 presses a second, as a share of one core.
enum AppBenchmark {
    static func run() async throws {
        guard let binary = locateBinary() else {
            FileHandle.standardError.write(Data("endless-bench app: the endless binary is not beside endless-bench; build it (make bench does)\n".utf8))
            Bench.report("app", ["launch_to_rows_ms": "unavailable"])
            return
        }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("endless-bench-cache-\(getpid())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = ["XDG_CACHE_HOME": cache.path]
        try cpuPerKey(binary, environment: environment)
        try heldKeyCPU(binary, environment: environment)
        try launch(binary, environment: environment)
        try heldKey(binary, latency: "1000ms", environment: environment)
        try heldKey(binary, latency: "300ms", environment: environment)
        try heldKey(binary, latency: nil, environment: environment)
        try scrollMemory(binary, maxLoaded: nil, environment: environment)
        try scrollMemory(binary, maxLoaded: "0", environment: environment)
    }

    static func locateBinary() -> String? {
        let candidate = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("endless").path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }

    /// Whether people rows are on screen (the header counts them and a row shows its place).
    static func showsRows(_ app: PseudoTerminalApp) -> Bool {
        (app.people ?? 0) > 0 && app.text.contains(" · ")
    }

    static func launch(_ binary: String, environment: [String: String]) throws {
        var launches: [Double] = []
        for _ in 0..<7 {
            let start = ContinuousClock.now
            let app = try PseudoTerminalApp(binary: binary, arguments: [], environment: environment)
            guard app.pump(until: showsRows, timeout: .seconds(20)) else {
                throw PseudoTerminalApp.Failure(description: "no rows within 20 s:\n\(app.text)")
            }
            launches.append(Bench.seconds(ContinuousClock.now - start) * 1000)
            app.quit()
        }
        let help = try Bench.median {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["--help"]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        } * 1000
        let launch = launches.sorted()[launches.count / 2]
        Bench.report("app", [
            "launch_to_rows_ms": Bench.fixed(launch, 1), "process_start_ms": Bench.fixed(help, 1),
            "ratio": Bench.fixed(launch / help, 1),
        ])
    }

    /// Holds j at 30 presses a second for 10 s and samples the screen every 2 ms.
    static func heldKey(_ binary: String, latency: String?, environment: [String: String]) throws {
        let arguments = latency.map { ["--latency", $0] } ?? []
        let app = try PseudoTerminalApp(binary: binary, arguments: arguments, environment: environment)
        defer { app.quit() }
        guard app.pump(until: showsRows, timeout: .seconds(20)) else {
            throw PseudoTerminalApp.Failure(description: "no rows within 20 s:\n\(app.text)")
        }
        let rate = 30.0
        let duration: Duration = .seconds(10)
        let start = ContinuousClock.now
        var presses = 0
        var samples = 0
        var exposed = 0
        while ContinuousClock.now - start < duration {
            let due = Int(Bench.seconds(ContinuousClock.now - start) * rate)
            while presses < due {
                app.send("j")
                presses += 1
            }
            app.pump(waitingUpTo: .milliseconds(2))
            samples += 1
            let text = app.text
            if text.contains("loading more") { exposed += 1 }
        }
        Bench.report("app", [
            "held_j_rows_per_s": Int(rate), "latency_ms": latency.map { String($0.dropLast(2)) } ?? "0",
            "seconds": Int(Bench.seconds(duration)), "exposure_pct": Bench.fixed(Double(exposed) / Double(samples) * 100, 2),
            "people_loaded": app.people ?? 0,
        ])
    }

    /// Scrolls to 10,000 people with G (each press selects the last person loaded, which
    /// loads the next page) and reads the process's memory.
    static func scrollMemory(_ binary: String, maxLoaded: String?, environment: [String: String]) throws {
        let arguments = maxLoaded.map { ["--max-loaded", $0] } ?? []
        let app = try PseudoTerminalApp(binary: binary, arguments: arguments, environment: environment)
        defer { app.quit() }
        guard app.pump(until: showsRows, timeout: .seconds(20)) else {
            throw PseudoTerminalApp.Failure(description: "no rows within 20 s:\n\(app.text)")
        }
        let startMemory = app.memory()
        let start = ContinuousClock.now
        var seen = app.people ?? 0
        while seen < 10_000 {
            app.send("G")
            guard app.pump(until: { ($0.people ?? 0) > seen }, timeout: .seconds(20)) else {
                throw PseudoTerminalApp.Failure(description: "scrolling stopped at \(seen) people:\n\(app.text)")
            }
            seen = app.people ?? seen
        }
        // Let the avatars of the last screen arrive, as a person would see them.
        _ = app.pump(until: { _ in false }, timeout: .milliseconds(500))
        let memory = app.memory()
        Bench.report("app", [
            "scrolled": seen, "max_loaded": maxLoaded == "0" ? "unbounded" : "1000",
            "seconds": Bench.fixed(Bench.seconds(ContinuousClock.now - start), 1),
            "start_rss_mb": Bench.fixed(startMemory.resident, 1), "rss_mb": Bench.fixed(memory.resident, 1),
            "peak_rss_mb": Bench.fixed(memory.peak, 1),
        ])
    }

    /// Presses j 2,000 times at 50 a second on a 100×40 terminal without pictures, and measures
    /// the CPU of keys 1-10 and of keys 1991-2000.
    static func cpuPerKey(_ binary: String, environment: [String: String]) throws {
        let app = try PseudoTerminalApp(
            binary: binary, arguments: ["--no-images"], size: Size(width: 100, height: 40), environment: environment)
        defer { app.quit() }
        guard app.pump(until: showsRows, timeout: .seconds(20)) else {
            throw PseudoTerminalApp.Failure(description: "no rows within 20 s:\n\(app.text)")
        }
        _ = app.pump(until: { _ in false }, timeout: .milliseconds(300))
        var windows: [Int: Double] = [:]
        var windowStart = 0.0
        for press in 1...2000 {
            if press == 1 || press == 1991 { windowStart = app.cpuTime() }
            app.send("j")
            _ = app.pump(until: { _ in false }, timeout: .milliseconds(20))
            if press == 10 || press == 2000 { windows[press] = (app.cpuTime() - windowStart) / 10 * 1000 }
        }
        let early = windows[10] ?? .nan, late = windows[2000] ?? .nan
        Bench.report("app", [
            "cpu_per_key_ms_at_key_10": Bench.fixed(early, 3), "cpu_per_key_ms_at_key_2000": Bench.fixed(late, 3),
            "ratio": Bench.fixed(late / early, 2), "baseline": "the same session's first 10 keys",
        ])
    }

    /// Holds j at 30 presses a second for 20 s without pictures: the process's CPU over the
    /// wall time, as a share of one core.
    static func heldKeyCPU(_ binary: String, environment: [String: String]) throws {
        let app = try PseudoTerminalApp(
            binary: binary, arguments: ["--no-images"], size: Size(width: 100, height: 40), environment: environment)
        defer { app.quit() }
        guard app.pump(until: showsRows, timeout: .seconds(20)) else {
            throw PseudoTerminalApp.Failure(description: "no rows within 20 s:\n\(app.text)")
        }
        let rate = 30.0
        let duration: Duration = .seconds(20)
        let startCPU = app.cpuTime()
        let start = ContinuousClock.now
        var presses = 0
        while ContinuousClock.now - start < duration {
            let due = Int(Bench.seconds(ContinuousClock.now - start) * rate)
            while presses < due {
                app.send("j")
                presses += 1
            }
            _ = app.pump(waitingUpTo: Duration.milliseconds(5))
        }
        let cpu = app.cpuTime() - startCPU
        Bench.report("app", [
            "held_j_rows_per_s": Int(rate), "seconds": Int(Bench.seconds(duration)),
            "held_j_cpu_pct": Bench.fixed(cpu / Bench.seconds(ContinuousClock.now - start) * 100, 1),
            "cpu_ms_per_key": Bench.fixed(cpu / Double(presses) * 1000, 3), "goal_pct": 15,
        ])
    }
}
