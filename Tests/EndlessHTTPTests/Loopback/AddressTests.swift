import EndlessTesting
import Foundation
import Testing

@testable import EndlessHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Addresses that fail in confusing ways unless the client says what to do.
@Suite("Plain HTTP behind https, and IPv6 literals", .timeLimit(TimeBudget.minutes(1)))
struct AddressTests {
    /// What a plain-HTTP server answers a TLS ClientHello with (the simulator does the same).
    static let plainAnswer = "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"

    @Test("https to a plain-HTTP server says to use http://", arguments: TransportKind.allCases)
    func httpsToPlainHTTP(kind: TransportKind) async throws {
        let server = try CannedServer(reply: Self.plainAnswer)
        defer { server.stop() }
        let transport = kind.make()
        let url = try #require(URL(string: "https://127.0.0.1:\(server.port)/api/"))
        let error = await httpError { try await transport.send(URLRequest(url: url), maxBodyBytes: 1 << 20) }
        guard case .transport(let code, let message) = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(code == .secureConnectionFailed)
        #expect(message == HTTPError.plainHTTPServerMessage)
        #expect(error?.description.hasPrefix("The server speaks plain HTTP: use http:// instead of https://.") == true)
        #expect(error?.isTransient == false)
    }

    @Test("the same plain answer over http is just a response", arguments: TransportKind.allCases)
    func plainHTTPOverHTTP(kind: TransportKind) async throws {
        let server = try CannedServer(reply: Self.plainAnswer)
        defer { server.stop() }
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/api/"))
        let response = try await kind.make().send(URLRequest(url: url), maxBodyBytes: 1 << 20)
        #expect(response.statusCode == 400)
    }

    // The transports differ here: FoundationNetworking cannot reach an IPv6 literal (so
    // URLSessionTransport refuses one, saying what to use), libcurl reaches it.
    #if canImport(FoundationNetworking)
        @Test("URLSession: an IPv6 literal is refused before sending, with what to use instead")
        func ipv6Literal() async throws {
            let url = try #require(URL(string: "http://[::1]:8080/api/"))
            let error = await httpError { try await URLSessionTransport().send(URLRequest(url: url), maxBodyBytes: 1 << 20) }
            guard case .invalidRequest(let reason) = error else {
                Issue.record("expected invalidRequest, got \(String(describing: error))")
                return
            }
            #expect(reason.contains("IPv6 literal"))
            #expect(reason.contains("http://localhost:8080/"))
            let other = try #require(URL(string: "http://[fd00::2]/"))
            #expect(URLSessionTransport.unreachableOnLinux(other)?.contains("/etc/hosts") == true)
            #expect(URLSessionTransport.unreachableOnLinux(URL(string: "http://127.0.0.1:1/")) == nil)
        }
    #endif

    @Test("libcurl: an IPv6 literal is reached")
    func ipv6LiteralWithCurl() async throws {
        let server = try CannedServer(
            ipv6: true, reply: "HTTP/1.1 200 OK\r\nContent-Length: 4\r\nConnection: close\r\n\r\nv6ok")
        defer { server.stop() }
        let url = try #require(URL(string: "http://[::1]:\(server.port)/"))
        let response = try await CurlTransport().send(URLRequest(url: url), maxBodyBytes: 1 << 20)
        #expect(response.statusCode == 200)
        #expect(response.body == Data("v6ok".utf8))
    }

    @Test("a server listening on ::1 is reached through localhost", arguments: TransportKind.allCases)
    func ipv6ThroughLocalhost(kind: TransportKind) async throws {
        let server = try CannedServer(
            ipv6: true, reply: "HTTP/1.1 200 OK\r\nContent-Length: 4\r\nConnection: close\r\n\r\nv6ok")
        defer { server.stop() }
        let url = try #require(URL(string: "http://localhost:\(server.port)/"))
        let response = try await kind.make().send(URLRequest(url: url), maxBodyBytes: 1 << 20)
        #expect(response.statusCode == 200)
        #expect(response.body == Data("v6ok".utf8))
    }
}
