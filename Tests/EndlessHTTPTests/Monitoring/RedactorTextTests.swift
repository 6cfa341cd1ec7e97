import Foundation
import Testing

@testable import EndlessHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Free text through the redactor: messages, error bodies, command lines.
@Suite("Redacting free text")
struct RedactorTextTests {
    let redactor = Redactor.default.adding(secrets: ["SECRET123", "k3y!", "abcd", "ab", "Zq9-longer-key"])

    @Test("a long secret is hidden wherever it stands, inside words too")
    func longSecret() {
        #expect(redactor.redact(text: "Server said: …Client-ID SECRET123") == "Server said: …Client-ID <redacted>")
        #expect(redactor.redact(text: "xxSECRET123yy") == "xx<redacted>yy")
        #expect(redactor.redact(text: "a Zq9-longer-key b") == "a <redacted> b")
    }

    @Test("a secret of 4 to 7 characters is hidden only as a whole word")
    func shortSecret() {
        #expect(redactor.redact(text: "key abcd given") == "key <redacted> given")
        #expect(redactor.redact(text: "(abcd)") == "(<redacted>)")
        #expect(redactor.redact(text: "abcdef and xabcd and abcd-1") == "abcdef and xabcd and abcd-1")
        #expect(redactor.redact(text: "k3y! was refused") == "<redacted> was refused")
    }

    @Test("a secret under 4 characters never blanks out ordinary text, but is hidden where it stands")
    func tinySecret() {
        #expect(redactor.redact(text: "a bad about ab") == "a bad about ab")
        #expect(redactor.redact(text: "GET /?api_key=ab&x=1") == "GET /?api_key=<redacted>&x=1")
    }

    @Test("a secret's percent-encoded form is hidden too")
    func percentEncoded() {
        let spaced = Redactor.default.adding(secrets: ["s3cret value/1"])
        #expect(spaced.redact(text: "GET /?q=s3cret%20value%2F1") == "GET /?q=<redacted>")
    }

