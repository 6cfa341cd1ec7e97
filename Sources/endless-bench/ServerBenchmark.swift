import EndlessSimulator
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Figures for the simulator's HTTP server, each against nginx serving the same bytes as a
/// static file with as many worker processes as the simulator has worker threads, both
/// loaded by wrk (2 threads, 64 connections) in alternating runs of ``runSeconds``:
/// - `server http_layer`: a portrait, which the simulator draws once and then serves from
///   memory: the HTTP layer alone, the same bytes on both sides;
/// - `server generation results=20`: unseeded pages (every answer generated), against nginx
///   serving one such page as a file;
/// - `server generation results=5000`: the largest page, unseeded, with the timeouts and
///   503s counted (wrk's timeout is 2 s);
/// - `server seeded_cache results=20`: one seeded page asked for again and again, answered
///   from the generator's body cache: what a real service does, reported apart so it does
///   not stand for generation;
/// - `server default_serve`: `endless serve` as it starts, with randomuser.me's rate limit
///   (20,000 people per 5 minutes per client), against the same server without it;
/// - `server serve_process`: the `endless serve` process itself, on a terminal with its request
///   log on, against nginx (`ServerBenchmark+ServeProcess.swift`).
enum ServerBenchmark {
    static let runSeconds = 2
    static let portraitPath = "api/portraits/men/7.jpg"

    static func run() async throws {
        guard let wrk = Wrk.find(), let nginxBinary = ExternalTool.find("nginx", installedBy: "nginx", area: "server") else {
            Bench.warn("server", "nothing measured without wrk and nginx")
            return
        }
        let (data, source) = try SimulatorBenchmark.loadData()
        let limits = ServerLimits()
        let server = SimulatorServer(configuration: SimulatorConfiguration(data: data, rateLimit: nil, limits: limits))
        let api = try server.start().absoluteString
        defer { server.stop() }
        let root = String(api.dropLast("api/".count))

        // The bytes nginx serves: exactly what the simulator answers.
        let portrait = try await fetch(root + portraitPath)
        let page20 = try await fetch(api + "?results=20")
        let page5000 = try await fetch(api + "?results=5000")
        let seeded = try await fetch(api + "?results=20&seed=bench&page=3")
        let nginx = try Nginx(
            files: [
                portraitPath: portrait, "api/results20.json": page20, "api/results5000.json": page5000,
                "api/seeded20.json": seeded,
            ],
            workers: limits.workerThreads, binary: nginxBinary)
        defer { nginx.stop() }
        // Answered by a worker after everything queued before it: the server is idle again.
        let idle = api + "?results=1&inc=gender"
        let common = [
            ("threads", "\(limits.workerThreads)+1_io"), ("clients", "\(wrk.connections)"),
            ("seconds_each", "\(runSeconds * Bench.minimumRuns)"), ("data", source),
        ]

        try await compare(
            "http_layer", wrk: wrk, ours: root + portraitPath, nginx: nginx.baseURL + portraitPath,
            details: [("what", "a_cached_portrait"), ("bytes", "\(portrait.count)")] + common, workers: nginx.workers, idle: idle)
        try await compare(
            "generation", wrk: wrk, ours: api + "?results=20", nginx: nginx.baseURL + "api/results20.json",
            details: [("results", "20"), ("seeded", "no"), ("bytes", "\(page20.count)")] + common, workers: nginx.workers, idle: idle)
        try await compare(
            "generation", wrk: wrk, ours: api + "?results=5000", nginx: nginx.baseURL + "api/results5000.json",
            details: [("results", "5000"), ("seeded", "no"), ("bytes", "\(page5000.count)")] + common, workers: nginx.workers, idle: idle)
        try await compare(
            "seeded_cache", wrk: wrk, ours: api + "?results=20&seed=bench&page=3",
            nginx: nginx.baseURL + "api/seeded20.json",
            details: [("results", "20"), ("seeded", "yes"), ("bytes", "\(seeded.count)")] + common, workers: nginx.workers, idle: idle)
        try defaultServe(wrk: wrk, data: data, unlimited: api, common: common)
        try await serveProcess(wrk: wrk, nginxBinary: nginxBinary)
    }

