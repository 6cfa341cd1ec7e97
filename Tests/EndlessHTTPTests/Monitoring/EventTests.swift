import EndlessHTTP
import EndlessTesting
import Foundation
import Testing

@Suite("Events and the in-flight count", .timeLimit(TimeBudget.minutes(1)))
struct EventTests {
    @Test("started, retried (with delay and reason), finished (status, bytes, duration, attempts)")
    func eventSequence() async throws {
        let monitor = RecordingMonitor()
        let server = MockServer(.json("{}", status: 503), .json(Fixtures.pageJSON))
        let clock = ManualClock()
        let client = Fixtures.client(server, clock: clock, monitors: [monitor])
        let request = Task { try await client.send(Endpoint<Page>(path: "people")) }
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(500))
        _ = try await request.value(within: .seconds(20))

        #expect(monitor.labels == ["started", "retried 2", "finished 200"])
        let events = monitor.events
        try #require(events.count == 3)
        #expect(Set(events.map(\.requestID)).count == 1)
        #expect(events[0].request.description == "GET https://\(server.host)/api/people")
        guard case .retried(_, let delay, let reason) = events[1].kind else {
            Issue.record("expected retried")
            return
        }
        #expect(delay == .milliseconds(500))
        #expect(reason.statusCode == 503)
        guard case .finished(let status, let bytes, let duration, let attempts, let error) = events[2].kind else {
            Issue.record("expected finished")
            return
        }
        #expect(status == 200)
        #expect(bytes == Fixtures.pageJSON.utf8.count)
        #expect(duration == .milliseconds(500))
        #expect(attempts == 2)
        #expect(error == nil)
    }

    @Test("a failure is reported in the finished event with the last status")
    func failureEvent() async {
        let monitor = RecordingMonitor()
        let server = MockServer(.json(#"{"error":"nope"}"#, status: 404))
        let client = Fixtures.client(server, monitors: [monitor])
        _ = await httpError { try await client.send(Endpoint<Page>(path: "")) }

        #expect(monitor.labels == ["started", "failed 404"])
    }

    @Test("the log monitor writes one readable line per event")
    func logLines() async throws {
        let lines = LineCollector()
        let server = MockServer(.json("{}", status: 503), .json(Fixtures.pageJSON))
        let clock = ManualClock()
        let client = Fixtures.client(server, clock: clock, monitors: [LogMonitor(write: lines.append)])
        let request = Task { try await client.send(Endpoint<Page>(path: "people")) }
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(500))
        _ = try await request.value(within: .seconds(20))

        let url = "https://\(server.host)/api/people"
        #expect(lines.all.count == 3)
        #expect(lines.all.first == "http #1 -> GET \(url)")
        #expect(lines.all.dropFirst().first?.hasPrefix("http #1 attempt 2 in 500 ms after: HTTP 503 Service Unavailable.") == true)
        #expect(lines.all.last == "http #1 <- 200 GET \(url) 36 bytes in 500 ms (2 attempts)")
    }

    @Test("the in-flight count is pushed on every change, without polling")
    func inFlightUpdates() async throws {
        let server = MockServer(.hold)
        let client = Fixtures.client(server)
        var updates = client.inFlightCountUpdates().makeAsyncIterator()
        #expect(await updates.next() == 0)

        let first = Task { try await client.data(from: server.url("/a.jpg")) }
        #expect(await updates.next() == 1)
        let second = Task { try await client.data(from: server.url("/b.jpg")) }
        #expect(await updates.next() == 2)
        #expect(client.inFlightCount == 2)

        await server.received.value(atLeast: 2)
        server.release(with: .respond(status: 200, body: Data([1])))
        _ = try? await first.value(within: .seconds(20))
        _ = try? await second.value(within: .seconds(20))
        var last = -1
        while last != 0, let next = await updates.next() { last = next }
        #expect(last == 0)
        #expect(client.inFlightCount == 0)
    }

    @Test("the in-flight stream ends when the client is released")
    func streamEndsWithClient() async {
        var client: HTTPClient? = HTTPClient(transport: MockServer(.hold).transport())
        let updates = client?.inFlightCountUpdates()
        client = nil
        var received: [Int] = []
        if let updates {
            for await count in updates { received.append(count) }
        }
        #expect(received == [0])
        #expect(client == nil)
    }
}
