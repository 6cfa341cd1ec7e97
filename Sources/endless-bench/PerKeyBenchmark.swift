import EndlessTerminal
import Foundation

/// Issue 29's figures, on the real binary on a 100×30 pseudo-terminal, each against `less` on
/// the same people as text in the same run (`make bench AREAS=perkey`, about 4 minutes):
/// - `perkey held_j_cpu_per_key pictures=yes|no`: holding `j` at 30 a second for 20 s, the
///   CPU each key costs (the goal: within 3× of `less`);
/// - `perkey cpu_per_key_over_10000_keys`: 10,000 `j`s without pictures, each waiting for
///   the frame that shows it, the CPU a key costs among the last 1,000 against the first
///   1,000 of the same session (flat is a ratio of 1).
enum PerKeyBenchmark {
    static func run() async throws {
        guard let binary = AppBenchmark.locateBinary() else {
            Bench.warn("perkey", "the endless binary is not beside endless-bench; build it (make bench does)")
            return
        }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("endless-bench-perkey-\(getpid())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let people = try SeededPeople(count: 12_000)
        let pager = try LessBaseline(people: people)
        defer { pager.remove() }
        let less = try pager.open()
        let theirs = AppBenchmark.holdKey(less, rate: 30, seconds: 20) { pager.topIndex(on: $0, from: $1) }
        less.quit()
        for pictures in [true, false] {
            let environment = ["XDG_CACHE_HOME": cache.appendingPathComponent("held-\(pictures)").path]
            let arguments = ["--seed", AppBenchmark.seed] + (pictures ? [] : ["--no-images"])
            let app = try AppBenchmark.start(binary, arguments, environment: environment)
            _ = app.pump(until: { _ in false }, timeout: .milliseconds(500))
            let ours = AppBenchmark.holdKey(app, rate: 30, seconds: 20) { people.selectedIndex(on: $0, from: $1) }
            app.quit()
            Bench.figure(
                "perkey", "held_j_cpu_per_key", unit: "cpu_ms_per_key", ours: Bench.Samples(ours.cpuPerKeyMilliseconds),
                baseline: .init(name: "less_on_the_same_people_as_text", samples: Bench.Samples(theirs.cpuPerKeyMilliseconds)),
                better: .lower, decimals: 3,
                details: [
                    "pictures": pictures ? "yes" : "no", "rate_per_s": 30, "seconds": 20, "keys": ours.keys,
                    "unanswered_keys": ours.unanswered, "goal_ms": "0.4_(3x_less)",
                ])
        }
        try flatness(binary, people: people, environment: ["XDG_CACHE_HOME": cache.appendingPathComponent("flat").path])
    }

    /// 10,000 keys one at a time, each waiting for its frame; CPU per key of the first and the
    /// last 1,000, in windows of 200 (ten pages of people).
    static func flatness(_ binary: String, people: SeededPeople, environment: [String: String]) throws {
        let app = try AppBenchmark.start(binary, ["--no-images", "--seed", AppBenchmark.seed], environment: environment)
        defer { app.quit() }
        _ = app.pump(until: { _ in false }, timeout: .milliseconds(300))
        let keys = 10_000
        let window = 200
        var first: [Double] = []
        var last: [Double] = []
        var windowStart = app.cpuTime()
        var shown = people.selectedIndex(on: app, from: 0) ?? 0
        for press in 1...keys {
            app.send("j")
            let target = shown + 1
            guard app.pump(until: { (people.selectedIndex(on: $0, from: shown) ?? 0) >= target }, timeout: .seconds(30)) else {
                throw PseudoTerminalApp.Failure(description: "scrolling stopped at row \(shown):\n\(app.text)")
            }
            shown = people.selectedIndex(on: app, from: shown) ?? target
            if press % window == 0 {
                let now = app.cpuTime()
                let perKey = (now - windowStart) / Double(window) * 1000
                if press <= 1000 { first.append(perKey) } else if press > keys - 1000 { last.append(perKey) }
                windowStart = now
            }
        }
        Bench.figure(
            "perkey", "cpu_per_key_over_10000_keys", unit: "cpu_ms_per_key_of_keys_9001-10000", ours: Bench.Samples(last),
            baseline: .init(name: "keys_1-1000_of_the_same_session", samples: Bench.Samples(first)), better: .lower, decimals: 3,
            details: ["pictures": "no", "windows_of_keys": window, "moves": "j_each_waiting_for_its_frame", "terminal": "100x30"])
    }
}
