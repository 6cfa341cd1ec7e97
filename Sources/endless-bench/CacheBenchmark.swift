import Endless
import EndlessCache
import EndlessHTTP
import EndlessSimulator
import Foundation
import RandomUserAPI
import ReqresAPI

/// Figures for the page cache (issue 15), each against its baseline in the same run:
/// - `cache writes`: the time to store a page of 20 people through ``CachedPageSource`` (JSON
///   encoding and one SQLite transaction each), against writing the same pages as one JSON
///   file each, atomically (a temporary file and a rename: the image cache's way);
/// - `cache size`: the database's bytes per 1,000 items of each feed (people, users, and
///   stand-ins for photos and coins), against the same items as compact JSON;
/// - `cache first_page_open_cache`, `cache first_page_cold_open`: the first page of people read
///   back from the cache (an open cache, and a cold open: connect, WAL, migrate, read; the
///   `quick_check` that starts in the background after the read is not waited for, and the
///   close after the clock stops), against loading it from the simulator over loopback (and,
///   as a detail, at 300 ms latency);
/// - `cache open_full`: a cold open and first page with a feed at its default size limit
///   (the file `quick_check` would read the longest), against the same cold open of a
///   50-page cache, the two timed in alternation: opening no longer grows with the file;
/// - `cache launch`: the real binary on a pseudo-terminal, from starting `endless` to the
///   first people on screen with last session's pages in the cache, against `endless --help`
///   (the process start alone: the goal is within 1.2×). Both clocks start at `posix_spawn`;
///   ours stops at the read that brought the rows (not once the bench's own terminal emulator
///   has parsed them), `--help`'s when the process has exited. The first people are the launch
///   screen the last session left (see `LaunchScreen`); as details, the first live frame (the
///   launch screen removed before each run), the same launch without the cache, and both at
///   `--latency 300ms`;
/// - `cache launch_full_cache`: the same launch with the people feed's cache at its limit
///   (8 MiB of pages, as a well-used cache is), against the same `endless --help`.
enum CacheBenchmark {
    static let pageSize = 20

    static func run() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("endless-bench-cache-\(getpid())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let data = try GeneratorData.builtIn()
        let people = try peoplePages(RandomUserGenerator(data: data), count: 50)

        try await writes(people, root: root.appendingPathComponent("writes"))
        try await sizes(people: people, data: data, root: root.appendingPathComponent("sizes"))
        let small = try await firstPage(people, data: data, root: root.appendingPathComponent("first"))
        try await openFull(people, root: root.appendingPathComponent("full"), small: small)
        try await launch(people, root: root.appendingPathComponent("launch"))
    }

    // MARK: Writes

    static func writes(_ pages: [Page<RandomUser, Int>], root: URL) async throws {
        let rounds = 10
        var sqliteSeconds: [Double] = []
        var fileSeconds: [Double] = []
        for round in 0..<rounds {
            let directory = root.appendingPathComponent("round-\(round)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let source = CachedPageSource(
                ReplaySource(pages: pages), cache: PageCache(directory: directory), feed: "people", policy: .neverStale)
            _ = source.cache.availability  // open before timing: a launch opens once
            let start = ContinuousClock.now
            for key in pages.indices {
                _ = try await source.load(PageRequest(direction: .append, key: key, loadSize: pageSize))
            }
            sqliteSeconds.append(Bench.seconds(ContinuousClock.now - start))

            let files = directory.appendingPathComponent("files")
            try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
            let fileStart = ContinuousClock.now
            for (key, page) in pages.enumerated() {
                let body = try JSONEncoder().encode(page.items)
                try body.write(to: files.appendingPathComponent("page-\(key).json"), options: .atomic)
            }
            fileSeconds.append(Bench.seconds(ContinuousClock.now - fileStart))
        }
        let perPage = 1000 / Double(pages.count)
        Bench.figure(
            "cache", "writes", unit: "ms_per_page", ours: Bench.Samples(sqliteSeconds).scaled(perPage),
            baseline: .init(name: "one_json_file_per_page_written_atomically", samples: Bench.Samples(fileSeconds).scaled(perPage)),
            better: .lower, decimals: 3, details: ["pages": pages.count, "items_per_page": pageSize])
    }

    // MARK: Sizes

    static func sizes(people: [Page<RandomUser, Int>], data: GeneratorData, root: URL) async throws {
        try await size(feed: "people", pages: people, root: root)
        try await size(feed: "users", pages: try await userPages(data: data), root: root)
        try await size(feed: "photos", pages: StandInPhoto.pages(items: 1000, pageSize: 30), root: root)
        try await size(feed: "coins", pages: StandInCoin.pages(items: 1000, pageSize: 100), root: root)
    }

