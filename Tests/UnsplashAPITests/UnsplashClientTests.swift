import Endless
import EndlessHTTP
import EndlessSimulator
import EndlessTesting
import Foundation
import Synchronization
import Testing
import UnsplashAPI

/// The Unsplash client and page source against the simulator's Unsplash over TCP on 127.0.0.1.
@Suite("UnsplashClient against the simulator", .timeLimit(TimeBudget.minutes(1)))
struct UnsplashClientTests {
    /// A simulator and an HTTP client over its Unsplash; stops the server when done.
    final class Harness: Sendable {
        let server: SimulatorServer
        let http: HTTPClient
        let lines = Lines()

        init(rateLimit: Int? = nil, faults: FaultConfiguration = .none, logsHeaders: Bool = false) throws {
            server = SimulatorServer(
                configuration: SimulatorConfiguration(
                    data: try GeneratorData.builtIn(), faults: faults, rateLimit: nil, unsplashRateLimit: rateLimit))
            try server.start()
            let base = try #require(server.baseURL(of: .unsplash))
            let lines = self.lines
            http = HTTPClient(
                baseURL: base, configuration: .init(retryPolicy: RetryPolicy(maxRetries: 0), deadline: TimeBudget.scaled(.seconds(20))),
                monitors: [LogMonitor(includesHeaders: logsHeaders) { lines.append($0) }])
        }

        func client(key: String? = "test-access-key") -> UnsplashClient {
            UnsplashClient(http: http, accessKey: key)
        }

        deinit { server.stop() }
    }

    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test("pages of photos, the next page from Link, the total from X-Total, the last page without next")
    func pages() async throws {
        let harness = try Harness()
        let client = harness.client()
        let first = try await client.photos(page: 1)
        #expect(first.photos.count == 10 && first.nextPage == 2 && first.total == 5000 && first.perPage == 10)
        #expect(first.photos.allSatisfy { $0.blurHash != nil || $0.color == nil })
        let last = try await client.photos(page: 167, perPage: 30)
        #expect(last.photos.count == 20 && last.nextPage == nil)
        let oldest = try await client.photos(page: 1, perPage: 2, orderBy: .oldest)
        #expect(oldest.photos.first?.createdAt?.hasSuffix("Z") == false)
        #expect(Set(first.photos.map(\.id)).isDisjoint(with: oldest.photos.map(\.id)))
        let firstPhoto = try #require(first.photos.first)
        let one = try await client.photo(id: firstPhoto.id)
        #expect(one.id == firstPhoto.id && one.exif != nil && one.downloads != nil)
    }

    @Test("per_page above 30 or page 0 is refused before anything is sent")
    func usage() async throws {
        let harness = try Harness()
        for (page, perPage) in [(1, 31), (0, 10), (1, 0)] {
            await #expect(throws: UnsplashError.self) { try await harness.client().photos(page: page, perPage: perPage) }
        }
        #expect(harness.lines.all.isEmpty)
    }

    @Test("without a key: 401 with the service's words and where to get a key")
    func unauthorized() async throws {
        let harness = try Harness()
        do {
            _ = try await harness.client(key: nil).photos(page: 1)
            Issue.record("no error")
        } catch {
            guard case .unauthorized(let messages) = error else { throw error }
            #expect(messages == ["OAuth error: The access token is invalid"])
            #expect(error.description.contains("unsplash.com/oauth/applications"))
        }
    }

