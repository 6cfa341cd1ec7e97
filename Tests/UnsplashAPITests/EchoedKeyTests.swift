import EndlessHTTP
import Foundation
import Testing
import UnsplashAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Errors the client builds from the answer itself (a header it cannot read, the service's
/// `errors`) never quote the access key, whatever the server echoes.
@Suite("UnsplashClient: an echoed access key never reaches an error")
struct UnsplashEchoedKeyTests {
    /// Answers every request with one canned response.
    struct CannedTransport: HTTPTransport {
        let status: Int
        let headers: HTTPHeaders
        let body: String

        func send(_ request: URLRequest, maxBodyBytes: Int) async throws(HTTPError) -> HTTPResponse {
            HTTPResponse(statusCode: status, headers: headers, body: Data(body.utf8), url: request.url)
        }
    }

    static let key = "UNSPLASH-SECRET-KEY-9"

    @Test(
        "a paging header that echoes the key, and the service's errors quoting it",
        arguments: [
            (200, "X-Total", "you sent Client-ID UNSPLASH-SECRET-KEY-9", "[]"),
            (200, "Link", "<https://api.unsplash.test/photos?page=2&client_id=UNSPLASH-SECRET-KEY-9>; rel=\"next\"", "[]"),
            (401, "X-Trace", "1", #"{"errors":["OAuth error: UNSPLASH-SECRET-KEY-9 is not a valid access token"]}"#),
        ])
    func echoed(status: Int, header: String, value: String, body: String) async throws {
        let transport = CannedTransport(
            status: status, headers: ["Content-Type": "application/json", header: value], body: body)
        let http = HTTPClient(
            baseURL: URL(string: "https://api.unsplash.test/"), configuration: .init(retryPolicy: .never), transport: transport)
        let client = UnsplashClient(http: http, accessKey: Self.key)

        do {
            _ = try await client.photos(page: 3)
            Issue.record("the answer was accepted")
        } catch {
            #expect(!error.description.contains(Self.key), "\(error)")
            #expect(error.description.contains("<redacted>"), "\(error)")
        }
    }
}
