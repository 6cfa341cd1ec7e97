import Foundation
import Glibc
import Testing

@testable import EndlessSimulator

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("SimulatorServer public API")
struct SimulatorServerTests {
    @Test("start() binds loopback on an ephemeral port and returns the API's base URL; stop() ends it")
    func startStop() throws {
        let server = SimulatorServer(configuration: SimulatorConfiguration(data: try GeneratorData.builtIn()))
        let url = try server.start()
        let port = try #require(url.port)
        #expect(url.absoluteString == "http://127.0.0.1:\(port)/api/")
        #expect(port != 0)
        #expect(server.baseURL == url)
        let client = try RawClient(port: UInt16(port))
        #expect(try client.get("/api/portraits/thumb/women/1.jpg").status == 200)
        server.stop()
        #expect(server.baseURL == nil)
        // The connection it kept open ends with it. (That a new one is refused is not checked:
        // another test's server may be given the freed port at once, and answer.)
        #expect(client.readUntilClose().ending == .closed)
    }

    @Test("a wildcard bind reports a loopback URL")
    func wildcard() throws {
        let server = SimulatorServer(configuration: SimulatorConfiguration(data: try GeneratorData.builtIn(), host: "0.0.0.0"))
        let url = try server.start()
        defer { server.stop() }
        #expect(url.host == "127.0.0.1")
    }

    @Test("an IPv6 loopback server reports localhost (URLSession on Linux refuses IPv6 literals) and is served")
    func ipv6() throws {
        let server = SimulatorServer(configuration: SimulatorConfiguration(data: try GeneratorData.builtIn(), host: "::1"))
        let url = try server.start()
        defer { server.stop() }
        let port = try #require(url.port)
        #expect(url.absoluteString == "http://localhost:\(port)/api/")
        // FoundationNetworking rejects IPv6 literals (NSURLErrorBadURL), so a raw socket asks.
        let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        // A server that never answers fails the test, not hangs it.
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = UInt16(port).bigEndian
        inet_pton(AF_INET6, "::1", &address.sin6_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
        }
        #expect(connected == 0)
        let request = Array("GET /api/portraits/thumb/men/3.jpg HTTP/1.1\r\nHost: [::1]:\(port)\r\nConnection: close\r\n\r\n".utf8)
        #expect(send(fd, request, request.count, Int32(MSG_NOSIGNAL)) == request.count)
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            received += chunk[0..<count]
        }
        #expect(String(decoding: received.prefix(15), as: UTF8.self) == "HTTP/1.1 200 OK")
    }

    @Test("run() serves until its signal, then shuts down and returns the signal, again and again")
    func run() throws {
        // SIGUSR1/SIGUSR2 stand in for SIGINT/SIGTERM (same code path), so that no handler
        // another module's tests may install in this process ever sees them.
        for signalNumber in [SIGUSR1, SIGUSR2, SIGUSR1] {
            let server = SimulatorServer(configuration: SimulatorConfiguration(data: try GeneratorData.builtIn()))
            let result = try server.run(until: [SIGUSR1, SIGUSR2]) { url in
                // Serving now: prove it, then ask it to stop the way a terminal would.
                if let port = url.port, let client = try? RawClient(port: UInt16(port)) {
                    #expect((try? client.get("/api/portraits/men/2.jpg").status) == 200)
                }
                kill(getpid(), signalNumber)
            }
            #expect(result == signalNumber)
            #expect(server.baseURL == nil)
        }
    }

    @Test("a signal being served is caught by a handler, never ignored: the kernel discards an ignored signal")
    func signalIsCaughtNotIgnored() throws {
        // With SIG_IGN (what Dispatch signal sources need), a SIGTERM that arrived before
        // libdispatch had blocked it on every thread was dropped, and `endless serve` ran on.
        let token = ServeSignals.shared.observe([SIGUSR2]) { _ in }
        defer { ServeSignals.shared.stopObserving(token) }
        var action = sigaction()
        #expect(sigaction(SIGUSR2, nil, &action) == 0)
        let handler = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
        #expect(handler != unsafeBitCast(SIG_IGN, to: Int.self))
        #expect(handler != unsafeBitCast(SIG_DFL, to: Int.self))
    }

    @Test("the configuration's log sink receives the request lines")
    func log() throws {
        let lines = LogCollector()
        let server = SimulatorServer(
            configuration: SimulatorConfiguration(
                data: try GeneratorData.builtIn(), log: { lines.append($0) }))
        let url = try server.start()
        _ = try RawClient(port: UInt16(try #require(url.port))).get("/api/portraits/men/200.jpg")
        server.stop()
        #expect(lines.all.first?.hasPrefix("GET /api/portraits/men/200.jpg 404 ") == true)
    }
}
