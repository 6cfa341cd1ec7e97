// Whole requests to the simulator's router, for every service, without sockets: the input is
// decoded into a method, a target (path and query), headers and a choice of host, and the
// answer is computed as a worker would (`.compute` work included). No request may crash the
// router, and each answer must be well formed: a status the services send on purpose (never a
// 5xx but the generator's own 500 and the old versions' 501), a JSON body that parses.
//
// Input: text lines. The first line's first byte picks the host (odd: rate limits on, with
// small tables, so limits and their eviction are reached; even: none). The second line is
// `METHOD target`; the others are `Name: value` headers.
import Foundation
import FuzzDriver

@testable import EndlessSimulator

/// The instant ages and the market are computed at stands still, so an answer replays the same
/// way (the rate limits, on a real clock, keep their counts across inputs).
let instant = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01

/// The services as the server builds them, on the built-in data, with two costs cut so that
/// the smoke run stays short: pictures are drawn small (a full-size drawing costs seconds under
/// AddressSanitizer; what is fuzzed is the arithmetic that sizes them, which runs in full
/// before the limits scale the result), and the market has 300 coins, not 2,000 (every markets
/// request prices them all: 3 s for a page of 250 with sparklines, 0.7 s for `global`).
func makeHost(limited: Bool) -> SimulatorHost {
    guard let data = try? GeneratorData.builtIn() else { fatalError("the built-in data did not load") }
    let clock = ContinuousClock()
    let services: [any ServiceRouter] = [
        RandomUserService(
            generator: RandomUserGenerator(data: data), portraits: .shared,
            rateLimiter: limited ? RateLimiter(configuration: .init(maxUsers: 50, window: .seconds(300)), clock: clock, capacity: 8) : nil,
            now: { instant }),
        ReqresService(directory: ReqresDirectory(count: limited ? 40 : 12, data: data), portraits: .shared),
        UnsplashService(
            catalogue: UnsplashCatalogue(data: data),
            rateLimiter: limited ? RateLimiter(configuration: .unsplash(limit: 5), clock: clock, capacity: 8) : nil,
            imageLimits: .init(maximumSide: 96, maximumPixels: 96 * 64)),
        CoinGeckoService(
            model: CoinMarketModel(catalog: market), rateLimit: limited ? .init(maxUsers: 5, window: .seconds(60)) : nil, clock: clock,
            now: { instant }),
    ]
    return SimulatorHost(services: services, faults: nil)
}

let market = CoinCatalog(count: 300)
let openHost = makeHost(limited: false)
let limitedHost = makeHost(limited: true)
let loopback = SocketAddress(host: "127.0.0.1", port: 41235, isIPv6: false)

/// The request the input describes, or nil when it has no request line.
func decode(_ input: UnsafeBufferPointer<UInt8>) -> (request: HTTPRequest, limited: Bool)? {
    let lines = input.split(separator: UInt8(ascii: "\n"), maxSplits: 64, omittingEmptySubsequences: false)
    guard lines.count >= 2 else { return nil }
    let requestLine = String(decoding: lines[1], as: UTF8.self)
    let parts = requestLine.split(separator: " ", maxSplits: 1)
    guard parts.count == 2 else { return nil }
    let target = String(parts[1])
    var path = target
    var query: String?
    if let mark = target.firstIndex(of: "?") {
        path = String(target[..<mark])
        query = String(target[target.index(after: mark)...])
    }
    // The server's parser only hands on origin-form targets.
    guard path.hasPrefix("/") else { return nil }
    var headers = HTTPHeaders()
    for line in lines.dropFirst(2) {
        let text = String(decoding: line, as: UTF8.self)
        guard let colon = text.firstIndex(of: ":") else { continue }
        headers.add(String(text[..<colon]), String(text[text.index(after: colon)...].drop { $0 == " " }))
    }
    let request = HTTPRequest(
        method: String(parts[0]), target: target, path: path, query: query, version: .http11, headers: headers,
        peer: loopback, local: loopback)
    return (request, (lines[0].first ?? 0) & 1 == 1)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSimulatorRouter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let (request, isLimited) = decode(bytes(data, size)) else { return 0 }
    let host = isLimited ? limitedHost : openHost
    let response =
        switch host.answer(request) {
        case .ready(let response): response
        case .compute(_, let work): work()
        }
    let status = response.status
    precondition((200...599).contains(status), "status \(status) for \(request.pathAndQuery)")
    // The services' own 5xx: the generator's refusal of what crashes the live service, and the
    // older API versions. Any other is a bug (an image that could not be drawn, say).
    precondition(status < 500 || response.logNote == "generator-error" || status == 501, "\(status) for \(request.pathAndQuery)")
    // JSON bodies parse: every error, and the answers small enough to check on each input (what
    // a request echoes into a body, a host or a page number, must not break it). A JSONP answer
    // (randomuser's `callback`) keeps the JSON type, as on the live service, and is not JSON.
    let isJSONP = QueryParameters(request.query ?? "").last("callback").map { !$0.isEmpty } ?? false
    if response.headers["Content-Type"]?.hasPrefix("application/json") == true, !isJSONP,
        status >= 400 || response.body.count <= 32 * 1024
    {
        precondition(
            (try? JSONSerialization.jsonObject(with: Data(response.body))) != nil,
            "a \(status) JSON body that does not parse for \(request.pathAndQuery)")
    }
    return 0
}

@main
enum Fuzz {
    static func main() { runFuzzer(fuzzSimulatorRouter) }
}
