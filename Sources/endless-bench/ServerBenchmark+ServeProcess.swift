import EndlessSimulator
import Foundation

/// `server serve_process`: the server people run, measured from outside.
///
/// The `endless serve` release binary beside the bench, started as a person starts it: in a
/// session of its own, its default request log on, printing to a terminal (a pseudo-terminal
/// read as fast as it writes). wrk loads a portrait, as `http_layer` does, with the settings the
/// issue measured it with (2 threads, 16 connections), against nginx serving the same bytes
/// with as many worker processes as `serve` has worker threads, nginx also in a session of
/// its own: the machine shares CPU time out by session, so both sides are started alike.
///
/// Before the log was written off the I/O thread, each request's line was a `write` to the
/// terminal on the thread that answers every client, and this figure was 0.28–0.45 while
/// `http_layer` in this process said 0.90.
extension ServerBenchmark {
    static let serveProcessConnections = 16

    static func serveProcess(wrk: Wrk, nginxBinary: ExternalTool) async throws {
        guard let binary = AppBenchmark.locateBinary() else {
            Bench.warn("server", "serve_process: " + AppBenchmark.noBinary)
            return
        }
        let serve = try ServeProcess(binary: binary)
        defer { serve.stop() }
        let portrait = try await fetch(serve.root + portraitPath)
        let workers = ServerLimits.defaultWorkerThreads
        let nginx = try Nginx(files: [portraitPath: portrait], workers: workers, binary: nginxBinary, ownSession: true)
        defer { nginx.stop() }

        var load = wrk
        load.connections = serveProcessConnections
        let ours = serve.root + portraitPath
        let theirs = nginx.baseURL + portraitPath
        _ = try load.run(ours, seconds: 1)
        _ = try load.run(theirs, seconds: 1)
        var mine: [Wrk.Result] = []
        var nginxRuns: [Wrk.Result] = []
        let linesBefore = serve.linesPrinted
        for _ in 0..<Bench.minimumRuns {
            mine.append(try load.run(ours, seconds: runSeconds))
            nginxRuns.append(try load.run(theirs, seconds: runSeconds))
        }
        // The log's thread may still be writing the last run's lines: SIGTERM lets it finish.
        serve.stop()
        let requests = mine.map(\.requests).reduce(0, +)
        let logged = Double(serve.linesPrinted - linesBefore) / Double(max(1, requests))
        Bench.figure(
            "server", "serve_process", unit: "requests_per_s", ours: Bench.Samples(mine.map(\.requestsPerSecond)),
            baseline: .init(
                name: "nginx_static_file_workers=\(workers)_own_session",
                samples: Bench.Samples(nginxRuns.map(\.requestsPerSecond))),
            better: .higher, decimals: 0,
            details: [
                "what": "a_cached_portrait", "bytes": portrait.count, "process": "endless_serve_release_own_session",
                "request_log": "on_a_pseudo_terminal",
            ],
            more: [
                ("log_lines_per_request", Bench.fixed(logged, 2)),
                ("threads", "\(workers)+1_io"), ("clients", "\(load.connections)"), ("wrk_threads", "\(load.threads)"),
                ("seconds_each", "\(runSeconds * Bench.minimumRuns)"),
                ("timeouts", "\(mine.map(\.timeouts).reduce(0, +))"), ("non_2xx", "\(mine.map(\.non2xx).reduce(0, +))"),
                ("socket_errors", "\(mine.map(\.socketErrors).reduce(0, +))"),
                ("p50_latency_ms", Bench.Samples(mine.map(\.latencyMilliseconds)).text(2)),
                ("nginx_p50_latency_ms", Bench.Samples(nginxRuns.map(\.latencyMilliseconds)).text(2)),
            ])
    }
}