    /// Alternating wrk runs against ours and nginx; prints the rates, the timeouts and 503s.
    ///
    /// Each run of ours starts on an idle server: when wrk stops, the requests it left are
    /// still generated (a client that closes looks like one that half-closed and waits, which
    /// the server must answer), and the next run would otherwise queue behind them.
    static func compare(
        _ name: String, wrk: Wrk, ours: String, nginx: String, details: [(String, String)], workers: Int,
        idle: String
    ) async throws {
        _ = try wrk.run(ours, seconds: 1)
        _ = try wrk.run(nginx, seconds: 1)
        var mine: [Wrk.Result] = []
        var theirs: [Wrk.Result] = []
        for _ in 0..<Bench.minimumRuns {
            _ = try await fetch(idle)
            mine.append(try wrk.run(ours, seconds: runSeconds))
            theirs.append(try wrk.run(nginx, seconds: runSeconds))
        }
        let outcome = [
            ("timeouts", "\(mine.map(\.timeouts).reduce(0, +))"), ("non_2xx", "\(mine.map(\.non2xx).reduce(0, +))"),
            ("socket_errors", "\(mine.map(\.socketErrors).reduce(0, +))"),
            ("p50_latency_ms", Bench.Samples(mine.map(\.latencyMilliseconds)).text(2)),
            ("nginx_p50_latency_ms", Bench.Samples(theirs.map(\.latencyMilliseconds)).text(2)),
            ("nginx_timeouts", "\(theirs.map(\.timeouts).reduce(0, +))"),
        ]
        Bench.figure(
            "server", name, unit: "requests_per_s", ours: Bench.Samples(mine.map(\.requestsPerSecond)),
            baseline: .init(name: "nginx_static_file_workers=\(workers)", samples: Bench.Samples(theirs.map(\.requestsPerSecond))),
            better: .higher, decimals: 0, more: details + outcome)
    }

    /// `endless serve` as it starts (rate limit on) under the same load, against the server
    /// with the limit off: how many answers are people and how many are 429s.
    static func defaultServe(wrk: Wrk, data: GeneratorData, unlimited: String, common: [(String, String)]) throws {
        var rates: [Double] = []
        var refused: [Double] = []
        var unlimitedRates: [Double] = []
        for _ in 0..<Bench.minimumRuns {
            // A new server each run: its window starts with the run, as `endless serve` does.
            let server = SimulatorServer(configuration: SimulatorConfiguration(data: data))
            let api = try server.start().absoluteString
            let result = try wrk.run(api + "?results=20", seconds: runSeconds)
            server.stop()
            rates.append(result.requestsPerSecond)
            refused.append(Double(result.non2xx) / Double(max(1, result.requests)) * 100)
            unlimitedRates.append(try wrk.run(unlimited + "?results=20", seconds: runSeconds).requestsPerSecond)
        }
        Bench.figure(
            "server", "default_serve", unit: "requests_per_s", ours: Bench.Samples(rates),
            baseline: .init(name: "the_same_server_without_the_rate_limit", samples: Bench.Samples(unlimitedRates)),
            better: .higher, decimals: 0,
            details: [
                "results": 20, "rate_limit": "20000_people_per_5_min_per_client",
                "answered_429_pct": Bench.Samples(refused).text(1),
                "people_answers_per_window": 20_000 / 20,
            ], more: common)
    }

    /// The body at `url`, which must answer 200.
    static func fetch(_ url: String) async throws -> [UInt8] {
        guard let address = URL(string: url) else { throw BenchFailure("not a URL: \(url)") }
        let (body, response) = try await URLSession.shared.data(from: address)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else { throw BenchFailure("\(url) answered \(status)") }
        return Array(body)
    }
}
