import EndlessHTTP
import EndlessTesting
import Foundation
import Synchronization
import Testing

@testable import EndlessApp

#if canImport(Glibc)
    import Glibc
#endif

/// The status bar's count of requests in flight covers every client of the connection, the
/// ones made after the browser started watching included (a feed's tab is made when first
/// shown).
@Suite("The connection's count of requests in flight", .timeLimit(TimeBudget.minutes(1)))
struct InFlightCountTests {
    @Test("a client made after the count is watched is counted: its request shows as 1, and 0 once it ends; stopped, nothing more comes")
    func clientMadeLaterIsCounted() async throws {
        // A server that takes the connection and answers nothing until the test lets it go.
        let release = DispatchSemaphore(value: 0)
        let listener = try LoopbackListener(maxConnections: 4) { descriptor in
            _ = release.wait(timeout: .now() + 30)
            close(descriptor)
        }
        defer { listener.stop() }
        let connection = try AppConnection(
            needsSimulator: false, simulator: SimulatorSettings(), configuration: HTTPClient.Configuration(retryPolicy: .never))
        defer { connection.close() }
        let (totals, continuation) = AsyncStream.makeStream(of: Int.self)
        let stop = connection.observeInFlightCount { continuation.yield($0) }
        var iterator = totals.makeAsyncIterator()
        #expect(await iterator.next() == 0, "the total at once")

        let api = try #require(URL(string: "http://127.0.0.1:\(listener.port)/api/"))
        let endpoint = connection.endpoint(api: api, service: nil)
        #expect(await iterator.next() == 0, "the new client's count at once")
        let request = Task { try? await endpoint.http.data(from: api.appendingPathComponent("users")) }
        #expect(await iterator.next() == 1, "the new client's request is in flight")
        request.cancel()
        release.signal()
        #expect(await iterator.next() == 0)
        _ = await request.value

        stop()
        let after = Task { try? await endpoint.http.data(from: api.appendingPathComponent("users")) }
        release.signal()
        _ = await after.value
        continuation.finish()
        #expect(await iterator.next() == nil, "nothing after the stop")
    }
}
