import Foundation
import Testing

@testable import EndlessSimulator

/// The server's threads carry their names in the kernel (`/proc/.../comm`), where `top -H`, a
/// profile and the bench's per-thread CPU read them; Foundation's `Thread.name` does not get
/// there on Linux.
@Suite("Simulator thread names")
struct ThreadNameTests {
    /// Answers each request with the kernel's name for the thread that answered it: the I/O
    /// thread for `/loop`, a worker of the API or asset lane for `/api` and `/asset`.
    struct NamingHandler: HTTPHandler {
        func respond(to request: HTTPRequest) -> HTTPResponse { .text(200, Self.threadName()) }

        func answer(_ request: HTTPRequest) -> HTTPAnswer {
            switch request.path {
            case "/loop": .ready(.text(200, Self.threadName()))
            case "/asset": .compute(lane: .assets) { .text(200, Self.threadName()) }
            default: .compute(lane: .api) { .text(200, Self.threadName()) }
            }
        }

        static func threadName() -> String {
            let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "unreadable"
            return name.trimmingCharacters(in: .newlines)
        }
    }

    @Test("the I/O thread and every worker are named sim-… in the kernel")
    func kernelNames() throws {
        let server = HTTPServer(
            options: .init(host: "127.0.0.1", port: 0, limits: ServerLimits(), log: nil), handler: NamingHandler())
        defer { server.stop() }
        let port = try server.start().port
        var names: [String: String] = [:]
        for path in ["/loop", "/api", "/asset"] {
            let client = try RawClient(port: port)
            try client.send("GET \(path) HTTP/1.1\r\nHost: h\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 200)
            names[path] = response.text
        }
        #expect(names["/loop"] == "sim-http")
        #expect(names["/api"]?.hasPrefix("sim-api-") == true, "\(names["/api"] ?? "none")")
        #expect(names["/asset"]?.hasPrefix("sim-asset-") == true, "\(names["/asset"] ?? "none")")
    }
}
