import EndlessTesting
import Foundation
import Testing

@testable import EndlessSimulator

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The server with the real generator (Sources/EndlessSimulator/Services/RandomUser/Generator)
/// and its built-in lists (Sources/EndlessSimulator/Lists/BuiltInData), over loopback HTTP.
@Suite("Users end to end")
struct UsersEndToEndTests {
    private static let fixedNow = Date(timeIntervalSince1970: 1_750_000_000)

    private func startServer(
        faults: FaultConfiguration = .none, rateLimit: RateLimitConfiguration? = .default,
        clock: any Clock<Duration> = ContinuousClock()
    ) throws -> (SimulatorServer, UInt16) {
        let server = SimulatorServer(
            configuration: SimulatorConfiguration(
                data: try GeneratorData.builtIn(), faults: faults, rateLimit: rateLimit, clock: clock,
                now: { Self.fixedNow }))
        let port = try #require(try server.start().port)
        return (server, UInt16(port))
    }

    private func json(_ response: RawClient.Response) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test("/api/?results=5&seed=abc answers 5 users, reproducibly")
    func fiveUsers() throws {
        let (server, port) = try startServer()
        defer { server.stop() }
        let client = try RawClient(port: port)
        let response = try client.get("/api/?results=5&seed=abc")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        #expect(response.header("Access-Control-Allow-Origin") == "*")
        #expect(response.header("Cache-Control") == "no-cache")
        let body = try json(response)
        #expect((body["results"] as? [Any])?.count == 5)
        let info = try #require(body["info"] as? [String: Any])
        #expect(info["seed"] as? String == "abc")
        #expect(info["results"] as? Int == 5)
        #expect(info["version"] as? String == "1.4")
        #expect(try client.get("/api/1.4/?results=5&seed=abc").body == response.body)
    }

    @Test("picture URLs point at this server, and each one serves a JPEG of its size")
    func pictures() throws {
        let (server, port) = try startServer()
        defer { server.stop() }
        let client = try RawClient(port: port)
        let body = try json(try client.get("/api/?results=3&seed=pictures"))
        let users = try #require(body["results"] as? [[String: Any]])
        for user in users {
            let picture = try #require(user["picture"] as? [String: String])
            for (key, size) in [("large", 128), ("medium", 72), ("thumbnail", 48)] {
                let url = try #require(picture[key])
                let prefix = "http://127.0.0.1:\(port)"
                #expect(url.hasPrefix(prefix + "/api/portraits/"))
                let image = try client.get(String(url.dropFirst(prefix.count)))
                #expect(image.status == 200)
                #expect(JPEGDecoder.decode(image.body)?.width == size)
            }
        }
    }

    @Test("the rate limit counts generated users")
    func rateLimit() throws {
        let clock = ManualClock()
        let (server, port) = try startServer(rateLimit: .init(maxUsers: 10, window: .seconds(300)), clock: clock)
        defer { server.stop() }
        let client = try RawClient(port: port)
        #expect(try client.get("/api/?results=6&seed=a").status == 200)
        #expect(try client.get("/api/?results=6&seed=b").status == 200)
        let refused = try client.get("/api/?results=1")
        #expect(refused.status == 429)
        #expect(refused.text.contains("You've requested 12 users in the last 5 minutes."))
        clock.advance(by: .seconds(300))
        #expect(try client.get("/api/?results=1").status == 200)
    }

    @Test("the empty-results fault empties a real page but keeps info.results")
    func emptyResults() throws {
        let (server, port) = try startServer(faults: .init(chaosSeed: 3, emptyResultsRate: 1))
        defer { server.stop() }
        let body = try json(try RawClient(port: port).get("/api/?results=5&seed=abc"))
        #expect((body["results"] as? [Any])?.isEmpty == true)
        #expect((body["info"] as? [String: Any])?["results"] as? Int == 5)
    }

    @Test("URLSession fetches a page; HEAD gives its length without the body")
    func urlSession() async throws {
        let (server, port) = try startServer()
        defer { server.stop() }
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/api/?results=3&seed=session"))
        let (data, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let body = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((body["results"] as? [Any])?.count == 3)
        let head = try RawClient(port: port).get("/api/?results=3&seed=session", method: "HEAD")
        #expect(head.header("Content-Length") == String(data.count))
    }

    @Test("a request that crashes the live service (nat=,) is a JSON 500")
    func crashingRequest() throws {
        let (server, port) = try startServer()
        defer { server.stop() }
        let response = try RawClient(port: port).get("/api/?nat=,")
        #expect(response.status == 500)
        #expect(response.text.hasPrefix(#"{"error":"#))
    }
}
