import Dispatch
import EndlessTesting
import Foundation
import Glibc
import Testing

@testable import EndlessSimulator

/// Clients that ask for large responses and never read them must not grow the server without
/// bound, and what they held must be given back when they go.
///
/// Peak memory can only be measured in a process of its own (tests run in parallel), so the
/// parent test runs the child test below in a fresh process and checks its figures.
@Suite("HTTP server memory with clients that do not read", .timeLimit(TimeBudget.minutes(2)))
struct SlowReaderMemoryTests {
    static let role = "slow-readers"
    static let clients = 50
    /// Larger than what the kernel takes into a socket that is not read (about 4 MiB on
    /// loopback), so each response stays in the server until its client reads or leaves.
    static let bodyBytes = 6 * 1024 * 1024
    static let budget = 24 * 1024 * 1024

    @Test("50 clients that never read 6 MiB answers cost the budget, not 300 MiB, and it is given back")
    func boundedAndReturned() throws {
        let outcome = try ChildTestProcess.run(filter: "SlowReaderMemoryTests/child", role: Self.role)
        #expect(outcome.status == 0, "child failed:\n\(outcome.output)")
        let figures = outcome.figures
        let peak = try #require(figures["peakGrowthKiB"], "the child test did not run:\n\(outcome.output)")
        let retained = try #require(figures["retainedKiB"])
        #expect(figures["answered"] == Self.clients)
        #expect(figures["heldAfter"] == 0)
        // Some clients got their answer (the budget's worth), the rest a 503 at once.
        #expect((figures["full"] ?? 0) >= 3)
        #expect((figures["busy"] ?? 0) >= Self.clients / 2)
        guard !ProcessMemory.isUnderThreadSanitizer else { return }  // shadow memory, not ours
        // All 50 bodies held would be 300 MiB; the budget and two in generation are 36 MiB.
        #expect(peak < 48 * 1024, "peak grew by \(peak / 1024) MiB")
        #expect(retained < 8 * 1024, "\(retained / 1024) MiB stayed resident after the clients left")
    }

    @Test("child: the clients and the server in one process", .enabled(if: ChildTestProcess.role == role))
    func child() throws {
        let finished = DispatchSemaphore(value: 0)
        let limits = ServerLimits(workerThreads: 2, maxBufferedResponseBytes: Self.budget)
        let (server, port) = try startHTTPServer(limits: limits, log: { _ in finished.signal() })
        defer { server.stop() }
        // One exchange first, so what the runtime and the server set up once is not counted.
        let warmUp = try RawClient(port: port)
        #expect(try warmUp.get("/big?\(Self.bodyBytes)").body.count == Self.bodyBytes)
        #expect(finished.wait(timeout: .now() + 30) == .success)
        let baseline = ProcessMemory.residentKiB
        ProcessMemory.resetPeak()

        var clients = try (0..<Self.clients).map { _ in try RawClient(port: port) }
        for client in clients {
            try client.send("GET /big?\(Self.bodyBytes) HTTP/1.1\r\nHost: h\r\n\r\n")
        }
        // Each client's answer has begun once bytes wait in its socket; none is read.
        var full = 0
        var busy = 0
        for client in clients {
            var poller = pollfd(fd: client.fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 60_000) == 1 else { break }
            var status = [UInt8](repeating: 0, count: 12)
            guard recv(client.fd, &status, status.count, Int32(MSG_PEEK | MSG_WAITALL)) == status.count else { break }
            let line = String(decoding: status, as: UTF8.self)
            if line == "HTTP/1.1 200" { full += 1 }
            if line == "HTTP/1.1 503" { busy += 1 }
        }
        let peak = ProcessMemory.peakResidentKiB - baseline

        // Closing with unread data resets the connections; every exchange is then logged.
        clients.removeAll()
        for _ in 0..<Self.clients {
            guard finished.wait(timeout: .now() + 30) == .success else { break }
        }
        // A request accepted after the last close is served in a later loop turn, after the
        // memory of the closed ones was released.
        let check = try RawClient(port: port)
        #expect(try check.get("/echo").status == 200)
        let retained = ProcessMemory.residentKiB - baseline
        try ChildTestProcess.report([
            "peakGrowthKiB": peak, "retainedKiB": retained,
            "heldAfter": server.statistics.heldResponseBytes.load(ordering: .relaxed), "answered": full + busy, "full": full, "busy": busy,
        ])
    }
}
