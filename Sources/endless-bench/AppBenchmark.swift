import EndlessSimulator
import EndlessTerminal
import Foundation
import Glibc
import RandomUserAPI

/// Figures for the app, measured on the real binary on a pseudo-terminal (100×30 unless
/// said), each against its baseline in the same run:
/// - `app launch`: from starting `endless` to the first people on screen, against
///   `endless fetch -n 20` (the same process start, embedded simulator and first page,
///   printed as a table instead of browsed);
/// - `app held_j latency=0|300`: holding `j` for 60 s at a key-repeat pace of 30 a second, with
///   pictures, against a 0 ms and a 300 ms simulator: the CPU each key costs and the input lag
///   (from writing the key to the frame showing the move), against `less` scrolling a text
///   list of the same people at the same pace on the same terminal;
/// - `app scrolled=10000`: resident memory after moving through 10,000 people row by row with
///   pictures (each `j` waits for the frame that shows it), with the default bound on loaded
///   people, against keeping everything (`--max-loaded 0`);
/// - `app cpu_per_key_at_key_2000` (issue 10): the CPU of a key late in a session (keys
///   1901–2000), against early in the same session (keys 1–100), without pictures, at 50 a second;
/// - `app held_j_cpu_pct` (issue 10): the CPU of holding `j` for 20 s without pictures, as a
///   share of one core, against `less` doing the same.
///
/// The app runs with `--seed bench`, so the bench knows every person it will show, in order,
/// and reads the selected person off the screen to know which key a frame answers.
enum AppBenchmark {
    static let seed = "bench"
    static let size = Size(width: 100, height: 30)

