import EndlessTesting
import Foundation
import Synchronization

/// The service the articles' people feed pages through, on loopback: `GET /people?page=N&results=R`
/// answers R people and whether more pages follow, up to `pageCount` pages. A page told to fail
/// answers 404 (an error the HTTP client does not retry, so it reaches the feed).
final class PeopleService: Sendable {
    private let server: ScriptedLoopbackServer
    private let failures: Failures

    /// Pages to fail, and how many more times each.
    private final class Failures: Sendable {
        let remaining = Mutex<[Int: Int]>([:])
    }

    init(pageCount: Int = 5) throws {
        let failures = Failures()
        self.failures = failures
        server = try ScriptedLoopbackServer(maxConnections: 200) { request in
            guard let (page, results) = PeopleService.pageAndResults(of: request.line) else {
                return ScriptedLoopbackServer.response(status: 400)
            }
            let fails = failures.remaining.withLock { remaining -> Bool in
                guard let times = remaining[page], times > 0 else { return false }
                remaining[page] = times - 1
                return true
            }
            if fails { return ScriptedLoopbackServer.response(status: 404, body: "no such page") }
            let people = (0..<results).map { #"{"id":"p\#(page)-\#($0)","name":"Person \#(page)-\#($0)"}"# }
            let body = #"{"people":[\#(people.joined(separator: ","))],"hasMore":\#(page < pageCount)}"#
            return ScriptedLoopbackServer.response(status: 200, headers: ["Content-Type": "application/json"], body: body)
        }
    }

    /// The service's root: the client's base URL.
    var url: URL { server.url() }

    /// The page numbers asked for so far, in the order the requests arrived.
    var requestedPages: [Int] { server.requests.compactMap { Self.pageAndResults(of: $0.line)?.page } }

    /// Makes the next `times` requests for `page` fail.
    func fail(page: Int, times: Int = 1) {
        failures.remaining.withLock { $0[page, default: 0] += times }
    }

    func stop() { server.stop() }

    /// `page` and `results` from a request line such as `GET /people?page=2&results=20 HTTP/1.1`.
    private static func pageAndResults(of line: String) -> (page: Int, results: Int)? {
        let parts = line.split(separator: " ")
        guard parts.count == 3, let components = URLComponents(string: "http://localhost" + parts[1]),
            components.path == "/people"
        else { return nil }
        let items = components.queryItems ?? []
        guard let page = items.first(where: { $0.name == "page" })?.value.flatMap(Int.init),
            let results = items.first(where: { $0.name == "results" })?.value.flatMap(Int.init),
            (1...100).contains(results)
        else { return nil }
        return (page, results)
    }
}
