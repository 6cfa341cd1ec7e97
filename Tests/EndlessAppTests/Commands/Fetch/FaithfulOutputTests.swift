import CoinGeckoAPI
import Endless
import EndlessCache
import EndlessCommandLine
import EndlessHTTP
import EndlessSimulator
import EndlessTesting
import Foundation
import RandomUserAPI
import ReqresAPI
import Testing
import UnsplashAPI

@testable import EndlessApp

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `endless fetch --format json` is the service's answer and `ndjson` its items, exactly: for
/// every captured answer and every shape the simulators send, served over loopback, the output
/// parses to the input's values (same keys, same order, same values, same number digits), and
/// so do the items a feed reads back from the page cache offline.
@Suite("Faithful output: what the service sent, online and from the cache", .timeLimit(TimeBudget.minutes(2)))
struct FaithfulOutputTests {
    /// `endless <arguments>` through the real tool.
    static func run(_ arguments: [String]) async -> (status: Int32, output: String, error: String) {
        let captured = CapturedOutput()
        let status = await EndlessCommand.tool.run(arguments, output: captured.output)
        return (status, captured.standardOutput, captured.standardError)
    }

    /// The items of an answer: `results`, the bare array, `data`.
    static func items(of answer: LiteralJSON, feed: String) -> [LiteralJSON] {
        switch feed {
        case "people": answer["results"]?.array ?? []
        case "users": answer["data"]?.array ?? []
        default: answer.array ?? []
        }
    }

    static func parseLines(_ text: String) throws -> [LiteralJSON] {
        try text.split(separator: "\n").map { try LiteralJSON.parse(Array($0.utf8)) }
    }

    static func fetchArguments(_ answer: CapturedAnswers.Answer, server: LoopbackAnswer, format: String) -> [String] {
        var arguments = ["fetch", answer.feed, "--api", server.url.absoluteString + answer.apiPath, "--format", format, "--retries", "0"]
        if answer.feed == "photos" { arguments += ["--access-key", "test-key"] }
        return arguments
    }

    static var answers: [CapturedAnswers.Answer] { CapturedAnswers.all }

    @Test("every captured randomuser.me body in ../shared is among the answers (a missing folder fails, naming it)")
    func capturesFound() throws {
        let folder = SharedReferenceData.fixtures
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
        #expect(names.count >= 4, "captures in \(folder.path): \(names)")
        for name in names {
            _ = try SharedReferenceData.data(at: folder.appendingPathComponent(name))
        }
        #expect(Set(CapturedAnswers.randomUser.map(\.name)) == Set(names))
    }

    @Test("json is the answer as sent and ndjson its items as sent, keys in order, digits kept", arguments: answers)
    func fetchOutput(_ answer: CapturedAnswers.Answer) async throws {
        let server = try LoopbackAnswer(body: Data(answer.body.utf8))
        defer { server.stop() }
        let sent = try LiteralJSON.parse(Array(answer.body.utf8))

        let json = await Self.run(Self.fetchArguments(answer, server: server, format: "json"))
        #expect(json.status == 0, "\(json.error)")
        #expect(try LiteralJSON.parse(Array(json.output.utf8)) == sent)

        let ndjson = await Self.run(Self.fetchArguments(answer, server: server, format: "ndjson"))
        #expect(ndjson.status == 0, "\(ndjson.error)")
        let records = try Self.parseLines(ndjson.output)
        let expected = Self.items(of: sent, feed: answer.feed)
        #expect(!expected.isEmpty)
        #expect(records.count == expected.count)
        for (record, item) in zip(records, expected) {
            #expect(record == item, "\(record.compactText())\nis not what was sent:\n\(item.compactText())")
        }
        // One record a line; nothing a terminal acts on is raw (it is escaped, as in json).
        for output in [json.output, ndjson.output] {
            #expect(!output.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
            #expect(!output.unicodeScalars.contains { [0x2028, 0x2029, 0x202E, 0xFEFF].contains($0.value) })
        }
    }