    /// Stores 1,000 items in a cache of their own and compares the file with their JSON.
    static func size<Item: Codable & Identifiable & Sendable>(feed: String, pages: [Page<Item, Int>], root: URL) async throws {
        let directory = root.appendingPathComponent(feed)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do {
            let source = CachedPageSource(
                ReplaySource(pages: pages), cache: PageCache(directory: directory), feed: feed, policy: .neverStale)
            for key in pages.indices {
                _ = try await source.load(PageRequest(direction: .append, key: key, loadSize: pages[key].items.count))
            }
        }
        // Closed: SQLite has checkpointed the WAL into the file and removed it.
        let database = PageCache(directory: directory).fileSize
        let items = pages.reduce(0) { $0 + $1.items.count }
        let json = try JSONEncoder().encode(pages.flatMap(\.items)).count
        let perThousand = { (bytes: Int) in Double(bytes) / Double(items) * 1000 / 1024 }
        // Sizes are exact, not noisy: one measurement each.
        Bench.figure(
            "cache", "size", unit: "kib_per_1000_items", ours: Bench.Samples([perThousand(database)]),
            baseline: .init(name: "the_same_items_as_compact_json", samples: Bench.Samples([perThousand(json)])),
            better: .lower, decimals: 1, details: ["feed": feed, "items": items, "runs_note": "sizes_are_exact"])
    }

    // MARK: First page

    /// - Returns: the cache's folder, whose cold opens are the baseline of
    ///   ``openFull(_:root:small:)``.
    static func firstPage(_ people: [Page<RandomUser, Int>], data: GeneratorData, root: URL) async throws -> URL {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let request = PageRequest<Int>(direction: .refresh, key: nil, loadSize: pageSize)
        // What the last session left: its pages, the first of them recorded as the first page.
        do {
            let source = CachedPageSource(
                ReplaySource(pages: people), cache: PageCache(directory: root), feed: "people", policy: .neverStale)
            _ = try await source.load(request)
            for key in 1..<people.count { _ = try await source.load(PageRequest(direction: .append, key: key, loadSize: pageSize)) }
        }
        let offline = ReplaySource<RandomUser>(pages: [])
        let openCache = PageCache(directory: root)
        _ = openCache.availability
        let warm = try await Bench.time(runs: 7) {
            let source = CachedPageSource(offline, cache: openCache, feed: "people", policy: .neverStale)
            guard try await source.load(request).items.count == pageSize else { throw BenchFailure("no cached first page") }
        }
        let cold = try await coldOpens([root])[0]
        let loopback = try await simulatorFirstPage(data: data, latency: nil)
        let slow = try await simulatorFirstPage(data: data, latency: .milliseconds(300))
        let network = Bench.Baseline(name: "the_simulator_over_loopback", samples: loopback.scaled(1000))
        let more = [("simulator_300ms_latency_ms", slow.scaled(1000).text(1))]
        Bench.figure(
            "cache", "first_page_open_cache", unit: "ms", ours: warm.scaled(1000), baseline: network, better: .lower,
            decimals: 3, details: ["items": pageSize], more: more)
        Bench.figure(
            "cache", "first_page_cold_open", unit: "ms", ours: cold.scaled(1000), baseline: network, better: .lower,
            decimals: 2, details: ["items": pageSize, "cold": "connect_wal_migrate_read"], more: more)
        return root
    }

    /// A new cache over the file in each of `roots` and the first page of people read from
    /// it, as a launch opens on it, timed from creating the cache to the page; once after a
    /// warm-up, `runs` times, the roots in alternation (so a busy moment, or what the process
    /// did before, falls on each alike). Each cache is closed after its clock stops: closing
    /// stops and waits for the background check a launch leaves running, at the lowest
    /// priority, which on a busy machine may wait for a turn of the processor.
    /// - Returns: the times of each root, in order.
    static func coldOpens(_ roots: [URL], runs: Int = 7) async throws -> [Bench.Samples] {
        let request = PageRequest<Int>(direction: .refresh, key: nil, loadSize: pageSize)
        let offline = ReplaySource<RandomUser>(pages: [])
        var samples = [[Double]](repeating: [], count: roots.count)
        for run in 0...runs {
            for (index, root) in roots.enumerated() {
                let start = ContinuousClock.now
                let source = CachedPageSource(offline, cache: PageCache(directory: root), feed: "people", policy: .neverStale)
                guard try await source.load(request).items.count == pageSize else { throw BenchFailure("no cached first page") }
                let seconds = Bench.seconds(ContinuousClock.now - start)
                withExtendedLifetime(source) {}
                if run > 0 { samples[index].append(seconds) }
            }
        }
        return samples.map(Bench.Samples.init)
    }