    static func run() async throws {
        guard let binary = locateBinary() else {
            Bench.warn("app", AppBenchmark.noBinary)
            return
        }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("endless-bench-cache-\(getpid())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let environment = ["XDG_CACHE_HOME": cache.path]
        let people = try SeededPeople(count: 12_000)
        let pager = try LessBaseline(people: people)
        defer { pager.remove() }

        try launch(binary, environment: environment)
        // Each session below starts at the top of the list, as a first launch does: a cache of
        // its own, or it would reopen where the one before left it.
        var sessions = 0
        func freshCache() -> [String: String] {
            sessions += 1
            return ["XDG_CACHE_HOME": cache.appendingPathComponent("session-\(sessions)").path]
        }
        for latency in [0, 300] {
            try heldKey(binary, latency: latency, people: people, pager: pager, environment: freshCache())
        }
        try cpuPerKey(binary, people: people, environment: freshCache())
        try heldKeyCPU(binary, pager: pager, environment: freshCache())
        try scrollMemory(binary, people: people, environment: freshCache())
    }

    /// What an area says when ``locateBinary()`` finds no `endless`.
    static let noBinary = "no endless to measure: ENDLESS_BENCH_BINARY names no executable, nor is one beside endless-bench (make bench names one)"

    /// The `endless` measured: the one `ENDLESS_BENCH_BINARY` names (`make bench` names the
    /// release build `make run` starts, whose Swift runtime is linked in, which this bench's
    /// own build cannot have), else the one beside this program.
    static func locateBinary() -> String? {
        let candidate =
            ProcessInfo.processInfo.environment["ENDLESS_BENCH_BINARY"]
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("endless").path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }

    /// Whether people rows are on screen (the header counts them and a row shows its place).
    static func showsRows(_ app: PseudoTerminalApp) -> Bool {
        (app.people ?? 0) > 0 && app.text.contains(" · ")
    }

    static func start(
        _ binary: String, _ arguments: [String], size: Size = size, environment: [String: String]
    ) throws -> PseudoTerminalApp {
        let app = try PseudoTerminalApp(binary: binary, arguments: arguments, size: size, environment: environment)
        guard app.pump(until: showsRows, timeout: .seconds(30)) else {
            throw PseudoTerminalApp.Failure(description: "no rows within 30 s:\n\(app.text)")
        }
        return app
    }

    // MARK: - Launch

    static func launch(_ binary: String, environment: [String: String]) throws {
        let times = try Bench.interleaved(
            runs: 7,
            ours: {
                let app = try start(binary, [], environment: environment)
                let seconds = app.secondsToLastOutput
                app.quit()
                return seconds
            },
            baseline: { try Spawn.run([binary, "fetch", "-n", "20"], environment: environment).wallSeconds })
        Bench.figure(
            "app", "launch", unit: "ms_to_first_rows", ours: times.ours.scaled(1000),
            baseline: .init(name: "endless_fetch_-n_20", samples: times.baseline.scaled(1000)), better: .lower, decimals: 1,
            details: ["terminal": "\(size.width)x\(size.height)", "simulator": "embedded"])
    }

    // MARK: - Holding j

    /// One held-key session: lags of every key, CPU per key, in five windows.
    struct HeldKeyResult {
        var lagMilliseconds: [[Double]] = []
        var cpuPerKeyMilliseconds: [Double] = []
        var cpuPercent: [Double] = []
        var unanswered = 0
        var keys = 0
        var framesPerSecond = 0.0
        /// The position the screen showed last (where a following hold starts from).
        var lastPosition = 0
        /// Times a thread of the program went to sleep waiting, per key (see
        /// `PseudoTerminalApp.threadWaits()`).
        var threadWaitsPerKey = 0.0
        /// The CPU per key, in milliseconds, of the embedded simulator's threads (named `sim-`)
        /// in each window: part of ``cpuPerKeyMilliseconds``, the service's work rather than
        /// the app's. Zeros for a program without them.
        var simulatorCPUPerKeyMilliseconds: [Double] = []
        /// ``cpuPerKeyMilliseconds`` without the embedded simulator's share: the app alone.
        var appCPUPerKeyMilliseconds: [Double] { zip(cpuPerKeyMilliseconds, simulatorCPUPerKeyMilliseconds).map { $0 - $1 } }

        var windowMedianLags: Bench.Samples { Bench.Samples(lagMilliseconds.map { Bench.Samples($0.isEmpty ? [.nan] : $0).median }) }
        var allLags: [Double] { lagMilliseconds.flatMap { $0 }.sorted() }

        func percentile(_ fraction: Double) -> Double { allLags.isEmpty ? .nan : Bench.Samples(allLags).percentile(fraction) }
    }

    /// Presses `j` at `rate` a second for `seconds` and matches each frame to the keys it
    /// answers: `position` reads the index of what the screen shows as current (the selected
    /// person, or the pager's top line), so a frame that answers several keys answers each.
    static func holdKey(
        _ app: PseudoTerminalApp, rate: Double, seconds: Int, windows: Int = Bench.minimumRuns, startingNear: Int = 0,
        position: (PseudoTerminalApp, Int) -> Int?
    ) -> HeldKeyResult {
        var result = HeldKeyResult()
        var sent: [ContinuousClock.Instant] = []
        var shown = position(app, startingNear) ?? startingNear
        let origin = shown
        let start = ContinuousClock.now
        let windowLength = Double(seconds) / Double(windows)
        var window = 0
        var windowLags: [Double] = []
        var windowCPU = app.cpuTime()
        var windowKeys = 0
        var windowStart = start
        let firstFrame = app.terminal.screen.synchronizedUpdates
        let waitsBefore = app.threadWaits()
        var windowSimulatorCPU = app.cpuTime(ofThreadsNamed: "sim-")
        while window < windows {
            let elapsed = Bench.seconds(ContinuousClock.now - start)
            let due = Int(elapsed * rate)
            while sent.count < due {
                app.send("j")
                sent.append(ContinuousClock.now)
                windowKeys += 1
            }
            app.pump(waitingUpTo: .milliseconds(1))
            let now = ContinuousClock.now
            if let current = position(app, shown), current > shown {
                for key in (shown - origin)..<min(current - origin, sent.count) {
                    windowLags.append(Bench.seconds(now - sent[key]) * 1000)
                }
                shown = current
            }
            if elapsed >= windowLength * Double(window + 1) {
                let cpu = app.cpuTime()
                result.lagMilliseconds.append(windowLags)
                result.cpuPerKeyMilliseconds.append((cpu - windowCPU) / Double(max(1, windowKeys)) * 1000)
                result.cpuPercent.append((cpu - windowCPU) / Bench.seconds(now - windowStart) * 100)
                let simulatorCPU = app.cpuTime(ofThreadsNamed: "sim-")
                result.simulatorCPUPerKeyMilliseconds.append((simulatorCPU - windowSimulatorCPU) / Double(max(1, windowKeys)) * 1000)
                windowSimulatorCPU = simulatorCPU
                windowLags = []
                windowCPU = cpu
                windowKeys = 0
                windowStart = now
                window += 1
            }
        }
        result.keys = sent.count
        result.threadWaitsPerKey = Double(app.threadWaits() - waitsBefore) / Double(max(1, sent.count))
        result.unanswered = sent.count - (shown - origin)
        result.lastPosition = shown
        result.framesPerSecond = Double(app.terminal.screen.synchronizedUpdates - firstFrame) / Bench.seconds(ContinuousClock.now - start)
        return result
    }

    static func heldKey(
        _ binary: String, latency: Int, people: SeededPeople, pager: LessBaseline, environment: [String: String]
    ) throws {
        var arguments = ["--seed", seed]
        if latency > 0 { arguments += ["--latency", "\(latency)ms"] }
        let app = try start(binary, arguments, environment: environment)
        _ = app.pump(until: { _ in false }, timeout: .milliseconds(500))
        let ours = holdKey(app, rate: 30, seconds: 60) { people.selectedIndex(on: $0, from: $1) }
        app.quit()
        let less = try pager.open()
        let theirs = holdKey(less, rate: 30, seconds: 60) { pager.topIndex(on: $0, from: $1) }
        less.quit()
        let details: [(String, String)] = [
            ("pictures", "yes"), ("rate_per_s", "30"), ("seconds", "60"),
            ("p99_lag_ms", Bench.fixed(ours.percentile(0.99), 1)), ("less_p99_lag_ms", Bench.fixed(theirs.percentile(0.99), 1)),
            ("keys", "\(ours.keys)"), ("unanswered_keys", "\(ours.unanswered)"),
            ("frames_per_s", Bench.fixed(ours.framesPerSecond, 1)),
            ("cpu_ms_per_key", Bench.Samples(ours.cpuPerKeyMilliseconds).text(3)),
            ("less_cpu_ms_per_key", Bench.Samples(theirs.cpuPerKeyMilliseconds).text(3)),
        ]
        Bench.figure(
            "app", "held_j_input_lag", unit: "median_lag_ms", ours: ours.windowMedianLags,
            baseline: .init(name: "less_on_the_same_people_as_text", samples: theirs.windowMedianLags), better: .lower,
            decimals: 2, details: ["latency_ms": latency], more: details)
        Bench.figure(
            "app", "held_j_cpu_per_key", unit: "cpu_ms_per_key", ours: Bench.Samples(ours.cpuPerKeyMilliseconds),
            baseline: .init(name: "less_on_the_same_people_as_text", samples: Bench.Samples(theirs.cpuPerKeyMilliseconds)),
            better: .lower, decimals: 3,
            details: ["latency_ms": latency, "pictures": "yes", "rate_per_s": 30, "seconds": 60])
    }

    // MARK: - Issue 10's figures

    /// Presses j 2,000 times at 50 a second on a 100×40 terminal without pictures, and
    /// measures the CPU of keys 1–100 and 1901–2000, in windows of 20 keys (a page each).
    static func cpuPerKey(_ binary: String, people: SeededPeople, environment: [String: String]) throws {
        let app = try start(
            binary, ["--no-images", "--seed", seed], size: Size(width: 100, height: 40), environment: environment)
        defer { app.quit() }
        _ = app.pump(until: { _ in false }, timeout: .milliseconds(300))
        var early: [Double] = []
        var late: [Double] = []
        var windowStart = 0.0
        // Windows of a page's worth of keys (20 people a page): a window of 10 had a page load
        // in it or not, and read 0.6 or 1.2 ms a key by that alone.
        let window = 20
        for press in 1...2000 {
            let inEarly = press <= 5 * window
            let inLate = press > 2000 - 5 * window
            if (inEarly || inLate) && (press - 1) % window == 0 { windowStart = app.cpuTime() }
            app.send("j")
            _ = app.pump(until: { _ in false }, timeout: .milliseconds(20))
            if (inEarly || inLate) && press % window == 0 {
                let perKey = (app.cpuTime() - windowStart) / Double(window) * 1000
                if inEarly { early.append(perKey) } else { late.append(perKey) }
            }
        }
        Bench.figure(
            "app", "cpu_per_key_ms_at_key_2000", unit: "cpu_ms_per_key", ours: Bench.Samples(late),
            baseline: .init(name: "the_same_session_keys_1-100", samples: Bench.Samples(early)), better: .lower, decimals: 3,
            details: [
                "cpu_per_key_ms_at_key_20": Bench.fixed(early.first ?? .nan, 3), "windows_of_keys": window,
                "rate_per_s": 50, "pictures": "no", "terminal": "100x40",
            ])
    }

    /// Holds j at 30 presses a second for 20 s without pictures: the process's CPU over the
    /// wall time, as a share of one core, against `less` on the same terminal.
    static func heldKeyCPU(_ binary: String, pager: LessBaseline, environment: [String: String]) throws {
        let size = Size(width: 100, height: 40)
        let app = try start(binary, ["--no-images", "--seed", seed], size: size, environment: environment)
        let ours = holdKey(app, rate: 30, seconds: 20) { _, _ in nil }
        app.quit()
        let less = try pager.open(size: size)
        let theirs = holdKey(less, rate: 30, seconds: 20) { _, _ in nil }
        less.quit()
        Bench.figure(
            "app", "held_j_cpu_pct", unit: "pct_of_a_core", ours: Bench.Samples(ours.cpuPercent),
            baseline: .init(name: "less_on_the_same_people_as_text", samples: Bench.Samples(theirs.cpuPercent)),
            better: .lower, decimals: 1,
            details: ["rate_per_s": 30, "seconds": 20, "pictures": "no", "goal_pct": 15, "terminal": "100x40"])
    }

    // MARK: - Memory

    /// Moves through 10,000 people one `j` at a time, each waiting for its frame, then reads
    /// the resident memory; with the default bound, and with none.
    static func scrollMemory(_ binary: String, people: SeededPeople, environment: [String: String]) throws {
        var outcomes: [(maxLoaded: String, resident: Double, peak: Double, seconds: Double)] = []
        for maxLoaded in ["default", "0"] {
            var arguments = ["--seed", seed]
            if maxLoaded != "default" { arguments += ["--max-loaded", maxLoaded] }
            // A cache of its own, or the second session would reopen at row 10,000.
            var ownCache = environment
            ownCache["XDG_CACHE_HOME"] = environment["XDG_CACHE_HOME"].map { $0 + "/max-loaded-\(maxLoaded)" }
            let app = try start(binary, arguments, environment: ownCache)
            defer { app.quit() }
            let began = ContinuousClock.now
            var shown = 0
            while shown < 10_000 {
                app.send("j")
                let target = shown + 1
                guard app.pump(until: { (people.selectedIndex(on: $0, from: shown) ?? 0) >= target }, timeout: .seconds(30)) else {
                    throw PseudoTerminalApp.Failure(description: "scrolling stopped at row \(shown):\n\(app.text)")
                }
                shown = people.selectedIndex(on: app, from: shown) ?? target
            }
            // Let the pictures of the last screen arrive, as a person would see them.
            _ = app.pump(until: { _ in false }, timeout: .milliseconds(500))
            let memory = app.memory()
            outcomes.append((maxLoaded, memory.resident, memory.peak, Bench.seconds(ContinuousClock.now - began)))
        }
        let bounded = outcomes[0]
        let unbounded = outcomes[1]
        Bench.figure(
            "app", "memory_after_10000_rows", unit: "rss_mib", ours: Bench.Samples([bounded.resident]),
            baseline: .init(name: "--max-loaded_0_(everything_kept)", samples: Bench.Samples([unbounded.resident])),
            better: .lower, decimals: 1,
            details: [
                "max_loaded": "\(SeededPeople.maxLoadedDefault(binary))_(the_default)", "pictures": "yes", "moves": "j_row_by_row",
                "peak_rss_mib": Bench.fixed(bounded.peak, 1), "unbounded_peak_rss_mib": Bench.fixed(unbounded.peak, 1),
                "seconds": Bench.fixed(bounded.seconds, 1), "unbounded_seconds": Bench.fixed(unbounded.seconds, 1),
                "why_one_run": "10000_rows_row_by_row_take_minutes_and_memory_is_not_noisy_like_time",
            ])
    }
}
