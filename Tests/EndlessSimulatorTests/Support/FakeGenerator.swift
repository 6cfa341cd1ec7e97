import Foundation

@testable import EndlessSimulator

/// Stands in for the generator so the service's routing, headers, rate limit and faults can
/// be tested without generated users.
///
/// `results=N` gives N fake users (default 1); `fail` throws; `dl` asks for a download.
/// Each user's picture is the portrait base URL it was given, so tests can check it.
struct FakeGenerator: UserGenerating {
    func respond(
        toQuery query: String, now: Date, portraitBaseURL: String, version: RandomUserVersion
    ) throws(GeneratorError) -> GeneratedResponse {
        let items = query.split(separator: "&").map { $0.split(separator: "=", maxSplits: 1) }
        func value(_ name: String) -> String? {
            items.first { $0.first.map(String.init) == name }.map { $0.count > 1 ? String($0[1]) : "" }
        }
        if value("fail") != nil { throw .unsupportedRequest("the fake generator was asked to fail") }
        let count = value("results").flatMap(Int.init).flatMap { (1...5000).contains($0) ? $0 : nil } ?? 1
        let user = #"{"name":{"first":"Fake"},"picture":{"large":"\#(portraitBaseURL)men/1.jpg"}}"#
        let body =
            #"{"results":[\#(Array(repeating: user, count: count).joined(separator: ","))],"info":{"seed":"fake","results":\#(count),"page":1,"version":"\#(version.rawValue)"}}"#
        return GeneratedResponse(
            body: Array(body.utf8), contentType: "application/json; charset=utf-8", userCount: count,
            attachmentFilename: value("dl") != nil ? "users.json" : nil)
    }
}

/// Starts the randomuser.me service (with the fake generator unless told otherwise) behind the
/// simulator host, with the host's faults, on an ephemeral port.
func startService(
    generator: any UserGenerating = FakeGenerator(),
    faults: FaultConfiguration = .none,
    rateLimit: RateLimitConfiguration? = nil,
    clock: any Clock<Duration> = ContinuousClock(),
    log: (@Sendable (String) -> Void)? = nil
) throws -> (server: HTTPServer, port: UInt16) {
    let service = RandomUserService(
        generator: generator, portraits: PortraitStore.shared,
        rateLimiter: rateLimit.map { RateLimiter(configuration: $0, clock: clock) },
        now: { Date(timeIntervalSince1970: 1_750_000_000) })
    let host = SimulatorHost(services: [service], faults: faults.isEnabled ? FaultInjector(configuration: faults) : nil)
    return try startHTTPServer(handler: host, log: log)
}
