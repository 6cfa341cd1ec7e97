import EndlessHTTP
import EndlessTesting
import Foundation
import Testing

@Suite("Retries under a manual clock", .timeLimit(TimeBudget.minutes(1)))
struct RetryTests {
    @Test("two retries after 0.5 s and 1 s, then the last status is thrown")
    func exponentialBackoff() async throws {
        let server = MockServer(.json("{}", status: 503))
        let clock = ManualClock()
        let client = Fixtures.client(server, clock: clock, retryPolicy: Fixtures.retries(2, random: 1.0))
        let request = Task { await httpError { try await client.send(Endpoint<Page>(path: "")) } }

        await clock.sleepers(atLeast: 1)
        #expect(clock.pendingDeadlines == [.at(0.5)])
        #expect(server.received.value == 1)
        clock.advance(by: .milliseconds(500))

        await clock.sleepers(atLeast: 1)
        #expect(clock.pendingDeadlines == [.at(1.5)])
        #expect(server.received.value == 2)
        clock.advance(by: .seconds(1))

        let error = try await request.value(within: .seconds(20))
        #expect(error?.statusCode == 503)
        #expect(server.received.value == 3)
    }

    @Test("full jitter scales each backoff by the random fraction")
    func fullJitter() async throws {
        let server = MockServer(.json("{}", status: 500), .json("{}", status: 502), .json(Fixtures.pageJSON))
        let clock = ManualClock()
        let client = Fixtures.client(server, clock: clock, retryPolicy: Fixtures.retries(2, random: 0.25))
        let request = Task { try await client.send(Endpoint<Page>(path: "")) }

        await clock.sleepers(atLeast: 1)
        #expect(clock.pendingDeadlines == [.at(0.125)])
        clock.advance(by: .milliseconds(125))
        await clock.sleepers(atLeast: 1)
        #expect(clock.pendingDeadlines == [.at(0.375)])
        clock.advance(by: .milliseconds(250))

        let page = try? await request.value(within: .seconds(20))
        #expect(page == Fixtures.page)
        #expect(server.received.value == 3)
    }

    @Test("transient network failures are retried; the first success is returned")
    func transientTransportError() async throws {
        let server = MockServer(.fail(.networkConnectionLost), .json(Fixtures.pageJSON))
        let clock = ManualClock()
        let client = Fixtures.client(server, clock: clock)
        let request = Task { try await client.send(Endpoint<Page>(path: "")) }

        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(500))

