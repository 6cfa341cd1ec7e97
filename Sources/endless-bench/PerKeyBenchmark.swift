import EndlessTerminal
import Foundation

/// Issue 29's figures, on the real binary on a 100×30 pseudo-terminal, each against `less` on
/// the same people as text in the same run (`make bench AREAS=perkey`, about 8 minutes):
/// - `perkey held_j_cpu_per_key`: holding `j` at 30 a second for 20 s, the CPU each key costs
///   (the goal: within 3× of `less`), in four set-ups:
///   - `pictures=yes simulator=embedded session=first_20_s`: as `make run` starts, from the
///     top; the simulator in the app's process draws each face the first time it is asked for;
///   - `pictures=yes simulator=embedded session=after_40_s`: the same session after 40 s of
///     held `j` (every face drawn and cached once): what a key costs in a long session;
///   - `pictures=yes simulator=serve_process`: the app against `endless serve` in a process of
///     its own, as against a real service: the app's own CPU (the server's is a detail);
///   - `pictures=no simulator=embedded`;
///   - `feed=coins`: the coins board from the top, with its icons (a new coin and icon each
///     key, where a face repeats every few people), against the same `less` for scale;
///
///   each with the times a thread of the app went to sleep waiting, per key (a detail: each
///   is a thread hand-off; less's figure beside it), and, with the embedded simulator, the
///   CPU a key of the simulator's own threads (named `sim-`) and of the rest, the app alone;
/// - `perkey held_j_photos_key_to_output_ms`: holding `j` on photos in a sixel terminal, each
///   key's time to the first output, against the same photos drawn in symbols (see
///   PerKeyBenchmark+Sixel.swift);
/// - `perkey cpu_per_key_over_10000_keys`: 10,000 `j`s without pictures, each waiting for
///   the frame that shows it, the CPU a key costs among the last 1,000 against the first
///   1,000 of a fresh session measured at the same moments (flat is a ratio of 1);
/// - `perkey cpu_per_key_past_max_loaded`: the same past `--max-loaded` in both sessions (the
///   long one's keys 10,001-11,000 against the fresh one's 2,001-3,000), which tells growth
///   with the length of a session from what dropping far pages costs once there are any.
///   The long session is also past the feed's share of the page cache by then (8 MiB, about
///   6,600 people at 20 a page), where each page written evicts the oldest: about 2.7 % more
///   instructions a key (callgrind), a regime of its own and bounded, which the fresh
///   session has not reached.
enum PerKeyBenchmark {
    /// The feeds a held key is measured on: people against `less` on the same people, coins
    /// beside it for scale.
    enum Feed: String {
        case people, coins
    }

    /// One way of running the app for a held-key figure.
    struct Setup {
        let pictures: Bool
        let separateServer: Bool
        /// Seconds of held `j` before the measured 20 s.
        let warmUpSeconds: Int
        /// The feed the app opens on.
        var feed = Feed.people

        var session: String { warmUpSeconds == 0 ? "first_20_s" : "after_\(warmUpSeconds)_s" }
    }

    static let setups = [
        Setup(pictures: true, separateServer: false, warmUpSeconds: 0),
        Setup(pictures: true, separateServer: false, warmUpSeconds: 40),
        Setup(pictures: true, separateServer: true, warmUpSeconds: 0),
        Setup(pictures: false, separateServer: false, warmUpSeconds: 0),
        Setup(pictures: true, separateServer: false, warmUpSeconds: 0, feed: .coins),
    ]

