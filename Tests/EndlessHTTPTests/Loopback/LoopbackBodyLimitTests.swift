import EndlessHTTP
import EndlessTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The body limit against a real socket, over both transports. libcurl reads as fast as loopback
/// delivers, so a transfer that is not cut off the moment it passes the limit goes on reading,
/// and buffering, long after: an image announcing 200 MB was read for 87 to 209 MB.
///
/// What the client keeps is bounded exactly (peak memory, measured in a process of its own,
/// ``ChildTestProcess``). When the socket closes is up to FoundationNetworking, whose cancel
/// waits for its work queue while libcurl has data to read; so the floods are 1 GB, and the
/// tests check that the client hung up long before the end.
@Suite("Body limit over loopback TCP", .timeLimit(TimeBudget.minutes(2)))
struct LoopbackBodyLimitTests {
    static let limit = 10 * 1024 * 1024
    static let role = "flood"
    /// The length of every flood, announced or not.
    static let floodBytes = 1_000_000_000

    @Test("a body announcing 1 GB is refused on its headers, and its flood stops early", arguments: TransportKind.allCases)
    func announcedLength(kind: TransportKind) throws {
        let figures = try flood(kind, environment: ["FLOOD_ANNOUNCED": String(Self.floodBytes)])
        #expect(figures["declared"] == Self.floodBytes)
        guard !ProcessMemory.isUnderThreadSanitizer else { return }  // shadow memory, not ours
        // Nothing of the body is kept: the refusal came with the headers.
        #expect((figures["peakGrowthKiB"] ?? .max) < 8 * 1024, "\(figures)")
    }

    @Test("a body without a length is cut off at the limit, and its flood stops early", arguments: TransportKind.allCases)
    func unannouncedLength(kind: TransportKind) throws {
        let figures = try flood(kind, environment: [:])
        #expect(figures["declared"] == -1)
        guard !ProcessMemory.isUnderThreadSanitizer else { return }
        // At most the limit is kept, never what came after it.
        #expect((figures["peakGrowthKiB"] ?? .max) < (Self.limit + 8 * 1024 * 1024) / 1024, "\(figures)")
    }

    /// Runs one flood in a child process and checks what every flood must show.
    private func flood(_ kind: TransportKind, environment: [String: String]) throws -> [String: Int] {
        let outcome = try ChildTestProcess.run(
            filter: "LoopbackBodyLimitTests/child", role: Self.role, environment: environment.merging(["FLOOD_TRANSPORT": kind.rawValue]) { $1 })
        #expect(outcome.status == 0, "child failed:\n\(outcome.output)")
        let figures = outcome.figures
        let sent = try #require(figures["sentBytes"], "the child test did not run:\n\(outcome.output)")
        #expect(figures["tooLarge"] == 1, "\(outcome.output)")
        // The client hung up before the flood ended; what it read past the limit it dropped.
        // A missing hang-up reports -1. Under ThreadSanitizer the client runs many times slower
        // than the server writes, and a loaded machine has seen it read the whole gigabyte
        // before its cancel took: there the hang-up's timing is not checked, only that the flood
        // was sent (the plain run checks both).
        #expect(sent > 0, "the server wrote \(sent) bytes")
        if !ProcessMemory.isUnderThreadSanitizer { #expect(sent < Self.floodBytes, "the server wrote \(sent) bytes") }
        return figures
    }

    @Test("child: one flood", .enabled(if: ChildTestProcess.role == role))
    func child() async throws {
        let announced = ProcessInfo.processInfo.environment["FLOOD_ANNOUNCED"].flatMap(Int64.init)
        let server = try FloodServer(framing: announced.map { .contentLength($0) } ?? .untilClose)
        let kind = ProcessInfo.processInfo.environment["FLOOD_TRANSPORT"].flatMap(TransportKind.init(rawValue:)) ?? .urlSession
        let transport = kind.make()
        // The session or thread (and libcurl with it) is made by the first request: made here,
        // by one to a closed loopback port, its own memory is not counted as the flood's.
        let closed = try #require(URL(string: "http://127.0.0.1:1/"))
        _ = try? await transport.send(URLRequest(url: closed), maxBodyBytes: 1024)
        let baseline = ProcessMemory.residentKiB
        ProcessMemory.resetPeak()
        var error: HTTPError?
        do {
            _ = try await transport.send(URLRequest(url: server.url("huge.png")), maxBodyBytes: Self.limit)
        } catch let thrown {
            error = thrown
        }
        let peak = ProcessMemory.peakResidentKiB - baseline
        let sent = server.bodyBytesSent() ?? -1
        var declared = -2
        if case .bodyTooLarge(Self.limit, let length) = error { declared = length.map { Int($0) } ?? -1 }
        try ChildTestProcess.report([
            "tooLarge": declared == -2 ? 0 : 1, "declared": declared, "sentBytes": sent, "peakGrowthKiB": peak,
        ])
    }
}
