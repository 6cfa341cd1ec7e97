import EndlessSimulator
import EndlessTesting
import Foundation

/// Figures for the generator itself, without HTTP (the server area has it over HTTP):
/// - `simulator generate results=20|5000`: unseeded pages (a new random seed each, so nothing
///   can be cached), against Python's `json.dumps` serializing the same page from a ready
///   object: CPython's C encoder doing only the last step of generation, a floor for any
///   generator written in anything;
/// - `simulator seeded_cache results=20`: the same seeded page asked for again, answered from
///   the generator's body cache, against generating it (the strategy the cache replaces).
enum SimulatorBenchmark {
    static let portraitBase = "http://127.0.0.1:8080/api/portraits/"

    static func run() async throws {
        let (data, source) = try loadData()
        try generation(data, source: source, users: 20, pagesPerRun: 2000)
        try generation(data, source: source, users: 5000, pagesPerRun: 3)
        try seededCache(data, source: source)
    }

    /// The official lists when they sit beside the repository, else the built-in ones.
    static func loadData() throws -> (GeneratorData, String) {
        let official = SharedReferenceData.officialData
        if FileManager.default.fileExists(atPath: official.appendingPathComponent("common").path) {
            return (try GeneratorData.load(from: official), "official")
        }
        return (try GeneratorData.builtIn(), "builtin")
    }

    static func generation(_ data: GeneratorData, source: String, users: Int, pagesPerRun: Int) throws {
        let generator = RandomUserGenerator(data: data, bodyCache: nil)
        let now = Date()
        var bytes = 0
        let ours = try Bench.time {
            for _ in 0..<pagesPerRun {
                bytes = try generator.respond(toQuery: "results=\(users)", now: now, portraitBaseURL: portraitBase).body.count
            }
        }.scaled(1e6 / Double(pagesPerRun))
        let sample = try generator.respond(toQuery: "results=\(users)", now: now, portraitBaseURL: portraitBase).body
        let baseline = try PythonBaseline.dumps(Data(sample), repetitions: pagesPerRun)
            .map { Bench.Baseline(name: "python3_json.dumps_of_the_same_page", samples: $0.scaled(1e6)) }
        Bench.figure(
            "simulator", "generate", unit: "us_per_page", ours: ours, baseline: baseline, better: .lower, decimals: 1,
            details: [
                "results": users, "seeded": "no", "us_per_user": Bench.fixed(ours.median / Double(users), 2),
                "body_kib": bytes / 1024, "data": source,
            ])
    }

    static func seededCache(_ data: GeneratorData, source: String) throws {
        let cached = RandomUserGenerator(data: data)
        let uncached = RandomUserGenerator(data: data, bodyCache: nil)
        let now = Date()
        let query = "results=20&seed=bench&page=3"
        let pages = 5000
        var same = true
        let first = try cached.respond(toQuery: query, now: now, portraitBaseURL: portraitBase).body
        let times = try Bench.interleaved(
            ours: {
                try Bench.seconds {
                    for _ in 0..<pages {
                        same = try cached.respond(toQuery: query, now: now, portraitBaseURL: portraitBase).body.count == first.count && same
                    }
                } / Double(pages)
            },
            baseline: {
                try Bench.seconds {
                    for _ in 0..<pages {
                        same = try uncached.respond(toQuery: query, now: now, portraitBaseURL: portraitBase).body.count == first.count && same
                    }
                } / Double(pages)
            })
        guard same else { throw BenchFailure("the cached seeded page differs from the generated one") }
        Bench.figure(
            "simulator", "seeded_cache", unit: "us_per_page", ours: times.ours.scaled(1e6),
            baseline: .init(name: "generating_the_same_seeded_page", samples: times.baseline.scaled(1e6)),
            better: .lower, decimals: 2, details: ["results": 20, "seeded": "yes", "data": source])
    }
}
