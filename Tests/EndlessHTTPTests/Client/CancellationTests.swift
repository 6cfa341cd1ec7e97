import EndlessHTTP
import EndlessTesting
import Foundation
import Testing

@Suite("Cancellation", .timeLimit(TimeBudget.minutes(1)))
struct CancellationTests {
    @Test("cancelling the caller's task cancels the transfer and throws cancelled")
    func cancelInFlight() async throws {
        let server = MockServer(.hold)
        let client = Fixtures.client(server)
        let request = Task { await httpError { try await client.send(Endpoint<Page>(path: "")) } }

        await server.received.value(atLeast: 1)
        request.cancel()

        guard case .cancelled = try await request.value(within: .seconds(20)) else {
            Issue.record("expected cancelled")
            return
        }
        await server.stopped.value(atLeast: 1)
        #expect(server.received.value == 1)
    }

    @Test(
        "cancelling a POST (which is never shared) cancels its transfer too, with or without a deadline (with one, its attempts run in a task of their own)",
        arguments: [nil, Duration.seconds(5)])
    func cancelPost(deadline: Duration?) async throws {
        let server = MockServer(.hold)
        let client = Fixtures.client(server, deadline: deadline)
        let request = Task { await httpError { try await client.send(Endpoint<Page>(.post, path: "orders")) } }

        await server.received.value(atLeast: 1)
        request.cancel()

        guard case .cancelled = try await request.value(within: .seconds(20)) else {
            Issue.record("expected cancelled")
            return
        }
        await server.stopped.value(atLeast: 1)
        #expect(client.inFlightCount == 0)
    }

    @Test("cancelling during a backoff wait ends the request without another attempt")
    func cancelDuringBackoff() async throws {
        let server = MockServer(.json("{}", status: 503))
        let clock = ManualClock()
        let client = Fixtures.client(server, clock: clock)
        let request = Task { await httpError { try await client.send(Endpoint<Page>(path: "")) } }

        await clock.sleepers(atLeast: 1)
        request.cancel()

        guard case .cancelled = try await request.value(within: .seconds(20)) else {
            Issue.record("expected cancelled")
            return
        }
        #expect(server.received.value == 1)
        #expect(clock.sleeperCount == 0)
    }

    @Test("a task cancelled before it sends still ends with cancelled, never a hang")
    func cancelImmediately() async throws {
        let server = MockServer(.hold)
        let client = Fixtures.client(server)
        let request = Task { await httpError { try await client.send(Endpoint<Page>(path: "")) } }
        request.cancel()

        guard case .cancelled = try await request.value(within: .seconds(20)) else {
            Issue.record("expected cancelled")
            return
        }
    }
}
