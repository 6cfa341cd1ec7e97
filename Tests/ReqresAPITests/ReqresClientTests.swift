import Endless
import EndlessHTTP
import EndlessSimulator
import EndlessTesting
import Foundation
import ReqresAPI
import Synchronization
import Testing

/// The reqres client and page source against the simulator's reqres.in over TCP on 127.0.0.1.
@Suite("ReqresClient against the simulator", .timeLimit(TimeBudget.minutes(1)))
struct ReqresClientTests {
    /// A simulator (with `users` reqres users) and a client over it; stops the server when done.
    final class Harness: Sendable {
        let server: SimulatorServer
        let http: HTTPClient
        private let log = RecordedLines()

        init(users: Int = 12, monitors: [any HTTPEventMonitor] = []) throws {
            let log = self.log
            server = SimulatorServer(
                configuration: SimulatorConfiguration(
                    data: try GeneratorData.builtIn(), rateLimit: nil, reqresUserCount: users,
                    log: { line in log.append(line) }))
            try server.start()
            let base = try #require(server.baseURL(of: .reqres))
            http = HTTPClient(
                baseURL: base, configuration: .init(retryPolicy: RetryPolicy(maxRetries: 0), deadline: TimeBudget.scaled(.seconds(20))),
                monitors: monitors)
        }

        func client(apiKey: String? = ReqresClient.freeAPIKey) -> ReqresClient {
            ReqresClient(http: http, apiKey: apiKey)
        }

        /// The path and query of every request the simulator answered.
        var requests: [String] { Self.paths(of: log.all) }

        /// The path and query of every request, once the simulator has logged at least `count`
        /// (it logs an exchange after sending its response, so a client can be done first).
        func requests(atLeast count: Int) async throws -> [String] {
            let log = self.log
            return Self.paths(of: try await withTimeout(.seconds(20)) { await log.first(count) })
        }

        static func paths(of lines: [String]) -> [String] { lines.map { String($0.split(separator: " ")[1]) } }

        deinit { server.stop() }
    }

    @Test("a page: the real twelve users, six a page, two pages; past the end the list is empty")
    func pages() async throws {
        let harness = try Harness()
        let client = harness.client()
        let first = try await client.users(page: 1)
        #expect(first.data.map(\.fullName).prefix(2) == ["George Bluth", "Janet Weaver"])
        #expect(first.perPage == 6 && first.total == 12 && first.totalPages == 2)
        let second = try await client.users(page: 2)
        #expect(second.data.map(\.id) == [7, 8, 9, 10, 11, 12])
        let past = try await client.users(page: 3)
        #expect(past.data.isEmpty && past.totalPages == 2)
    }

    @Test("one user by id; a missing one is `no user 23`, not a decoding error")
    func singleUser() async throws {
        let harness = try Harness()
        let client = harness.client()
        let janet = try await client.user(id: 2)
        #expect(janet.data.email == "janet.weaver@reqres.in")
        #expect(janet.support?.url == "https://reqres.in/#support-heading")
        await #expect {
            _ = try await client.user(id: 23)
        } throws: { error in
            guard let error = error as? ReqresError, case .noSuchUser(23) = error else { return false }
            return error.description == "no user 23"
        }
    }

    @Test("without a key the service refuses with its own words, and the error says what to do")
    func missingKey() async throws {
        let harness = try Harness()
        let client = harness.client(apiKey: nil)
        await #expect {
            _ = try await client.users(page: 1)
        } throws: { error in
            guard let error = error as? ReqresError, case .missingAPIKey(let message, let how) = error else { return false }
            return message == "Missing API key." && how == "https://reqres.in/signup"
                && error.description.contains(ReqresClient.freeAPIKey) && error.requestFailureKind == .badAnswer
        }
    }

    @Test("the key travels in x-api-key and never reaches a log")
    func keyRedacted() async throws {
        let lines = RecordedLines()
        let monitor = LogMonitor { line in lines.append(line) }
        let harness = try Harness(monitors: [monitor])
        _ = try await harness.client(apiKey: "secret-key-123").users(page: 1)
        let log = lines.all.joined(separator: "\n")
        #expect(!log.isEmpty)
        #expect(!log.contains("secret-key-123"))
        let curl = try harness.http.curlCommand(
            for: Endpoint<ReqresUserList>(path: "users", headers: ["x-api-key": "secret-key-123"]))
        #expect(!curl.contains("secret-key-123") && curl.lowercased().contains("x-api-key"), "\(curl)")
    }

    @Test("bad arguments are refused before anything is sent")
    func invalidRequests() async throws {
        let harness = try Harness()
        let client = harness.client()
        for call in [
            { _ = try await client.users(page: 0) }, { _ = try await client.users(page: 1, perPage: 0) },
            { _ = try await client.users(page: 1, delay: 11) },
        ] as [@Sendable () async throws -> Void] {
            await #expect(throws: ReqresError.self) { try await call() }
        }
        #expect(harness.requests.isEmpty)
    }

    @Test("a feed over the source loads to the end, says so, and asks for nothing past it")
    @MainActor
    func feedEnds() async throws {
        let harness = try Harness()
        let feed = Feed(
            source: ReqresPageSource(client: harness.client()),
            configuration: FeedConfiguration(pageSize: 5, minimumIndicatorDuration: .zero))
        feed.loadFirstPageIfNeeded()
        // A reader at the bottom of what is loaded, page after page, until the end.
        while !feed.loadStates.append.isEndReached {
            let loaded = feed.items.count
            try #require(await feed.wait { $0.items.count > 0 && !$0.loadStates.refresh.isLoading })
            feed.itemAppeared(at: feed.items.count - 1)
            try #require(
                await feed.wait { $0.items.count > loaded || $0.loadStates.append.isEndReached || $0.loadStates.append.error != nil })
            try #require(feed.loadStates.append.error == nil)
        }

        #expect(feed.items.map(\.id) == Array(1...12))
        feed.itemAppeared(at: 11)
        #expect(feed.loadStates.append.isEndReached)
        #expect(
            try await harness.requests(atLeast: 3) == [
                "/reqres/api/users?page=1&per_page=5", "/reqres/api/users?page=2&per_page=5",
                "/reqres/api/users?page=3&per_page=5",
            ])
    }

    @Test("a longer list of generated people, the same in every run")
    func generatedUsers() async throws {
        let harness = try Harness(users: 40), other = try Harness(users: 40)
        let first = try await harness.client().users(page: 4, perPage: 10)
        let again = try await other.client().users(page: 4, perPage: 10)
        #expect(first.data.map(\.id) == Array(31...40))
        #expect(first.total == 40 && first.totalPages == 4)
        // The same people (the avatars' addresses name each server's own port).
        #expect(first.data.map { [$0.email, $0.firstName, $0.lastName] } == again.data.map { [$0.email, $0.firstName, $0.lastName] })
        #expect(first.data.allSatisfy { $0.email?.hasSuffix("@reqres.in") == true && $0.firstName?.isEmpty == false })
    }
}
