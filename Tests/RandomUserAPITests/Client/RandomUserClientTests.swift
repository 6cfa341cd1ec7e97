import EndlessHTTP
import EndlessSimulator
import EndlessTesting
import Foundation
import RandomUserAPI
import Synchronization
import Testing

/// The client against the real simulator over TCP on 127.0.0.1, with the live service's
/// failures injected by the simulator's fault flags.
@Suite("RandomUserClient against the simulator", .timeLimit(TimeBudget.minutes(1)))
struct RandomUserClientTests {
    static let data = Result { try GeneratorData.builtIn() }

    /// A running simulator, the client that talks to it, and the simulator's request log.
    struct Harness {
        let server: SimulatorServer
        let client: RandomUserClient
        let log: LogBox

        /// How many requests the simulator logged, once it logged at least `count` (it logs an
        /// exchange after sending its response, so the client can be done first).
        func requestCount(atLeast count: Int) async throws -> Int {
            let log = self.log
            return try await withTimeout(.seconds(20)) { await log.first(count) }.count
        }
    }

    /// Starts a simulator with `faults` and a client with `retryPolicy`; backoffs are zero so
    /// retries happen at once, and a `Retry-After` above the cap fails at once.
    static func harness(
        faults: FaultConfiguration = .none, rateLimit: RateLimitConfiguration? = nil,
        retryPolicy: RetryPolicy = RetryPolicy(maxRetries: 2, baseDelay: .zero, retryAfterCap: .zero)
    ) throws -> (harness: Harness, stop: () -> Void) {
        let log = LogBox()
        let server = SimulatorServer(
            configuration: SimulatorConfiguration(
                data: try data.get(), faults: faults, rateLimit: rateLimit, log: { line in log.append(line) }))
        let baseURL = try server.start()
        let http = HTTPClient(baseURL: baseURL, configuration: .init(retryPolicy: retryPolicy, deadline: TimeBudget.scaled(.seconds(20))))
        let harness = Harness(server: server, client: RandomUserClient(http: http), log: log)
        return (harness, { server.stop() })
    }

    typealias LogBox = RecordedLines

    static func failure(_ body: () async throws(RandomUserError) -> RandomUserResponse) async -> RandomUserError? {
        do {
            _ = try await body()
            Issue.record("expected the request to fail")
            return nil
        } catch {
            return error
        }
    }

    @Test("a seeded page arrives decoded, and the same query gives the same people")
    func seededPage() async throws {
        let (harness, stop) = try Self.harness()
        defer { stop() }
        let query = try RandomUserQuery(results: 5, page: 2, seed: "endless")

        let first = try await harness.client.page(query)
        let again = try await harness.client.page(query)

        #expect(first.results.count == 5)
        #expect(first.info?.seed == "endless")
        #expect(first.info?.page == 2)
        #expect(first.results == again.results)
        #expect(Set(first.results.map(\.id)).count == 5)
        #expect(first.results.allSatisfy { $0.picture?.thumbnail?.hasPrefix(harness.server.baseURL?.absoluteString ?? "-") == true })
    }

    @Test("the 2026 empty-results fault is retried, then reported as transient")
    func emptyResults() async throws {
        let (harness, stop) = try Self.harness(faults: FaultConfiguration(chaosSeed: 1, emptyResultsRate: 1))
        defer { stop() }

        let error = await Self.failure { () throws(RandomUserError) in
            try await harness.client.page(try! RandomUserQuery(results: 3, seed: "x"))
        }

        guard case .service(.emptyResults(let requested), _) = error else {
            Issue.record("expected emptyResults, got \(String(describing: error))")
            return
        }
        #expect(requested == 3)
        #expect(error?.isTransient == true)
        #expect(try await harness.requestCount(atLeast: 3) == 3)  // the first try and two retries
    }

    @Test("a 429 with the service's JSON is a rate limit with the server's Retry-After")
    func throttled() async throws {
        let (harness, stop) = try Self.harness(faults: FaultConfiguration(chaosSeed: 1, throttleRate: 1))
        defer { stop() }

        let error = await Self.failure { () throws(RandomUserError) in
            try await harness.client.page(try! RandomUserQuery(results: 3))
        }

        guard case .service(.rateLimited(let status, _), let retryAfter) = error else {
            Issue.record("expected rateLimited, got \(String(describing: error))")
            return
        }
        #expect(status == 429)
        #expect(retryAfter == FaultConfiguration.defaultThrottleRetryAfter)
        #expect(error?.isTransient == true)
    }

    @Test("the real rate limit, counted in users, is reported as one")
    func rateLimit() async throws {
        let (harness, stop) = try Self.harness(rateLimit: RateLimitConfiguration(maxUsers: 10, window: .seconds(300)))
        defer { stop() }
        _ = try await harness.client.page(try RandomUserQuery(results: 10, seed: "a"))

        let error = await Self.failure { () throws(RandomUserError) in
            try await harness.client.page(try! RandomUserQuery(results: 1, seed: "b"))
        }

        guard case .service(.rateLimited, _) = error else {
            Issue.record("expected rateLimited, got \(String(describing: error))")
            return
        }
    }

    @Test("an HTML block page where JSON was expected says so, and is not retried")
    func blockPage() async throws {
        let (harness, stop) = try Self.harness(faults: FaultConfiguration(chaosSeed: 1, htmlRate: 1))
        defer { stop() }

        let error = await Self.failure { () throws(RandomUserError) in
            try await harness.client.page(try! RandomUserQuery(results: 3))
        }

        guard case .service(.htmlPage(200, _, _, let isBlockPage), _) = error else {
            Issue.record("expected htmlPage, got \(String(describing: error))")
            return
        }
        #expect(isBlockPage)
        #expect(error?.isTransient == false)
        #expect(try await harness.requestCount(atLeast: 1) == 1)
    }

    @Test("a 503 outage is retried, then reported as transient")
    func outage() async throws {
        let (harness, stop) = try Self.harness(faults: FaultConfiguration(chaosSeed: 1, failRate: 1, failStatuses: [503]))
        defer { stop() }

        let error = await Self.failure { () throws(RandomUserError) in
            try await harness.client.page(try! RandomUserQuery(results: 3))
        }

        #expect(error?.isTransient == true)
        #expect(try await harness.requestCount(atLeast: 3) == 3)
        #expect(error?.description.contains("503") == true)
    }

    @Test("an older version the simulator speaks (1.2): read into the typed model, each person kept in 1.2's shape")
    func olderVersion() async throws {
        let (harness, stop) = try Self.harness()
        defer { stop() }

        let page = try await harness.client.page(try RandomUserQuery(results: 2, seed: "old", version: .v1_2))
        #expect(page.info?.version == "1.2")
        let person = try #require(page.results.first)
        #expect(person.dob?.date != nil && person.dob?.age != nil)
        let sent = try #require(person.rawJSON["dob"]?["date"]?.string)
        #expect(sent.hasSuffix("Z") && !sent.contains("."), "as 1.2 sent it: \(sent)")
        #expect(person.rawJSON["location"]?["street"]?.kind == .string)
        #expect(person.rawJSON["location"]?["country"] == nil)
    }
}
