import EndlessHTTP
import Foundation
import Testing

@Suite("Endpoint URLs: joining, percent-encoding and refusing bad input")
struct EndpointURLTests {
    private static let base = URL(string: "https://randomuser.me/api/")!

    private func url(_ path: String, _ query: [URLQueryItem] = [], base: URL = base) throws -> String {
        try Endpoint<Page>(path: path, query: query).url(relativeTo: base).absoluteString
    }

    @Test(
        "paths are appended below the base URL, whatever the slashes at the joint",
        arguments: [
            ("https://randomuser.me/api/", "", "https://randomuser.me/api/"),
            ("https://randomuser.me/api", "", "https://randomuser.me/api"),
            ("http://127.0.0.1:41235/api/", "", "http://127.0.0.1:41235/api/"),
            ("http://127.0.0.1:41235/api", "people", "http://127.0.0.1:41235/api/people"),
            ("http://127.0.0.1:41235/api/", "/people", "http://127.0.0.1:41235/api/people"),
            ("https://randomuser.me", "", "https://randomuser.me/"),
            ("https://randomuser.me", "portraits/men/1.jpg", "https://randomuser.me/portraits/men/1.jpg"),
        ])
    func joining(base: String, path: String, expected: String) throws {
        let baseURL = try #require(URL(string: base))
        #expect(try url(path, base: baseURL) == expected)
    }

    @Test("query values are encoded for a query: + becomes %2B, separators are escaped, lists stay readable")
    func queryEncoding() throws {
        let query = [
            URLQueryItem(name: "seed", value: "a+b c&d=e#f;g"),
            URLQueryItem(name: "inc", value: "name,email,login"),
            URLQueryItem(name: "password", value: "upper,lower,1-16"),
            URLQueryItem(name: "q", value: "100% Zoë/ok?@:~"),
            URLQueryItem(name: "flag", value: nil),
            URLQueryItem(name: "na me", value: ""),
        ]
        #expect(
            try url("", query) == "https://randomuser.me/api/?seed=a%2Bb%20c%26d%3De%23f%3Bg&inc=name,email,login"
                + "&password=upper,lower,1-16&q=100%25%20Zo%C3%AB/ok?@:~&flag&na%20me=")
    }

    @Test("the server sees the original query values")
    func queryRoundTrip() throws {
        let values = ["a+b", "a b", "x&y=z", "#frag", "Ωμέγα", "100%", "semi;colon"]
        let built = try Endpoint<Page>(path: "", query: values.map { URLQueryItem(name: "v", value: $0) })
            .url(relativeTo: Self.base)
        let decoded = URLComponents(url: built, resolvingAgainstBaseURL: false)?.queryItems?.map(\.value)
        #expect(decoded == values)
    }

    @Test("path text is encoded per segment; ?, # and % are literal")
    func pathEncoding() throws {
        #expect(try url("people/Zoë Ä/x?y#z%") == "https://randomuser.me/api/people/Zo%C3%AB%20%C3%84/x%3Fy%23z%25")
    }

    @Test(
        "unusable base URLs are typed errors, never crashes",
        arguments: [
            "ftp://randomuser.me/api/", "file:///tmp/api", "mailto:someone@example.com", "https:///api",
            "https://randomuser.me/api/?key=1", "https://randomuser.me/api/#top", "randomuser.me/api",
        ])
    func invalidBase(base: String) throws {
        let baseURL = try #require(URL(string: base))
        #expect(throws: HTTPError.self) { try Endpoint<Page>(path: "").url(relativeTo: baseURL) }
    }

    @Test("unusable paths are typed errors", arguments: ["../etc/passwd", "a/./b", "a/..", "bad\u{0}name", "line\nbreak"])
    func invalidPath(path: String) {
        #expect(throws: HTTPError.self) { try Endpoint<Page>(path: path).url(relativeTo: Self.base) }
    }

    @Test(
        "base URLs typed by a person are checked with a reason",
        arguments: [
            ("", "empty"), ("not a url", "\"not a url\" must start with http"), ("ftp://x.org/", "http"), ("http://", "no host"),
            ("http://127.0.0.1:8080/api?x=1", "query"),
        ])
    func parsingBaseURLs(text: String, reasonFragment: String) {
        do {
            _ = try HTTPClient.baseURL(parsing: text)
            Issue.record("\"\(text)\" was accepted")
        } catch {
            guard case .invalidRequest(let reason) = error else {
                Issue.record("expected invalidRequest, got \(error)")
                return
            }
            #expect(reason.contains(reasonFragment), "\(reason)")
        }
    }

    @Test("good base URLs parse, surrounding spaces ignored")
    func goodBaseURLs() throws {
        #expect(try HTTPClient.baseURL(parsing: " https://randomuser.me/api/ ").absoluteString == "https://randomuser.me/api/")
        #expect(try HTTPClient.baseURL(parsing: "http://[::1]:8080/api").host?.contains("1") == true)
    }

    @Test("the request carries method, headers, body and an Accept header from the accepted types")
    func urlRequest() throws {
        let endpoint = Endpoint<Page>(
            .put, path: "people/1", headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
        let request = try endpoint.urlRequest(relativeTo: Self.base)
        #expect(request.httpMethod == "PUT")
        #expect(request.httpBody == Data("{}".utf8))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json, text/json")

        let custom = try Endpoint<Page>(path: "", headers: ["accept": "application/vnd.example+json"]).urlRequest(relativeTo: Self.base)
        #expect(custom.value(forHTTPHeaderField: "Accept") == "application/vnd.example+json")
    }

    @Test("raw fetches refuse URLs that are not absolute http(s)", arguments: ["file:///etc/passwd", "ftp://example.com/a.jpg", "/relative.jpg"])
    func rawFetchRefusesBadURLs(text: String) async throws {
        let client = HTTPClient(transport: MockServer(.hold).transport())
        let url = try #require(URL(string: text))
        let error = await httpError { try await client.data(from: url) }
        guard case .invalidRequest = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
    }
}