    /// The first page of people from a simulator, as a launch fetches it: a new client (so a
    /// new connection), one request.
    static func simulatorFirstPage(data: GeneratorData, latency: Duration?) async throws -> Bench.Samples {
        let server = SimulatorServer(
            configuration: SimulatorConfiguration(
                data: data, faults: FaultConfiguration(latency: latency.map { FaultConfiguration.Latency(base: $0) }),
                rateLimit: nil))
        let baseURL = try server.start()
        defer { server.stop() }
        let request = PageRequest<RandomUserPageSource.Key>(direction: .refresh, key: nil, loadSize: pageSize)
        return try await Bench.time(runs: latency == nil ? 7 : 5) {
            let source = try RandomUserPageSource(client: RandomUserClient(http: HTTPClient(baseURL: baseURL)), query: RandomUserQuery())
            guard try await source.load(request).items.count == pageSize else { throw BenchFailure("a short page") }
        }
    }

    // MARK: A feed at its limit

    /// Stores the same 50 pages of people under new keys until the people feed of the cache in
    /// `directory` is just under its limit (so nothing of it is evicted), the first of them
    /// as the first page of `variant`.
    /// - Returns: the pages stored.
    static func fill(_ people: [Page<RandomUser, Int>], directory: URL, variant: String = "") async throws -> Int {
        let limit = CachePolicy.defaultSizeLimit
        let pages = (0..<2000).map { people[$0 % people.count] }
        let source = CachedPageSource(
            ReplaySource(pages: pages), cache: PageCache(directory: directory), feed: "people", variant: variant,
            policy: .neverStale)
        _ = try await source.load(PageRequest(direction: .refresh, key: nil, loadSize: pageSize))
        var stored = 1
        while try source.cache.usage().first.map({ $0.bytes < limit - 200_000 }) ?? true, stored < pages.count {
            _ = try await source.load(PageRequest(direction: .append, key: stored, loadSize: pageSize))
            stored += 1
        }
        return stored
    }

    /// `cache open_full`: cold opens of a full feed's cache in alternation with those of the
    /// 50-page cache in `small`.
    static func openFull(_ people: [Page<RandomUser, Int>], root: URL, small: URL) async throws {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let limit = CachePolicy.defaultSizeLimit
        let stored = try await fill(people, directory: root)
        let cold = try await coldOpens([root, small])
        Bench.figure(
            "cache", "open_full", unit: "cold_open_first_page_ms", ours: cold[0].scaled(1000),
            baseline: .init(name: "the_same_cold_open_of_a_50-page_cache", samples: cold[1].scaled(1000)),
            better: .lower, decimals: 2,
            details: [
                "feed_mib": Bench.fixed(Double(limit) / 1_048_576, 0),
                "file_mib": Bench.fixed(Double(PageCache(directory: root).fileSize) / 1_048_576, 1), "pages": stored,
                "quick_check": "in_the_background_after_the_first_page",
            ])
    }

    // MARK: Launch

    static func launch(_ people: [Page<RandomUser, Int>], root: URL) async throws {
        guard let binary = AppBenchmark.locateBinary() else {
            Bench.warn("cache", AppBenchmark.noBinary)
            return
        }
        try launch(binary, root: root.appendingPathComponent("last-session"))
        try await launchFull(binary, people: people, root: root.appendingPathComponent("well-used"))
    }

    /// Seconds from starting `endless arguments` with its cache in `cacheHome` to people on
    /// screen.
    static func rows(_ binary: String, _ arguments: [String], cacheHome: URL, launchScreen: Bool = true) throws -> Double {
        // Without the screen the last session left, the first rows are the live frame's.
        if !launchScreen { try? FileManager.default.removeItem(at: cacheHome.appendingPathComponent("endless/screens")) }
        let app = try AppBenchmark.start(binary, arguments, environment: ["XDG_CACHE_HOME": cacheHome.path])
        let seconds = app.secondsToLastOutput
        if seconds > 2 {
            Bench.warn("cache", "endless \(arguments.joined(separator: " ")) took \(Bench.fixed(seconds, 1)) s to show rows:\n\(app.text)")
        }
        _ = app.quit()
        return seconds
    }