    @Test("a missing photo is not found, with the body's errors")
    func notFound() async throws {
        let harness = try Harness()
        await #expect {
            try await harness.client().photo(id: "no-such-photo")
        } throws: { error in
            guard case .notFound(let messages) = error as? UnsplashError else { return false }
            return messages == ["Couldn't find Photo"]
        }
    }

    @Test("the budget counts down in X-Ratelimit-Remaining; over it, 403 Rate Limit Exceeded is a typed rate-limit error")
    func rateLimit() async throws {
        let harness = try Harness(rateLimit: 3)
        let client = harness.client()
        let id = try #require(try await harness.client(key: "another-key").photos(page: 1, perPage: 1).photos.first?.id)
        #expect(client.rateLimit == nil)
        _ = try await client.photos(page: 1)
        #expect(client.rateLimit == UnsplashRateLimit(limit: 3, remaining: 2))
        _ = try await client.photo(id: id)
        #expect(client.rateLimit == UnsplashRateLimit(limit: 3, remaining: 1))
        _ = try await client.photos(page: 2)
        do {
            _ = try await client.photos(page: 3)
            Issue.record("no error")
        } catch {
            guard case .rateLimited(let status, let limit) = error else { throw error }
            #expect(status == 403 && limit == 3)
            #expect(error.requestFailureKind == .rateLimited)
        }
        #expect(client.rateLimit?.remaining == 0)
    }

    @Test("429 with the plain-text body is the same typed error")
    func tooManyRequests() async throws {
        let harness = try Harness(faults: FaultConfiguration(throttleRate: 1))
        await #expect {
            try await harness.client().photos(page: 1)
        } throws: { error in
            guard let error = error as? UnsplashError, case .rateLimited(let status, _) = error else { return false }
            return status == 429 && error.requestFailureKind == .rateLimited
        }
    }

    @Test("the access key never reaches a log: Authorization is redacted")
    func redaction() async throws {
        let harness = try Harness(logsHeaders: true)
        _ = try await harness.client(key: "s3cr3t-access-key").photos(page: 1)
        let log = harness.lines.all.joined(separator: "\n")
        #expect(!log.isEmpty && log.contains("Authorization"))
        #expect(!log.contains("s3cr3t-access-key"))
        let query = try Harness(logsHeaders: true)
        _ = try? await query.client(key: nil).http.send(
            Endpoint<UnsplashPhotoPage>(path: "photos", query: [URLQueryItem(name: "client_id", value: "s3cr3t-query-key")]))
        #expect(!query.lines.all.joined().contains("s3cr3t-query-key"))
    }

    @Test("the page source: pages by number, and once the budget is low it holds back, until asked again")
    func holdingBack() async throws {
        let harness = try Harness(rateLimit: 8)
        let client = harness.client()
        let source = UnsplashPageSource(client: client, reserve: 5)
        let first = try await source.load(PageRequest(direction: .refresh, key: nil, loadSize: 30))
        #expect(first.items.count == 30 && first.nextKey == 2 && first.key == 1)
        let second = try await source.load(PageRequest(direction: .append, key: 2, loadSize: 30))  // 7 → 6 left
        #expect(second.items.count == 30 && second.previousKey == 1)
        _ = try await source.load(PageRequest(direction: .append, key: 3, loadSize: 30))  // 6 → 5 left
        await #expect {
            try await source.load(PageRequest(direction: .append, key: 4, loadSize: 30))
        } throws: { error in
            guard let error = error as? UnsplashError, case .holdingBack(let remaining, let limit) = error else { return false }
            // Nothing was sent: the status line must not call that offline.
            return remaining == 5 && limit == 8 && error.requestFailureKind == .notSent
        }
        // Asked again (a person pressed retry): it goes.
        let fourth = try await source.load(PageRequest(direction: .append, key: 4, loadSize: 30))
        #expect(fourth.items.count == 30 && client.rateLimit?.remaining == 4)
        // A refresh always goes.
        _ = try await source.load(PageRequest(direction: .refresh, key: nil, loadSize: 30))
    }

    @Test("a feed over the source: 200 photos, none twice")
    @MainActor
    func feed() async throws {
        let harness = try Harness()
        let feed = Feed(
            source: UnsplashPageSource(client: harness.client()), configuration: FeedConfiguration(pageSize: 30, minimumIndicatorDuration: .zero))
        feed.loadFirstPageIfNeeded()
        for row in stride(from: 0, to: 200, by: 10) {
            await feed.wait { $0.items.endIndex > row }
            feed.itemAppeared(at: row)
        }
        await feed.wait { $0.items.endIndex >= 210 }
        let ids = (0..<200).compactMap { feed.items.item(at: $0)?.id }
        #expect(ids.count == 200 && Set(ids).count == 200)
    }
}
