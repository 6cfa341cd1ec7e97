import Foundation
import Testing

@testable import EndlessSimulator

@Suite("What the host answers on the I/O thread")
struct ReadyResponseTests {
    static func request(_ target: String) -> HTTPRequest {
        let parts = target.split(separator: "?", maxSplits: 1)
        return HTTPRequest(
            method: "GET", target: target, path: String(parts[0]), query: parts.count > 1 ? String(parts[1]) : nil,
            version: .http11, headers: ["Host": "127.0.0.1:8080"],
            peer: SocketAddress(host: "127.0.0.1", port: 1, isIPv6: false),
            local: SocketAddress(host: "127.0.0.1", port: 8080, isIPv6: false))
    }

    static func host(faults: FaultConfiguration = .none, rateLimit: RateLimitConfiguration? = nil) throws -> SimulatorHost {
        let service = RandomUserService(
            generator: RandomUserGenerator(data: try GeneratorFixtures.officialData.get()), portraits: PortraitStore(),
            rateLimiter: rateLimit.map { RateLimiter(configuration: $0, clock: ContinuousClock()) },
            now: { GeneratorFixtures.now })
        return SimulatorHost(services: [service], faults: faults.isEnabled ? FaultInjector(configuration: faults) : nil)
    }

    static func isReady(_ answer: HTTPAnswer) -> HTTPResponse? {
        if case .ready(let response) = answer { return response }
        return nil
    }

    @Test("a portrait is drawn by a worker once, then ready; a seeded page is ready once generated")
    func cachedThingsAreReady() throws {
        let host = try Self.host()
        let portrait = Self.request("/api/portraits/women/3.jpg")
        #expect(Self.isReady(host.answer(portrait)) == nil)
        let drawn = host.respond(to: portrait)
        #expect(Self.isReady(host.answer(portrait))?.body == drawn.body)

        let page = Self.request("/api/?seed=ready&results=3")
        #expect(Self.isReady(host.answer(page)) == nil)
        let generated = host.respond(to: page)
        let ready = try #require(Self.isReady(host.answer(page)))
        #expect(ready.body == generated.body && ready.headers == generated.headers)
        #expect(Self.isReady(host.answer(Self.request("/api/?results=3"))) == nil, "unseeded pages are generated")
    }

    @Test("the index, a 404, a refused client and fault pages are ready; latency still applies")
    func refusalsAreReady() throws {
        let plain = try Self.host()
        #expect(Self.isReady(plain.answer(Self.request("/")))?.status == 200)
        #expect(Self.isReady(plain.answer(Self.request("/nowhere")))?.status == 404)
        #expect(Self.isReady(plain.answer(Self.request("/api/portraits/men/100.jpg")))?.status == 404)

        let limited = try Self.host(rateLimit: RateLimitConfiguration(maxUsers: 2))
        _ = limited.respond(to: Self.request("/api/?results=3"))
        #expect(Self.isReady(limited.answer(Self.request("/api/?results=1")))?.status == 429)

        let failing = try Self.host(faults: FaultConfiguration(failRate: 1, failStatuses: [503]))
        #expect(Self.isReady(failing.answer(Self.request("/api/?results=1")))?.status == 503)

        let slow = try Self.host(faults: FaultConfiguration(latency: .init(base: .milliseconds(300))))
        let page = Self.request("/api/?seed=slow&results=1")
        _ = slow.respond(to: page)
        let ready = try #require(Self.isReady(slow.answer(page)))
        #expect(ready.status == 200 && ready.delivery.delay == .milliseconds(300))
    }
}
