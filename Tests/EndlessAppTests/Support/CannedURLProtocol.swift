import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers requests from a table of canned responses, by path: the real URLSession path with no
/// server, for bodies a simulator would never send (hostile text, odd shapes).
///
/// Installed through `URLSessionConfiguration.protocolClasses` (on Linux, global registration
/// does not intercept). Responses are keyed by path, so concurrent tests use distinct paths.
final class CannedURLProtocol: URLProtocol {
    // The only state is the static Mutex below: URLSession makes and calls instances on its own threads.
    struct Reply: Sendable {
        var status = 200
        var body: String
        var contentType = "application/json; charset=utf-8"
    }

    private static let replies = Mutex<[String: Reply]>([:])

    /// Answers requests for `path` with `reply` until replaced.
    static func answer(_ path: String, with reply: Reply) {
        replies.withLock { $0[path] = reply }
    }

    /// A session configuration whose requests this protocol answers.
    static var configuration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [CannedURLProtocol.self]
        return configuration
    }

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let path = request.url?.path ?? ""
        let reply = Self.replies.withLock { $0[path] } ?? Reply(status: 404, body: "{}")
        guard let url = request.url,
            let response = HTTPURLResponse(
                url: url, statusCode: reply.status, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": reply.contentType])
        else {
            client?.urlProtocol(self, didFailWithError: URLError(.badURL))
            return
        }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data(reply.body.utf8))
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}
