import EndlessSimulator
import EndlessTesting
import Foundation

/// `simulator users=5000 users_per_s=…`: how fast the generator answers one 5,000-user JSON
/// page (generation and encoding, no HTTP), the largest page randomuser.me serves.
enum SimulatorBenchmark {
    static let users = 5000

    static func run() async throws {
        let (data, source) = try loadData()
        let generator = RandomUserGenerator(data: data)
        let now = Date()
        var bodyBytes = 0
        var page = 0
        let seconds = try Bench.median {
            // A new page each run, as a client scrolling an endless list asks for.
            page += 1
            let response = try generator.respond(
                toQuery: "results=\(users)&seed=bench&page=\(page)", now: now,
                portraitBaseURL: "http://127.0.0.1:8080/api/portraits/")
            bodyBytes = response.body.count
        }
        Bench.report(
            "simulator",
            [
                "users": users,
                "users_per_s": Int((Double(users) / seconds).rounded()),
                "page_ms": Bench.fixed(seconds * 1000, 1),
                "body_kib": bodyBytes / 1024,
                "data": source,
            ])
    }

    /// The official lists when they sit beside the repository, else the built-in ones.
    private static func loadData() throws -> (GeneratorData, String) {
        let official = SharedReferenceData.officialData
        if FileManager.default.fileExists(atPath: official.appendingPathComponent("common").path) {
            return (try GeneratorData.load(from: official), "official")
        }
        return (try GeneratorData.builtIn(), "builtin")
    }
}
