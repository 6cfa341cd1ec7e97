import Foundation
import Synchronization
import Testing

@testable import EndlessSimulator

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Service routing and headers")
struct ServiceRoutingTests {
    @Test(
        "/api/ and /api/1.4/, with or without the slash, reach the generator with the live headers",
        arguments: ["/api/", "/api", "/api/1.4/", "/api/1.4"])
    func apiPaths(_ path: String) throws {
        let (server, port) = try startService()
        defer { server.stop() }
        let response = try RawClient(port: port).get("\(path)?results=3")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        #expect(response.header("Access-Control-Allow-Origin") == "*")
        #expect(response.header("Cache-Control") == "no-cache")
        #expect(response.text.contains(#""results":3"#))
    }

    @Test("an unknown API version answers a plain Not Found; 1.0 to 1.3 are answered in their own shape")
    func versions() throws {
        let (server, port) = try startService()
        defer { server.stop() }
        let client = try RawClient(port: port)
        let unknown = try client.get("/api/9.9/?results=1")
        #expect(unknown.status == 404)
        #expect(unknown.text == "Not Found")
        #expect(unknown.header("Content-Type")?.hasPrefix("text/plain") == true)
        for version in ["1.0", "1.1", "1.2", "1.3", "1.4"] {
            let answer = try client.get("/api/\(version)/")
            #expect(answer.status == 200)
            #expect(answer.text.hasSuffix(#""version":"\#(version)"}}"#), "\(answer.text)")
        }
        for path in ["/index.html", "/apix/", "/api/portraits/", "/API/"] {
            #expect(try client.get(path).status == 404, "\(path)")
        }
    }

    @Test("portraits are served as JPEGs of each size; out-of-range numbers are 404")
    func portraits() throws {
        let (server, port) = try startService()
        defer { server.stop() }
        let client = try RawClient(port: port)
        for (path, size) in [("men/5.jpg", 128), ("med/women/96.jpg", 72), ("thumb/men/99.jpg", 48)] {
            let response = try client.get("/api/portraits/\(path)")
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "image/jpeg")
            #expect(response.header("Access-Control-Allow-Origin") == "*")
            #expect(JPEGDecoder.decode(response.body)?.width == size)
        }
        #expect(try client.get("/api/portraits/women/97.jpg").status == 404)
        #expect(try client.get("/api/portraits/men/100.jpg").status == 404)
        let head = try client.get("/api/portraits/men/5.jpg", method: "HEAD")
        #expect(head.header("Content-Length") == String(PortraitStore.shared.jpeg(for: .init(gender: .men, index: 5, size: .large)).count))
    }

    @Test("picture URLs use a valid Host header, else the address the request came in on")
    func portraitBaseURL() throws {
        let (server, port) = try startService()
        defer { server.stop() }
        let client = try RawClient(port: port)
        let named = try client.get("/api/", headers: "Host: people.test:8080\r\n")
        #expect(named.text.contains("http://people.test:8080/api/portraits/men/1.jpg"))
        let hostile = try client.get("/api/", headers: "Host: evil\"/><script>\r\n")
        #expect(hostile.text.contains("http://127.0.0.1:\(port)/api/portraits/men/1.jpg"))
        try client.send("GET /api/ HTTP/1.0\r\n\r\n")
        #expect(try client.readResponse().text.contains("http://127.0.0.1:\(port)/api/portraits/"))
    }

    @Test(
        "Host header validation",
        arguments: [
            ("localhost", true), ("127.0.0.1:41235", true), ("[::1]:8080", true), ("[::1]", true), ("a-b.example.org", true),
            ("", false), ("host:", false), ("host:99999", false), ("ho st", false), ("[::1", false), ("-x", false),
            ("h\"x", false), ("host:80:80", false), ("[::1]x", false), ("host/x", false),
        ])
    func hostHeader(_ value: String, _ valid: Bool) {
        #expect((HostHeader.validAuthority(value) != nil) == valid)
    }

    @Test("a generator error is a JSON 500, not a crash or a hang")
    func generatorError() throws {
        let (server, port) = try startService()
        defer { server.stop() }
        let client = try RawClient(port: port)
        let response = try client.get("/api/?fail")
        #expect(response.status == 500)
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        #expect(response.text == #"{"error":"the fake generator was asked to fail"}"#)
        #expect(try client.get("/api/").status == 200)
    }

    @Test("downloads carry Content-Disposition")
    func download() throws {
        let (server, port) = try startService()
        defer { server.stop() }
        let response = try RawClient(port: port).get("/api/?dl")
        #expect(response.header("Content-Disposition") == "attachment; filename=\"users.json\"")
    }

    @Test("one log line per request: method, path and query, status, bytes, duration")
    func logLines() throws {
        let lines = Mutex<[String]>([])
        let (server, port) = try startService(log: { line in lines.withLock { $0.append(line) } })
        let client = try RawClient(port: port)
        _ = try client.get("/api/?results=2")
        _ = try client.get("/nowhere")
        server.stop()
        let logged = lines.withLock { $0 }
        #expect(logged.count == 2)
        #expect(logged.first?.range(of: #"^GET /api/\?results=2 200 \d+B \d+\.\dms$"#, options: .regularExpression) != nil)
        #expect(logged.last?.hasPrefix("GET /nowhere 404 9B ") == true)
    }

    @Test("URLSession reads users and portraits")
    func urlSession() async throws {
        let (server, port) = try startService()
        defer { server.stop() }
        let base = "http://127.0.0.1:\(port)/api/"
        let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: base + "?results=4")))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let json = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((json["results"] as? [Any])?.count == 4)
        let (image, _) = try await URLSession.shared.data(from: try #require(URL(string: base + "portraits/thumb/women/4.jpg")))
        #expect(JPEGDecoder.decode(Array(image))?.width == 48)
    }
}
