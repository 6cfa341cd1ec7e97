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

    @Test("a POST, which runs in its caller's task, is ended by the deadline too (its caller cancelling it: CancellationTests)")
    func hangingPost() async throws {
        let server = MockServer(.hold)
        let clock = ManualClock()
        let client = Fixtures.client(server, clock: clock, deadline: .seconds(5))
        let request = Task { await httpError { try await client.send(Endpoint<Page>(.post, path: "orders")) } }

        await server.received.value(atLeast: 1)
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(5))
        guard case .deadlineExceeded = try await request.value(within: .seconds(20)) else {
            Issue.record("expected deadlineExceeded")
            return
        }
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

    @Test("fast answers leave nothing watched and share one sleeper, which ends at its time with nothing to do")
    func fastAnswersShareOneSleeper() async throws {
        let server = MockServer(.json(Fixtures.pageJSON))
        let clock = ManualClock()
        let client = Fixtures.client(server, clock: clock, deadline: .seconds(30))

        for _ in 0..<20 {
            #expect(try await client.send(Endpoint<Page>(path: "")) == Fixtures.page)
        }
        // A timer per request was made and cancelled before (issue 29); one sleeper now.
        await clock.sleepers(atLeast: 1)
        #expect(clock.pendingDeadlines == [.at(30)])
        clock.advance(by: .seconds(30))
        while clock.sleeperCount > 0, !Task.isCancelled { await Task.yield() }  // the time limit ends it
        #expect(clock.sleeperCount == 0, "nothing watched: the sleeper does not sleep again")
    }

    @Test("a request that starts after the others' deadline has passed is still ended at its own")
    func laterRequestKeepsItsDeadline() async throws {
        let server = MockServer(.json(Fixtures.pageJSON), .hold)
        let clock = ManualClock()
        let client = Fixtures.client(server, clock: clock, deadline: .seconds(5))
        #expect(try await client.send(Endpoint<Page>(path: "")) == Fixtures.page)
        clock.advance(by: .seconds(3))
        let request = Task { await httpError { try await client.send(Endpoint<Page>(path: "")) } }
        await server.received.value(atLeast: 2)
        clock.advance(by: .seconds(2))  // the first request's time: the second goes on
        await clock.sleepers(atLeast: 1)
        #expect(clock.pendingDeadlines == [.at(8)])
        clock.advance(by: .seconds(3))
        guard case .deadlineExceeded = try await request.value(within: .seconds(20)) else {
            Issue.record("expected deadlineExceeded")
            return
        }
    }
}