    /// `cache launch`: last session's pages only.
    static func launch(_ binary: String, root: URL) throws {
        let environment = ["XDG_CACHE_HOME": root.path]
        func rows(_ arguments: [String]) throws -> Double {
            try Self.rows(binary, arguments, cacheHome: root)
        }
        // The last session: its first pages are what the next launch opens on.
        _ = try rows([])
        let times = try Bench.interleaved(
            runs: 15, ours: { try rows([]) },
            baseline: { try Spawn.run([binary, "--help"], environment: environment).wallSeconds })
        // The time to rows alone (quitting waits for requests in flight at 300 ms).
        func samples(_ arguments: [String]) throws -> Bench.Samples {
            Bench.Samples(try (0..<5).map { _ in try rows(arguments) })
        }
        let live = Bench.Samples(try (0..<7).map { _ in try Self.rows(binary, [], cacheHome: root, launchScreen: false) })
        let noCache = try samples(["--no-cache"])
        let slowCached = try samples(["--latency", "300ms"])
        let slowNoCache = try samples(["--latency", "300ms", "--no-cache"])
        Bench.figure(
            "cache", "launch", unit: "ms_to_first_rows", ours: times.ours.scaled(1000),
            baseline: .init(name: "endless_--help", samples: times.baseline.scaled(1000)), better: .lower, decimals: 1,
            details: ["rows": "from_the_cache", "terminal": "\(AppBenchmark.size.width)x\(AppBenchmark.size.height)", "simulator": "embedded"],
            more: [
                ("live_frame_ms", live.scaled(1000).text(1)),
                ("no_cache_ms", noCache.scaled(1000).text(1)),
                ("latency_300ms_cached_ms", slowCached.scaled(1000).text(1)),
                ("latency_300ms_no_cache_ms", slowNoCache.scaled(1000).text(1)),
            ])
    }

    /// `cache launch_full_cache`: last session's pages in a people feed at its size limit.
    static func launchFull(_ binary: String, people: [Page<RandomUser, Int>], root: URL) async throws {
        // The last session, then months of browsing: pages under other keys (and another
        // variant, so they do not change what opens) until the feed is full.
        _ = try rows(binary, [], cacheHome: root)
        let directory = root.appendingPathComponent("endless")
        let stored = try await fill(people, directory: directory, variant: "earlier sessions")
        let fileMiB = Double(PageCache(directory: directory).fileSize) / 1_048_576
        let times = try Bench.interleaved(
            runs: 15, ours: { try rows(binary, [], cacheHome: root) },
            baseline: { try Spawn.run([binary, "--help"], environment: ["XDG_CACHE_HOME": root.path]).wallSeconds })
        let live = Bench.Samples(try (0..<7).map { _ in try rows(binary, [], cacheHome: root, launchScreen: false) })
        Bench.figure(
            "cache", "launch_full_cache", unit: "ms_to_first_rows", ours: times.ours.scaled(1000),
            baseline: .init(name: "endless_--help", samples: times.baseline.scaled(1000)), better: .lower, decimals: 1,
            details: [
                "rows": "from_the_cache", "people_feed_mib": Bench.fixed(Double(CachePolicy.defaultSizeLimit) / 1_048_576, 0),
                "file_mib": Bench.fixed(fileMiB, 1), "pages": stored,
                "terminal": "\(AppBenchmark.size.width)x\(AppBenchmark.size.height)", "simulator": "embedded",
            ],
            more: [("live_frame_ms", live.scaled(1000).text(1))])
    }

    // MARK: Data

    /// Pages of people exactly as the generator answers `results=20&seed=bench&page=N`.
    static func peoplePages(_ generator: RandomUserGenerator, count: Int) throws -> [Page<RandomUser, Int>] {
        try (1...count).map { page in
            let response = try generator.respond(
                toQuery: "results=\(pageSize)&seed=bench&page=\(page)", now: Date(),
                portraitBaseURL: RandomUserGenerator.livePortraitBaseURL)
            let people = try JSONDecoder().decode(RandomUserResponse.self, from: Data(response.body)).results
            return Page(items: people, nextKey: page)
        }
    }

    /// 1,000 reqres users, 12 a page, fetched from the simulator's reqres service.
    static func userPages(data: GeneratorData) async throws -> [Page<ReqresUser, Int>] {
        let server = SimulatorServer(configuration: SimulatorConfiguration(data: data, rateLimit: nil, reqresUserCount: 1000))
        _ = try server.start()
        defer { server.stop() }
        guard let url = server.baseURL(of: .reqres) else { throw BenchFailure("the reqres service has no URL") }
        let client = ReqresClient(http: HTTPClient(baseURL: url))
        var pages: [Page<ReqresUser, Int>] = []
        for page in 1...84 {
            let users = try await client.users(page: page, perPage: 12).data
            pages.append(Page(items: Array(users.prefix(1000 - pages.count * 12)), nextKey: page + 1))
        }
        return pages
    }
}

/// An upstream that answers page `key` with `pages[key]` (a refresh with page 0): the
/// network, without the network, so only the cache is measured.
struct ReplaySource<Item: Identifiable & Sendable & Codable>: PageSource {
    let pages: [Page<Item, Int>]

    func load(_ request: PageRequest<Int>) async throws -> Page<Item, Int> {
        let key = request.key ?? 0
        guard pages.indices.contains(key) else { throw BenchFailure("page \(key) is not in the replay") }
        var page = pages[key]
        page.key = key
        page.nextKey = key + 1 < pages.count ? key + 1 : nil
        return page
    }
}
