import EndlessHTTP
import Synchronization
import Testing

@testable import EndlessSimulator

/// The request log (`endless serve` prints it) never shows a key a client sent.
@Suite("Request log redaction")
struct RequestLogRedactionTests {
    static let secret = "SECRET"

    @Test("keys in query items and headers never reach the log; the rest of each line stays")
    func secretsNeverLogged() throws {
        let lines = Mutex<[String]>([])
        var configuration = SimulatorConfiguration(data: try GeneratorData.builtIn(), rateLimit: nil)
        configuration.log = { line in lines.withLock { $0.append(line) } }
        let server = SimulatorServer(configuration: configuration)
        let port = try #require(try server.start().port)
        let requests: [(target: String, header: String?)] = [
            ("/unsplash/photos?client_id=\(Self.secret)&page=1", nil),
            ("/unsplash/photos?page=2&client%5Fid=\(Self.secret)", nil),
            ("/coingecko/api/v3/ping?x_cg_demo_api_key=\(Self.secret)", nil),
            ("/unsplash/photos?page=3", "Authorization: Client-ID \(Self.secret)"),
            ("/reqres/api/users?page=2", "x-api-key: \(Self.secret)"),
            ("/coingecko/api/v3/ping", "x-cg-demo-api-key: \(Self.secret)"),
        ]
        for request in requests {
            let client = try RawClient(port: UInt16(port))
            let headers = "Host: 127.0.0.1:\(port)\r\n" + (request.header.map { $0 + "\r\n" } ?? "")
            _ = try client.get(request.target, headers: headers)
        }
        server.stop()

        let logged = lines.withLock { $0 }
        #expect(logged.count == requests.count)
        for line in logged {
            #expect(!line.contains(Self.secret), "\(line)")
        }
        #expect(logged.first?.hasPrefix("GET /unsplash/photos?client_id=\(Redactor.default.replacement)&page=1 ") == true)
        #expect(logged.dropFirst().first?.hasPrefix("GET /unsplash/photos?page=2&client%5Fid=\(Redactor.default.replacement) ") == true)
        #expect(logged.dropFirst(4).first?.hasPrefix("GET /reqres/api/users?page=2 ") == true)
    }

    @Test(
        "a target keeps everything but its secret values",
        arguments: [
            ("/api/portraits/men/7.jpg", "/api/portraits/men/7.jpg"),
            ("/api/?results=5&seed=abc", "/api/?results=5&seed=abc"),
            ("/x?access_token=t&n=1&API_KEY=k", "/x?access_token=<redacted>&n=1&API_KEY=<redacted>"),
            ("/x?token", "/x?token"),
            ("/x?&key=&", "/x?&key=<redacted>&"),
            ("/x?a=1&secret=s=t", "/x?a=1&secret=<redacted>"),
            ("/x?%ZZkey=v", "/x?%ZZkey=<redacted>"),
        ])
    func target(_ sent: String, _ logged: String) {
        #expect(RequestLogLine.redactedTarget(sent, redactor: .default) == logged)
    }
}
