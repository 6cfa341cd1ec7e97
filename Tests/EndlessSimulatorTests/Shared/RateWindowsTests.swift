import EndlessTesting
import Testing

@testable import EndlessSimulator

/// The rate limiters' memory is bounded whatever keys arrive: by count, and by key length.
@Suite("Rate limiter bounds")
struct RateWindowsTests {
    /// A 30 KB key, different for each `n`.
    static func hugeKey(_ n: Int) -> String {
        "\(n)-" + thirtyKilobytes
    }

    /// Made once: repeating a character 30,720 times took most of a second in a debug
    /// build, 2,500 times over, on a thread other tests wait for.
    static let thirtyKilobytes = String(repeating: "k", count: 30 * 1024)

    @Test("Unsplash: 1,500 distinct 30 KB keys within the hour keep at most the capacity, and recent keys keep their budget")
    func unsplashKeys() {
        let clock = ManualClock()
        let limiter = RateLimiter(configuration: .unsplash(limit: 3), clock: clock, capacity: 100)
        for n in 0..<1_500 {
            #expect(limiter.spend(client: Self.hugeKey(n)) == 2)
            clock.advance(by: .milliseconds(10))
        }
        #expect(limiter.keptClients <= 100)
        // The most recent key is still counted; the oldest was forgotten and starts afresh.
        #expect(limiter.spend(client: Self.hugeKey(1_499)) == 1)
        #expect(limiter.spend(client: Self.hugeKey(0)) == 2)
    }

    @Test("randomuser and CoinGecko: distinct clients within the window keep at most the capacity")
    func clients() {
        let clock = ManualClock()
        let limiter = RateLimiter(configuration: .init(maxUsers: 10, window: .seconds(60)), clock: clock, capacity: 50)
        for n in 0..<1_000 {
            limiter.record(client: "key:" + Self.hugeKey(n), users: 10)
        }
        #expect(limiter.keptClients <= 50)
        #expect(limiter.check(client: "key:" + Self.hugeKey(999)) != nil)
        #expect(limiter.check(client: "key:" + Self.hugeKey(0)) == nil)
    }

    @Test("a window restarts once it has ended; a full table drops ended windows, then the oldest")
    func ending() {
        var windows = RateWindows(length: .seconds(10), capacity: 4)
        for second in 0..<100 {
            windows.add(1, to: "a", at: .seconds(second))
        }
        #expect(windows.count == 1)
        #expect(windows.window(of: "a", at: .seconds(99))?.used == 10)  // restarted at 90
        windows.add(1, to: "b", at: .seconds(100))
        #expect(windows.window(of: "a", at: .seconds(100)) == nil)
        #expect(windows.count == 1)
        for (n, client) in ["c", "d", "e", "f", "g"].enumerated() {
            windows.add(1, to: client, at: .seconds(101 + n))
        }
        #expect(windows.count == 4 && windows.window(of: "b", at: .seconds(106)) == nil)
        #expect(windows.window(of: "g", at: .seconds(106))?.used == 1)
        #expect(windows.add(.max, to: "g", at: .seconds(106)).used == .max)  // saturates, never traps
    }

    @Test("a key longer than the services accept is refused as an invalid key, and never counted")
    func keyLength() {
        let long = String(repeating: "k", count: UnsplashAuthorization.maximumKeyLength + 1)
        #expect(UnsplashAuthorization.key(authorization: "Client-ID " + long, query: QueryParameters("")) == nil)
        #expect(UnsplashAuthorization.key(authorization: nil, query: QueryParameters("client_id=" + long)) == nil)
        let fits = String(repeating: "k", count: UnsplashAuthorization.maximumKeyLength)
        #expect(UnsplashAuthorization.key(authorization: "Client-ID " + fits, query: QueryParameters("")) == fits)
    }
}
