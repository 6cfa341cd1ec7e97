import EndlessHTTP
import EndlessTesting
import Foundation
import Synchronization
import Testing

@Suite("Secrets never reach logs or cURL", .timeLimit(TimeBudget.minutes(1)))
struct RedactionTests {
    private static let secrets = [
        "S3CR3T-KEY", "S3CR3T-TOKEN", "S3CR3T-BEARER", "S3CR3T-COOKIE", "S3CR3T-CID", "S3CR3T-PW", "S3CR3T-SIG", "S3CR3T-HDR",
    ]

    private static let endpoint = Endpoint<Page>(
        path: "people",
        query: [
            URLQueryItem(name: "api_key", value: "S3CR3T-KEY"), URLQueryItem(name: "Access_Token", value: "S3CR3T-TOKEN"),
            URLQueryItem(name: "client_id", value: "S3CR3T-CID"), URLQueryItem(name: "PASSWORD", value: "S3CR3T-PW"),
            URLQueryItem(name: "X-Amz-Signature", value: "S3CR3T-SIG"), URLQueryItem(name: "page", value: "2"),
            URLQueryItem(name: "seed", value: "abc"),
        ],
        headers: ["Authorization": "Bearer S3CR3T-BEARER", "Cookie": "session=S3CR3T-COOKIE", "X-Api-Key": "S3CR3T-HDR", "X-Trace": "visible"])

    @Test("log lines for every event hide secret query items and headers, keeping the rest")
    func logLines() async throws {
        let lines = LineCollector()
        let server = MockServer(.json("{}", status: 503), .json(Fixtures.pageJSON))
        let clock = ManualClock()
        let client = Fixtures.client(server, clock: clock, monitors: [LogMonitor(includesHeaders: true, write: lines.append)])
        let request = Task { try await client.send(Self.endpoint) }
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(500))
        _ = try await request.value(within: .seconds(20))

        let log = lines.all.joined(separator: "\n")
        #expect(lines.all.count == 4)  // started, cURL, retry, finished
        for secret in Self.secrets {
            #expect(!log.contains(secret), "leaked \(secret)")
        }
        #expect(log.contains("api_key=<redacted>"))
        #expect(log.contains("Access_Token=<redacted>"))
        #expect(log.contains("page=2&seed=abc"))
        #expect(log.contains("'Authorization: <redacted>'"))
        #expect(log.contains("'X-Trace: visible'"))
        // The request really carried the secrets; only the rendering hides them.
        #expect(server.requests.first?.url?.query?.contains("S3CR3T-KEY") == true)
    }

    @Test("the cURL command is exact and redacted")
    func curl() throws {
        let client = HTTPClient(baseURL: URL(string: "https://randomuser.me/api/"), transport: MockServer(.hold).transport())
        let post = Endpoint<Page>(
            .post, path: "orders", query: [URLQueryItem(name: "token", value: "S3CR3T"), URLQueryItem(name: "q", value: "it's")],
            headers: ["Authorization": "Basic S3CR3T", "Content-Type": "application/json", "X-Note": "it's"],
            body: Data("{\"password\":\"S3CR3T\"}".utf8))

        let command = try client.curlCommand(for: post)

        #expect(
            command == "curl -X POST 'https://randomuser.me/api/orders?token=<redacted>&q=it%27s' "
                + "-H 'Accept: application/json, text/json' -H 'Authorization: <redacted>' -H 'Content-Type: application/json' "
                + "-H 'X-Note: it'\\''s' --data-binary '<21 bytes>'")
    }

    @Test("a method that is not a plain token is quoted in the cURL command, like every other part")
    func curlQuotesOddMethods() throws {
        let client = HTTPClient(baseURL: URL(string: "https://randomuser.me/api/"), transport: MockServer(.hold).transport())
        let odd = Endpoint<Page>(HTTPMethod(rawValue: "purge;touch x"), path: "")
        #expect(try client.curlCommand(for: odd).hasPrefix("curl -X 'PURGE;TOUCH X' 'https://randomuser.me/api/'"))
        #expect(try client.curlCommand(for: Endpoint<Page>(.delete, path: "")).hasPrefix("curl -X DELETE 'https"))
    }

    @Test("redaction of headers is by name and by secret-looking words, in any case")
    func headerRules() {
        let redactor = Redactor.default
        for name in [
            "Authorization", "authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "SET-COOKIE",
            "X-Api-Key", "X-Auth-Token", "X-Client-Secret",
        ] {
            #expect(redactor.isSecretHeader(name), "\(name)")
        }
        for name in ["Accept", "Content-Type", "User-Agent", "X-Request-Id"] {
            #expect(!redactor.isSecretHeader(name), "\(name)")
        }
        let redacted = redactor.redact(["Set-Cookie": "id=S3CR3T; HttpOnly", "Content-Type": "text/html"] as HTTPHeaders)
        #expect(redacted["set-cookie"] == "<redacted>")
        #expect(redacted["content-type"] == "text/html")
    }

    @Test(
        "redaction of query items matches words inside names, in any case",
        arguments: [
            "key", "api_key", "apiKey", "token", "access_token", "refresh_token", "secret", "client_secret",
            "signature", "X-Amz-Signature", "client_id", "password", "Password",
        ])
    func secretQueryNames(name: String) {
        #expect(Redactor.default.isSecretQueryItem(name))
    }

    @Test("secret words are found in names beyond ASCII too, and a fragment beyond ASCII in any name")
    func secretWordsBeyondASCII() {
        let redactor = Redactor.default
        #expect(redactor.isSecretQueryItem("clé_token"))
        #expect(redactor.isSecretHeader("X-Clé-Api-Key"))
        #expect(!redactor.isSecretQueryItem("clé"))
        let custom = Redactor(secretQueryNameFragments: ["clé"])
        #expect(custom.isSecretQueryItem("ma_clé"))
        #expect(custom.isSecretQueryItem("MA_CLÉ"))
        #expect(custom.isSecretHeader("X-Ma-Clé"))
        #expect(!custom.isSecretQueryItem("cle"))
        // Decomposed (e and a combining accent) and composed are the same word.
        #expect(custom.isSecretQueryItem("ma_cle\u{301}"))
        #expect(custom.secrets(inURL: "https://h/p?ma_cl%C3%A9=S3CR3T").contains("S3CR3T"))
        // An empty word is in no name, ASCII or not, as before names were searched by bytes.
        let empty = Redactor(secretQueryNameFragments: [""])
        #expect(!empty.isSecretQueryItem("page") && !empty.isSecretQueryItem("clé") && !empty.isSecretHeader("Accept"))
    }

    @Test("URLs keep their shape: user-info passwords, fragments, encoded names and values without '='")
    func urlShapes() throws {
        let redactor = Redactor.default
        let url = try #require(URL(string: "https://ada:S3CR3T@example.com/a?api%5Fkey=S3CR3T&flag&token&n=1#frag"))
        #expect(redactor.redact(url) == "https://ada:<redacted>@example.com/a?api%5Fkey=<redacted>&flag&token&n=1#frag")
        let plain = try #require(URL(string: "https://randomuser.me/api/?results=20&nat=us,gb"))
        #expect(redactor.redact(plain) == "https://randomuser.me/api/?results=20&nat=us,gb")
    }
}

/// Collects log lines from many tasks.
final class LineCollector: Sendable {
    private let lines = Mutex<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    @Sendable func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }
}