    static func run() async throws {
        guard let binary = AppBenchmark.locateBinary() else {
            Bench.warn("perkey", AppBenchmark.noBinary)
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
        for (number, setup) in setups.enumerated() {
            try held(binary, setup, people: people, less: theirs, cache: cache.appendingPathComponent("held-\(number)"))
        }
        try sixelPhotos(binary, cache: cache.appendingPathComponent("photos"))
        try flatness(binary, people: people, environment: ["XDG_CACHE_HOME": cache.appendingPathComponent("flat").path])
    }

    /// Holds `j` for 20 s (after the set-up's warm-up) and reports the CPU per key.
    static func held(
        _ binary: String, _ setup: Setup, people: SeededPeople, less: AppBenchmark.HeldKeyResult, cache: URL
    ) throws {
        let server = setup.separateServer ? try ServeProcess(binary: binary, arguments: ["--quiet"]) : nil
        defer { server?.stop() }
        var arguments =
            (setup.feed == .people ? [] : [setup.feed.rawValue]) + ["--seed", AppBenchmark.seed] + (setup.pictures ? [] : ["--no-images"])
        if let server { arguments += ["--people-api", server.root + "api/"] }
        let app = try AppBenchmark.start(binary, arguments, environment: ["XDG_CACHE_HOME": cache.path])
        defer { app.quit() }
        _ = app.pump(until: { _ in false }, timeout: .milliseconds(500))
        let position: (PseudoTerminalApp, Int) -> Int? =
            setup.feed == .coins ? { app, _ in selectedCoin(on: app) } : { people.selectedIndex(on: $0, from: $1) }
        var start = 0
        if setup.warmUpSeconds > 0 {
            start = AppBenchmark.holdKey(app, rate: 30, seconds: setup.warmUpSeconds, position: position).lastPosition
            _ = app.pump(until: { _ in false }, timeout: .milliseconds(300))
        }
        let serverBefore = server?.cpuTime ?? 0
        let ours = AppBenchmark.holdKey(app, rate: 30, seconds: 20, startingNear: start, position: position)
        let serverPerKey = server.map { ($0.cpuTime - serverBefore) / Double(max(1, ours.keys)) * 1000 }
        Bench.figure(
            "perkey", "held_j_cpu_per_key", unit: "cpu_ms_per_key", ours: Bench.Samples(ours.cpuPerKeyMilliseconds),
            baseline: .init(
                name: setup.feed == .people ? "less_on_the_same_people_as_text" : "less_on_people_as_text_for_scale",
                samples: Bench.Samples(less.cpuPerKeyMilliseconds)),
            better: .lower, decimals: 3,
            details: [
                "feed": setup.feed.rawValue, "pictures": setup.pictures ? "yes" : "no",
                "simulator": setup.separateServer ? "serve_process" : "embedded", "session": setup.session, "rate_per_s": 30,
                "seconds": 20, "keys": ours.keys, "unanswered_keys": ours.unanswered,
                "goal_ms": setup.feed == .people ? "0.4_(3x_less)" : "none",
            ],
            more: [
                ("thread_waits_per_key", Bench.fixed(ours.threadWaitsPerKey, 1)),
                ("less_thread_waits_per_key", Bench.fixed(less.threadWaitsPerKey, 1)),
            ]
                + (serverPerKey.map { [("server_cpu_ms_per_key", Bench.fixed($0, 3))] }
                    ?? [
                        ("embedded_simulator_cpu_ms_per_key", Bench.fixed(Bench.Samples(ours.simulatorCPUPerKeyMilliseconds).median, 3)),
                        ("app_alone_cpu_ms_per_key", Bench.fixed(Bench.Samples(ours.appCPUPerKeyMilliseconds).median, 3)),
                    ]))
    }

    /// The selected coin's row, from its rank: the board is ordered by market cap, so the coin
    /// ranked `r` is row `r - 1`. The selection bar marks the first column of its first line,
    /// where the rank is the first figure.
    static func selectedCoin(on app: PseudoTerminalApp) -> Int? {
        let screen = app.terminal.screen
        guard let marker = (0..<screen.size.height).first(where: { screen[0, $0].grapheme == "▌" }),
            let rank = screen.lines[marker].dropFirst().split(separator: " ").first.flatMap({ Int($0) }), rank > 0
        else { return nil }
        return rank - 1
    }

    /// A session of the app driven one `j` at a time, each waiting for the frame that shows it.
    final class SteppedSession {
        let app: PseudoTerminalApp
        let people: SeededPeople
        private(set) var shown: Int

        init(_ binary: String, people: SeededPeople, environment: [String: String]) throws {
            app = try AppBenchmark.start(binary, ["--no-images", "--seed", AppBenchmark.seed], environment: environment)
            self.people = people
            _ = app.pump(until: { _ in false }, timeout: .milliseconds(300))
            shown = people.selectedIndex(on: app, from: 0) ?? 0
        }

        /// Presses `j` `count` times, each once the last one's frame is shown; returns the CPU
        /// per key, in milliseconds.
        func step(_ count: Int) throws -> Double {
            let before = app.cpuTime()
            for _ in 0..<count {
                app.send("j")
                let target = shown + 1
                guard app.pump(until: { [people, shown] in (people.selectedIndex(on: $0, from: shown) ?? 0) >= target }, timeout: .seconds(30))
                else {
                    throw PseudoTerminalApp.Failure(description: "scrolling stopped at row \(shown):\n\(app.text)")
                }
                shown = people.selectedIndex(on: app, from: shown) ?? target
            }
            return (app.cpuTime() - before) / Double(count) * 1000
        }
    }

    /// 10,000 keys one at a time, each waiting for its frame: the CPU per key of the last
    /// 1,000 against the first 1,000 of another session of the same build, measured at the
    /// same moments. The machine's speed drifts by 10 % or more over the minutes the first
    /// session takes to reach key 9,000 (the first and last 1,000 of one session compared
    /// anywhere from 0.78 to 1.43): so the long session's last keys alternate, 200 at a
    /// time, with a fresh session's first, and drift falls on both alike.
    ///
    /// Then the same past `--max-loaded` (1,000 rows by default) in both: the long session's
    /// keys 10,001-11,000 against the fresh one's 2,001-3,000. The first figure is a key late
    /// in a session against one in its first 1,000 rows, where no page has been dropped yet;
    /// the second tells growth with the session's length from that change of regime.
    static func flatness(_ binary: String, people: SeededPeople, environment: [String: String]) throws {
        let keys = 10_000
        let window = 200
        let compared = 1_000
        var environment = environment
        let cache = environment["XDG_CACHE_HOME"] ?? FileManager.default.temporaryDirectory.path
        environment["XDG_CACHE_HOME"] = cache + "/long"
        let long = try SteppedSession(binary, people: people, environment: environment)
        defer { long.app.quit() }
        _ = try long.step(keys - compared)
        environment["XDG_CACHE_HOME"] = cache + "/fresh"
        let fresh = try SteppedSession(binary, people: people, environment: environment)
        defer { fresh.app.quit() }

        /// `compared` keys of each, taking turns `window` keys at a time, reported as `name`:
        /// the long session's keys from `lateFrom` against the fresh one's from `earlyFrom`.
        func compare(_ name: String, lateFrom: Int, earlyFrom: Int) throws {
            var late: [Double] = []
            var early: [Double] = []
            for _ in 0..<(compared / window) {
                late.append(try long.step(window))
                early.append(try fresh.step(window))
            }
            Bench.figure(
                "perkey", name, unit: "cpu_ms_per_key_of_keys_\(lateFrom)-\(lateFrom + compared - 1)", ours: Bench.Samples(late),
                baseline: .init(
                    name: "keys_\(earlyFrom)-\(earlyFrom + compared - 1)_of_a_fresh_session_at_the_same_moments",
                    samples: Bench.Samples(early)),
                better: .lower, decimals: 3,
                details: [
                    "pictures": "no", "windows_of_keys": window, "moves": "j_each_waiting_for_its_frame", "terminal": "100x30",
                    "sessions": "a_long_and_a_fresh_one_taking_turns", "max_loaded": 1000,
                ])
        }
        try compare("cpu_per_key_over_10000_keys", lateFrom: keys - compared + 1, earlyFrom: 1)
        _ = try fresh.step(compared)
        try compare("cpu_per_key_past_max_loaded", lateFrom: keys + 1, earlyFrom: 2 * compared + 1)
    }
}
