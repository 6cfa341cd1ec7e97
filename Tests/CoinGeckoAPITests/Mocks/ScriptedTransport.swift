import CoinGeckoAPI
import EndlessHTTP
import EndlessTesting
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that answers every request from a closure, and records the requests: the
/// network, scripted, with nothing listening anywhere.
final class ScriptedTransport: HTTPTransport, Sendable {
    struct Reply: Sendable {
        var status = 200
        var headers: HTTPHeaders = ["Content-Type": "application/json; charset=utf-8"]
        var body: String

        static func json(_ body: String, status: Int = 200, headers: HTTPHeaders = [:]) -> Reply {
            var reply = Reply(status: status, body: body)
            for field in headers { reply.headers[field.name] = field.value }
            return reply
        }

        static func html(_ body: String, status: Int) -> Reply {
            Reply(status: status, headers: ["Content-Type": "text/html; charset=UTF-8"], body: body)
        }
    }

    private let answer: @Sendable (URLRequest, Int) -> Reply
    private let sent = Mutex<[URLRequest]>([])

    /// - Parameter answer: the reply to a request, given the request and how many came before it.
    init(_ answer: @escaping @Sendable (URLRequest, Int) -> Reply) {
        self.answer = answer
    }

    /// Every request so far, in order.
    var requests: [URLRequest] { sent.withLock { $0 } }

    func send(_ request: URLRequest, maxBodyBytes: Int) async throws(HTTPError) -> HTTPResponse {
        let count = sent.withLock { requests -> Int in
            requests.append(request)
            return requests.count - 1
        }
        let reply = answer(request, count)
        return HTTPResponse(statusCode: reply.status, headers: reply.headers, body: Data(reply.body.utf8), url: request.url)
    }

    /// A query item of a request, by name.
    static func query(_ request: URLRequest, _ name: String) -> String? {
        request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }?.queryItems?.first { $0.name == name }?.value
    }
}

/// Clients over a scripted transport, retrying nothing, so each test sees each reply.
enum Clients {
    static func client(_ transport: ScriptedTransport, demoKey: String? = nil, monitors: [any HTTPEventMonitor] = [])
        throws -> CoinGeckoClient
    {
        let base = try HTTPClient.baseURL(parsing: "https://api.coingecko.test/api/v3/")
        let http = HTTPClient(
            baseURL: base, configuration: .init(retryPolicy: .never, deadline: TimeBudget.scaled(.seconds(20))), transport: transport,
            monitors: monitors)
        return CoinGeckoClient(http: http, demoKey: demoKey)
    }
}
