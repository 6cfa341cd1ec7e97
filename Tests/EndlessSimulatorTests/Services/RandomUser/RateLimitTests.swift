import EndlessTesting
import Testing

@testable import EndlessSimulator

@Suite("Rate limit")
struct RateLimitTests {
    @Test("a client is refused once it has requested the limit, until its window ends")
    func window() {
        let clock = ManualClock()
        let limiter = RateLimiter(configuration: .init(maxUsers: 100, window: .seconds(300)), clock: clock)
        #expect(limiter.check(client: "a") == nil)
        limiter.record(client: "a", users: 99)
        #expect(limiter.check(client: "a") == nil)
        clock.advance(by: .seconds(60))
        limiter.record(client: "a", users: 5)  // crosses the limit: this request was still served
        #expect(limiter.check(client: "a") == .init(requested: 104, retryAfter: .seconds(240)))
        #expect(limiter.check(client: "b") == nil)
        clock.advance(by: .seconds(239))
        #expect(limiter.check(client: "a")?.retryAfter == .seconds(1))
        clock.advance(by: .seconds(1))
        #expect(limiter.check(client: "a") == nil)
        limiter.record(client: "a", users: 1)
        #expect(limiter.check(client: "a") == nil)
    }

    @Test("the live service's message, with the window in words")
    func message() {
        #expect(
            RandomUserService.rateLimitMessage(requested: 20_000, window: .seconds(300))
                == "Whoa, ease up there cowboy. You've requested 20000 users in the last 5 minutes. "
                + "Help us keep this service free and spare some resources for others.")
        #expect(RandomUserService.describe(.seconds(60)) == "1 minute")
        #expect(RandomUserService.describe(.seconds(90)) == "90 seconds")
        #expect(RandomUserService.describe(.seconds(1)) == "1 second")
    }

    @Test("over HTTP: 429 with the cowboy JSON and Retry-After, per client IP, lifted when the window ends")
    func overHTTP() throws {
        let clock = ManualClock()
        let (server, port) = try startService(rateLimit: .init(maxUsers: 10, window: .seconds(300)), clock: clock)
        defer { server.stop() }
        let client = try RawClient(port: port)
        #expect(try client.get("/api/?results=6").status == 200)
        #expect(try client.get("/api/?results=6").status == 200)  // crosses 10: still served
        let refused = try client.get("/api/?results=1")
        #expect(refused.status == 429)
        #expect(refused.header("Content-Type") == "application/json; charset=utf-8")
        #expect(refused.header("Retry-After") == "300")
        #expect(
            refused.text
                == #"{"error":"Whoa, ease up there cowboy. You've requested 12 users in the last 5 minutes. Help us keep this service free and spare some resources for others."}"#
        )
        // Portraits are not counted or limited.
        #expect(try client.get("/api/portraits/thumb/men/1.jpg").status == 200)
        // Another address is another client.
        let other = try RawClient(port: port, source: "127.0.0.2")
        #expect(try other.get("/api/?results=1").status == 200)
        clock.advance(by: .seconds(300))
        #expect(try client.get("/api/?results=1").status == 200)
    }

    @Test("off means never")
    func off() throws {
        let (server, port) = try startService(rateLimit: nil)
        defer { server.stop() }
        let client = try RawClient(port: port)
        for _ in 0..<5 {
            #expect(try client.get("/api/?results=5000").status == 200)
        }
    }
}