    @Test("the page cache keeps what the service sent: offline, the items are the same as online", arguments: answers)
    func throughTheCache(_ answer: CapturedAnswers.Answer) async throws {
        let server = try LoopbackAnswer(body: Data(answer.body.utf8))
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endless-faithful-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let sent = Self.items(of: try LiteralJSON.parse(Array(answer.body.utf8)), feed: answer.feed)
        let api = try #require(URL(string: server.url.absoluteString + answer.apiPath))

        let online = try await Self.firstPage(of: answer.feed, api: api, cache: PageCache(directory: folder), mode: .readWrite)
        let offline = try await Self.firstPage(of: answer.feed, api: api, cache: PageCache(directory: folder), mode: .offline)
        #expect(offline == online, "offline output differs from online")
        let records = try Self.parseLines(offline)
        #expect(records == sent)
    }

    @Test("every shape the simulators send comes out as sent: randomuser 1.0–1.4 (compact and pretty), photos, users, coins")
    func simulatorShapes() async throws {
        let server = SimulatorServer(configuration: SimulatorConfiguration(data: try GeneratorData.builtIn(), rateLimit: nil))
        let root = try server.start().deletingLastPathComponent()
        defer { server.stop() }
        var answers: [CapturedAnswers.Answer] = []
        for version in ["1.0", "1.1", "1.2", "1.3", "1.4"] {
            for format in ["json", "pretty"] {
                let body = try await Self.get(root, "api/\(version)/?results=7&seed=faithful&format=\(format)")
                answers.append(.init(feed: "people", name: "simulator \(version) \(format)", body: body))
            }
        }
        answers.append(.init(feed: "photos", name: "simulator photos", body: try await Self.get(root, "unsplash/photos?per_page=5")))
        answers.append(.init(feed: "users", name: "simulator users", body: try await Self.get(root, "reqres/api/users?page=2")))
        let coins = "coingecko/api/v3/coins/markets?vs_currency=eur&per_page=5&sparkline=true&price_change_percentage=1h,24h,7d"
        answers.append(.init(feed: "coins", name: "simulator coins", body: try await Self.get(root, coins)))
        for answer in answers {
            #expect(answer.body.utf8.count > 200, "\(answer)")
            try await fetchOutput(answer)
            try await throughTheCache(answer)
        }
    }

    /// A simulator's answer, as bytes.
    static func get(_ root: URL, _ path: String) async throws -> String {
        var request = URLRequest(url: try #require(URL(string: root.absoluteString + path)))
        request.setValue("Client-ID test", forHTTPHeaderField: "Authorization")
        request.setValue("reqres-free-v1", forHTTPHeaderField: "x-api-key")
        let (data, response) = try await URLSession(configuration: .ephemeral).data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(path)")
        return String(decoding: data, as: UTF8.self)
    }

    /// The first page of `feed` through a page cache in `mode`, printed as ndjson.
    static func firstPage(of feed: String, api: URL, cache: PageCache, mode: CacheMode) async throws -> String {
        let http = HTTPClient(baseURL: api, configuration: .init(retryPolicy: RetryPolicy(maxRetries: 0)))
        let request = PageRequest<Int>(direction: .refresh, key: nil, loadSize: 10)
        switch feed {
        case "people":
            let source = try RandomUserPageSource(client: RandomUserClient(http: http), query: RandomUserQuery(results: 10))
            let page = try await cached(source, cache: cache, mode: mode).load(
                PageRequest(direction: .refresh, key: nil, loadSize: 10))
            return FetchJSON.ndjson(page.items)
        case "photos":
            let page = try await cached(UnsplashPageSource(client: UnsplashClient(http: http, accessKey: "k")), cache: cache, mode: mode)
                .load(request)
            return FetchJSON.ndjson(page.items)
        case "users":
            let page = try await cached(ReqresPageSource(client: ReqresClient(http: http)), cache: cache, mode: mode).load(request)
            return FetchJSON.ndjson(page.items)
        default:
            let source = CoinMarketsPageSource(client: CoinGeckoClient(http: http), query: try CoinMarketsQuery(perPage: 10))
            let page = try await cached(source, cache: cache, mode: mode).load(PageRequest(direction: .refresh, key: nil, loadSize: 10))
            return FetchJSON.ndjson(page.items)
        }
    }

    static func cached<Source: PageSource>(_ source: Source, cache: PageCache, mode: CacheMode) -> CachedPageSource<Source>
    where Source.Item: Codable & RawJSONRepresentable, Source.Key: Codable {
        CachedPageSource(
            source, cache: cache, feed: "faithful", policy: .neverStale, mode: mode,
            codec: RawJSONPageBodyCodec<Source.Item, Source.Key>())
    }
}