    @Test("URL passwords, secret query items, headers, JSON members and bearer tokens are hidden without being known")
    func structures() {
        let plain = Redactor.default
        let cases: [(String, String)] = [
            ("see http://user:hunter2@host:8/x", "see http://user:<redacted>@host:8/x"),
            ("'http://u:p%40ss@127.0.0.1:99999/' is not", "'http://u:<redacted>@127.0.0.1:99999/' is not"),
            ("--api 'http://127.0.0.1:9/?client_id=SECRET&x=1'", "--api 'http://127.0.0.1:9/?client_id=<redacted>&x=1'"),
            ("form: password=pw1&user=me; api_key=zz", "form: password=<redacted>&user=me; api_key=<redacted>"),
            ("GET / HTTP/1.1\r\nAuthorization: Client-ID abc\r\nAccept: */*", "GET / HTTP/1.1\r\nAuthorization: <redacted>\r\nAccept: */*"),
            ("x-cg-demo-api-key: CG-123 \nnext", "x-cg-demo-api-key: <redacted> \nnext"),
            ("-H 'Cookie: a=b; c=d' -H 'X: y'", "-H 'Cookie: <redacted>' -H 'X: y'"),
            (#"{"x-api-key": "v\"1", "accept":"*/*"}"#, #"{"x-api-key": "<redacted>", "accept":"*/*"}"#),
            (#"{"password":"pw","age":3}"#, #"{"password":"<redacted>","age":3}"#),
            (#"{"access_token":12345678}"#, #"{"access_token":<redacted>}"#),
            ("auth header was Bearer eyJhbGciOi.J9x-y", "auth header was Bearer <redacted>"),
            ("Basic dXNlcjpwYXNzd29yZA==", "Basic <redacted>"),
        ]
        for (text, expected) in cases {
            #expect(plain.redact(text: text) == expected)
        }
    }

    @Test("ordinary messages are left alone")
    func ordinaryText() {
        let texts = [
            "HTTP 404 Not Found. Nothing is at this address; check the URL and path.",
            "The response could not be read at results[0]: the key \"name\" is missing.",
            "key: the API key is missing",  // a bare word before a colon is not a header
            "http://127.0.0.1:8080/api/?results=20&seed=abc",
            "Basic usage: endless fetch",
            "reqres.in wants an API key and refused the request (Missing API key.)",
            "",
        ]
        for text in texts {
            #expect(Redactor.default.redact(text: text) == text)
        }
    }

    @Test("redacting twice changes nothing more")
    func idempotent() {
        let once = redactor.redact(text: "Authorization: Client-ID SECRET123\nand http://u:pw@h/?token=t")
        #expect(redactor.redact(text: once) == once)
        #expect(once == "Authorization: <redacted>\nand http://u:<redacted>@h/?token=<redacted>")
    }

    @Test("a secret cut off at the end of an excerpt is hidden when the text was cut")
    func cutSecret() {
        #expect(redactor.redact(prefix: "body … SECRE", wasCut: true) == "body … <redacted>")
        #expect(redactor.redact(prefix: "body … SECRE", wasCut: false) == "body … SECRE")
        #expect(redactor.redact(prefix: "body … SEC", wasCut: true) == "body … SEC")  // too short to tell
    }

    @Test("the secrets of a URL, parsed or not")
    func secretsInURL() {
        let plain = Redactor.default
        #expect(
            plain.secrets(inURL: "http://u:pw%21@h:1/?client_id=SECRET&x=1&api_key=k%20k")
                == ["pw%21", "pw!", "SECRET", "k%20k", "k k"])
        #expect(plain.secrets(inURL: "http://u:P W@h:99999/") == ["P W"])
        #expect(plain.secrets(inURL: "https://example.test/api/").isEmpty)
        #expect(plain.secrets(inURL: "not a url ?token=t").isEmpty == false)
        // Empty pairs, a fragment, a name without a value, and text beyond ASCII around them.
        #expect(plain.secrets(inURL: "https://é:mot-dé-passe@hôte/ü?&&token=tök&token&x=1#api_key=no") == ["mot-dé-passe", "tök"])
        #expect(plain.secrets(inURL: "https://h/?api_key=&token=") == [])
        #expect(plain.secrets(inURL: "?token=a=b") == ["a=b"])
        // A query written after the fragment is looked at too: hiding more is safe.
        #expect(plain.secrets(inURL: "https://h/#?token=t") == ["t"])
    }

    @Test("a request's credentials: secret header values with and without their scheme, secret query values, the password")
    func requestSecrets() throws {
        var request = URLRequest(url: try #require(URL(string: "http://u:pass-word@h/?access_token=tok123&page=2")))
        request.setValue("Client-ID CID-777", forHTTPHeaderField: "Authorization")
        request.setValue("v1", forHTTPHeaderField: "Accept-Version")

        let secrets = Set(Redactor.default.addingSecrets(of: request).secrets)

        #expect(secrets.isSuperset(of: ["Client-ID CID-777", "CID-777", "tok123", "pass-word"]))
        #expect(!secrets.contains("v1") && !secrets.contains("2"))
    }

    @Test("hostile text: long runs, lone structure characters and broken UTF-8 never trap")
    func hostileText() {
        let texts = [
            String(repeating: "=", count: 10_000), String(repeating: ":", count: 10_000), String(repeating: "://@", count: 5_000),
            String(repeating: "\"a\":", count: 5_000), "Authorization:", "\"password\":", "Bearer ", "x=", "://", "\u{FFFD}é=ü",
            String(decoding: [0xFF, 0xFE, 0x3D, 0xC3], as: UTF8.self),
        ]
        for text in texts {
            _ = redactor.redact(text: text)
            _ = redactor.secrets(inURL: text)
        }
        #expect(redactor.redact(text: "Authorization:") == "Authorization:")
    }
}
