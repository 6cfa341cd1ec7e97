import EndlessTesting
import Foundation
import Testing

@testable import EndlessSimulator

/// The offline reqres.in behind the simulator host, over raw HTTP on 127.0.0.1.
@Suite("Simulated reqres.in", .timeLimit(TimeBudget.minutes(1)))
struct ReqresServiceTests {
    static let key = "x-api-key: reqres-free-v1\r\n"

    static func start(users: Int = 12, faults: FaultConfiguration = .none) throws -> (server: HTTPServer, client: RawClient) {
        let service = ReqresService(directory: ReqresDirectory(count: users, data: try GeneratorData.builtIn()), portraits: .shared)
        let host = SimulatorHost(services: [service], faults: faults.isEnabled ? FaultInjector(configuration: faults) : nil)
        let (server, port) = try startHTTPServer(handler: host)
        return (server, try RawClient(port: port))
    }

    func get(_ client: RawClient, _ target: String, key: Bool = true) throws -> RawClient.Response {
        try client.get(target, headers: "Host: 127.0.0.1:1\r\n" + (key ? Self.key : ""))
    }

    @Test("page 2 is byte for byte the real service's, but for the avatar host")
    func pageTwo() throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        let response = try get(client, "/reqres/api/users?page=2")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        #expect(
            response.text == Self.realPageTwo.replacingOccurrences(of: "https://reqres.in/img", with: "http://127.0.0.1:1/reqres/img"))
    }

    @Test("slicing as the original: per_page, a page past the end is empty, odd numbers are the defaults")
    func slicing() throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        #expect(try get(client, "/reqres/api/users?page=3&per_page=5").text.contains(#""data":[{"id":11,"#))
        let past = try get(client, "/reqres/api/users?page=9").text
        #expect(past.hasPrefix(#"{"page":9,"per_page":6,"total":12,"total_pages":2,"data":[],"support":"#))
        #expect(try get(client, "/reqres/api/users?page=x&per_page=-3").text.hasPrefix(#"{"page":1,"per_page":6,"#))
    }

    @Test("one user, 404 {} for a missing one, 401 with the real body without a key")
    func singleAndErrors() throws {
        let (server, client) = try Self.start()
        defer { server.stop() }
        #expect(try get(client, "/reqres/api/users/2").text.hasPrefix(#"{"data":{"id":2,"email":"janet.weaver@reqres.in","#))
        let missing = try get(client, "/reqres/api/users/23")
        #expect(missing.status == 404 && missing.text == "{}")
        let refused = try get(client, "/reqres/api/users", key: false)
        #expect(refused.status == 401)
        #expect(refused.text == #"{"error":"Missing API key.","how_to_get_one":"https://reqres.in/signup"}"#)
        // Avatars need no key, like the real images.
        let avatar = try get(client, "/reqres/img/faces/7-image.jpg", key: false)
        #expect(avatar.status == 200 && avatar.header("Content-Type") == "image/jpeg")
        #expect(avatar.body.starts(with: [0xFF, 0xD8]))
        #expect(try get(client, "/reqres/img/faces/99-image.jpg").status == 404)
    }

    @Test("delay=N holds the answer N seconds, at most 10")
    func delay() throws {
        let service = ReqresService(directory: ReqresDirectory(data: nil), portraits: .shared)
        func delivery(_ query: String) -> Duration {
            let request = HTTPRequest(
                method: "GET", target: "/reqres/api/users?\(query)", path: "/reqres/api/users", query: query, version: .http11,
                headers: ["x-api-key": "k"], peer: SocketAddress(host: "127.0.0.1", port: 1, isIPv6: false),
                local: SocketAddress(host: "127.0.0.1", port: 2, isIPv6: false))
            return service.respond(to: request).delivery.delay
        }
        #expect(delivery("delay=3") == .seconds(3))
        #expect(delivery("delay=60") == .seconds(10))
        #expect(delivery("page=1") == .zero)
    }

    @Test("the host's faults apply to reqres too: empty results empty `data` and keep the counts")
    func faults() throws {
        let (server, client) = try Self.start(faults: FaultConfiguration(chaosSeed: 1, emptyResultsRate: 1))
        defer { server.stop() }
        let text = try get(client, "/reqres/api/users?page=1").text
        #expect(text.hasPrefix(#"{"page":1,"per_page":6,"total":12,"total_pages":2,"data":[],"support":"#))
    }

    @Test("the host's root lists the services; an unmounted path is a plain 404")
    func hostIndex() throws {
        let randomUser = RandomUserService(
            generator: RandomUserGenerator(data: try GeneratorData.builtIn()), portraits: .shared, rateLimiter: nil,
            now: { Date() })
        let reqres = ReqresService(directory: ReqresDirectory(data: nil), portraits: .shared)
        let (server, port) = try startHTTPServer(handler: SimulatorHost(services: [randomUser, reqres], faults: nil))
        defer { server.stop() }
        let client = try RawClient(port: port)
        let index = try client.get("/")
        #expect(index.status == 200 && index.text == "endless simulator\n/api/\n/reqres/\n")
        #expect(try client.get("/unsplash/photos").status == 404)
    }

    /// The live `GET /api/users?page=2` body, as public test suites capture it.
    static let realPageTwo = #"""
        {"page":2,"per_page":6,"total":12,"total_pages":2,"data":[{"id":7,"email":"michael.lawson@reqres.in","first_name":"Michael","last_name":"Lawson","avatar":"https://reqres.in/img/faces/7-image.jpg"},{"id":8,"email":"lindsay.ferguson@reqres.in","first_name":"Lindsay","last_name":"Ferguson","avatar":"https://reqres.in/img/faces/8-image.jpg"},{"id":9,"email":"tobias.funke@reqres.in","first_name":"Tobias","last_name":"Funke","avatar":"https://reqres.in/img/faces/9-image.jpg"},{"id":10,"email":"byron.fields@reqres.in","first_name":"Byron","last_name":"Fields","avatar":"https://reqres.in/img/faces/10-image.jpg"},{"id":11,"email":"george.edwards@reqres.in","first_name":"George","last_name":"Edwards","avatar":"https://reqres.in/img/faces/11-image.jpg"},{"id":12,"email":"rachel.howell@reqres.in","first_name":"Rachel","last_name":"Howell","avatar":"https://reqres.in/img/faces/12-image.jpg"}],"support":{"url":"https://reqres.in/#support-heading","text":"To keep ReqRes free, contributions towards server costs are appreciated!"}}
        """#
}
