import EndlessHTTP
import EndlessTesting
import Foundation
import Testing

@Suite("The overall deadline, on the injected clock", .timeLimit(TimeBudget.minutes(1)))
struct DeadlineTests {
    @Test("a request that never answers fails with deadlineExceeded and its transfer is cancelled")
    func hangingRequest() async throws {
        let server = MockServer(.hold)
        let clock = ManualClock()
        let client = Fixtures.client(server, clock: clock, deadline: .seconds(5))
        let request = Task { await httpError { try await client.send(Endpoint<Page>(path: "")) } }

        await server.received.value(atLeast: 1)
        await clock.sleepers(atLeast: 1)
        #expect(clock.pendingDeadlines == [.at(5)])
        clock.advance(by: .seconds(5))

        guard case .deadlineExceeded(let deadline) = try await request.value(within: .seconds(20)) else {
            Issue.record("expected deadlineExceeded")
            return
        }
        #expect(deadline == .seconds(5))
        await server.stopped.value(atLeast: 1)
        #expect(client.inFlightCount == 0)
    }

    @Test("the deadline covers retries: it fires during the second attempt")
    func deadlineDuringRetry() async throws {
        let server = MockServer(.json("{}", status: 503), .hold)
        let clock = ManualClock()
        let monitor = RecordingMonitor()
        let client = Fixtures.client(server, clock: clock, deadline: .seconds(2), monitors: [monitor])
        let request = Task { await httpError { try await client.send(Endpoint<Page>(path: "")) } }

        await clock.sleepers(atLeast: 2)
        #expect(clock.pendingDeadlines == [.at(0.5), .at(2)])
        clock.advance(by: .milliseconds(500))
        await server.received.value(atLeast: 2)
        clock.advance(by: .milliseconds(1500))

        guard case .deadlineExceeded = try await request.value(within: .seconds(20)) else {
            Issue.record("expected deadlineExceeded")
            return
        }
        await server.stopped.value(atLeast: 1)
        guard case .finished(let status, _, let duration, let attempts, let error) = monitor.events.last?.kind else {
            Issue.record("expected a finished event last, got \(monitor.labels)")
            return
        }
        #expect(status == 503)
        #expect(duration == .seconds(2))
        #expect(attempts == 2)
        guard case .deadlineExceeded = error else {
            Issue.record("expected the finished event to carry deadlineExceeded")
            return
        }
    }

    @Test("a backoff that would outlast the deadline is not waited: the real failure is thrown at once")
    func backoffBeyondDeadline() async throws {
        let server = MockServer(.json("{}", status: 503))
        let clock = ManualClock()
        let client = Fixtures.client(server, clock: clock, deadline: .seconds(1))
        let request = Task { await httpError { try await client.send(Endpoint<Page>(path: "")) } }

        await clock.sleepers(atLeast: 2)
        #expect(clock.pendingDeadlines == [.at(0.5), .at(1)])
        clock.advance(by: .milliseconds(500))

        let error = try await request.value(within: .seconds(20))
        #expect(error?.statusCode == 503)
        #expect(server.received.value == 2)
        #expect(clock.now == .at(0.5))
    }

    @Test("a Retry-After longer than the time left is not waited either")
    func retryAfterBeyondDeadline() async {
        let server = MockServer(.json("{}", status: 429, headers: ["Retry-After": "10"]))
        let client = Fixtures.client(server, deadline: .seconds(5))

        let error = await httpError { try await client.send(Endpoint<Page>(path: "")) }

        #expect(error?.statusCode == 429)
        #expect(error?.retryAfter == .seconds(10))
        #expect(server.received.value == 1)
    }

    @Test("the deadline fires on time even while URLSession's own queue is stuck")
    func deadlineWhileSessionStuck() async throws {
        let gate = DispatchSemaphore(value: 0)
        let server = MockServer(.stall(gate: gate))
        let clock = ManualClock()
        let client = Fixtures.client(server, clock: clock, deadline: .seconds(5))
        let request = Task { await httpError { try await client.send(Endpoint<Page>(path: "")) } }

        await server.received.value(atLeast: 1)  // the session's work queue is now blocked
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(5))

        // Returns although URLSession cannot even process the cancellation yet.
        guard case .deadlineExceeded = try await request.value(within: .seconds(20)) else {
            Issue.record("expected deadlineExceeded")
            gate.signal()
            return
        }
        #expect(server.stopped.value == 0)
        gate.signal()
        await server.stopped.value(atLeast: 1)  // the cancellation lands once the queue frees up
    }

    @Test("a fast answer cancels the deadline timer")
    func timerCancelled() async throws {
        let server = MockServer(.json(Fixtures.pageJSON))
        let clock = ManualClock()
        let client = Fixtures.client(server, clock: clock, deadline: .seconds(30))

        #expect(try await client.send(Endpoint<Page>(path: "")) == Fixtures.page)
        #expect(clock.sleeperCount == 0)
    }
}