        #expect(try await request.value(within: .seconds(20)) == Fixtures.page)
        #expect(server.received.value == 2)
    }

    @Test("a non-transient network failure is not retried and keeps its URLError code")
    func permanentTransportError() async {
        let server = MockServer(.fail(.badURL))
        let client = Fixtures.client(server)

        let error = await httpError { try await client.send(Endpoint<Page>(path: "")) }

        guard case .transport(let code, _) = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(code == .badURL)
        #expect(server.received.value == 1)
    }

    @Test("statuses that are not retryable fail at once", arguments: [400, 401, 403, 404, 422, 501])
    func nonRetryableStatus(status: Int) async {
        let server = MockServer(.json("{}", status: status))
        let client = Fixtures.client(server)

        let error = await httpError { try await client.send(Endpoint<Page>(path: "")) }

        #expect(error?.statusCode == status)
        #expect(server.received.value == 1)
    }

    @Test("a POST is never retried, even on 503")
    func postIsNotRetried() async {
        let server = MockServer(.json("{}", status: 503))
        let client = Fixtures.client(server)

        let error = await httpError {
            try await client.send(Endpoint<Page>(.post, path: "orders", body: Data("{}".utf8)))
        }

        #expect(error?.statusCode == 503)
        #expect(server.received.value == 1)
        #expect(server.requests.first?.httpMethod == "POST")
    }

    @Test("Retry-After in seconds replaces the backoff")
    func retryAfterSeconds() async throws {
        let server = MockServer(.json("{}", status: 429, headers: ["Retry-After": "3"]), .json(Fixtures.pageJSON))
        let clock = ManualClock()
        let client = Fixtures.client(server, clock: clock)
        let request = Task { try await client.send(Endpoint<Page>(path: "")) }

        await clock.sleepers(atLeast: 1)
        #expect(clock.pendingDeadlines == [.at(3)])
        clock.advance(by: .seconds(3))

        #expect(try await request.value(within: .seconds(20)) == Fixtures.page)
        #expect(server.received.value == 2)
    }

    @Test("Retry-After as an HTTP date is measured against the response's Date header")
    func retryAfterDate() async throws {
        let server = MockServer(
            .json(
                "{}", status: 503,
                headers: [
                    "Date": "Wed, 21 Oct 2026 07:28:00 GMT", "Retry-After": "Wed, 21 Oct 2026 07:28:07 GMT",
                ]),
            .json(Fixtures.pageJSON))
        let clock = ManualClock()
        let client = Fixtures.client(server, clock: clock)
        let request = Task { try await client.send(Endpoint<Page>(path: "")) }

        await clock.sleepers(atLeast: 1)
        #expect(clock.pendingDeadlines == [.at(7)])
        clock.advance(by: .seconds(7))

        #expect(try await request.value(within: .seconds(20)) == Fixtures.page)
    }

    @Test("a Retry-After beyond the cap is not waited for: the status fails at once, carrying it")
    func retryAfterOverCap() async {
        let server = MockServer(.json("{}", status: 429, headers: ["Retry-After": "120"]))
        let policy = RetryPolicy(maxRetries: 2, retryAfterCap: .seconds(60), randomUnit: { 1 })
        let client = Fixtures.client(server, retryPolicy: policy)

        let error = await httpError { try await client.send(Endpoint<Page>(path: "")) }

        #expect(error?.statusCode == 429)
        #expect(error?.retryAfter == .seconds(120))
        #expect(server.received.value == 1)
    }

    @Test("a Retry-After at the cap is waited for")
    func retryAfterAtCap() async throws {
        let server = MockServer(.json("{}", status: 503, headers: ["Retry-After": "60"]), .json(Fixtures.pageJSON))
        let clock = ManualClock()
        let client = Fixtures.client(server, clock: clock)
        let request = Task { try await client.send(Endpoint<Page>(path: "")) }

        await clock.sleepers(atLeast: 1)
        #expect(clock.pendingDeadlines == [.at(60)])
        clock.advance(by: .seconds(60))

        #expect(try await request.value(within: .seconds(20)) == Fixtures.page)
    }

    @Test("an endpoint's validation can ask for a retry, and its own error comes back after the last")
    func retryableRejection() async throws {
        struct EmptyPage: Error {}
        let server = MockServer(.json(#"{"results":[],"page":1}"#))
        let clock = ManualClock()
        let client = Fixtures.client(server, clock: clock, retryPolicy: Fixtures.retries(1))
        let endpoint = Endpoint<Page>(
            path: "",
            validate: { page throws(ResponseRejection) in
                if page.results.isEmpty {
                    throw ResponseRejection("the page is empty", retryable: true, underlying: EmptyPage())
                }
            })
        let request = Task { await httpError { try await client.send(endpoint) } }

        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(500))

        guard case .rejected(let rejection) = try await request.value(within: .seconds(20)) else {
            Issue.record("expected a rejection")
            return
        }
        #expect(rejection.reason == "the page is empty")
        #expect(rejection.underlying is EmptyPage)
        #expect(server.received.value == 2)
    }

    @Test("a rejection that is not retryable fails at once")
    func finalRejection() async {
        let server = MockServer(.json(Fixtures.pageJSON))
        let client = Fixtures.client(server)
        let endpoint = Endpoint<Page>(
            path: "",
            validate: { _ throws(ResponseRejection) in
                throw ResponseRejection("unsupported API version")
            })

        let error = await httpError { try await client.send(endpoint) }

        guard case .rejected(let rejection) = error else {
            Issue.record("expected a rejection, got \(String(describing: error))")
            return
        }
        #expect(!rejection.isRetryable)
        #expect(server.received.value == 1)
    }

    @Test("RetryPolicy.never sends once")
    func neverRetry() async {
        let server = MockServer(.json("{}", status: 503))
        let client = Fixtures.client(server, retryPolicy: .never)

        let error = await httpError { try await client.send(Endpoint<Page>(path: "")) }

        #expect(error?.statusCode == 503)
        #expect(server.received.value == 1)
    }
}
