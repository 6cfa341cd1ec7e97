import EndlessHTTP
import Foundation
import Testing

@testable import RandomUserAPI

/// What the live service really sends, mapped to typed errors by pure functions.
@Suite("Live-service failures become typed errors")
struct ErrorMappingTests {
    private let json = "application/json; charset=utf-8"

    private func read(_ status: Int, _ contentType: String?, _ body: String) -> Result<RandomUserResponse, RandomUserAPIError> {
        Result { () throws(RandomUserAPIError) in
            try RandomUserResponseReader.read(statusCode: status, contentType: contentType, body: Data(body.utf8))
        }
    }

    @Test("429 with {\"error\"} is a transient rate limit, on both paths")
    func rateLimit() {
        let body = #"{"error":"Whoa, ease up there cowboy. You've requested 20000 users in the last 5 minutes."}"#
        let expected = RandomUserAPIError.rateLimited(
            statusCode: 429, message: "Whoa, ease up there cowboy. You've requested 20000 users in the last 5 minutes.")
        #expect(read(429, json, body) == .failure(expected))
        #expect(RandomUserResponseReader.failure(statusCode: 429, contentType: json, body: Data(body.utf8)) == expected)
        #expect(expected.isTransient)
        #expect(expected.statusCode == 429)
        #expect(expected.description.contains("rate-limiting"))
        #expect(expected.description.contains("wait a few minutes"))
    }

    @Test("the status line's kind: the service's rate-limit text is a rate limit whatever its status; its other answers are answers")
    func requestFailureKinds() {
        let easeUp = #"{"error":"Whoa, ease up there cowboy. You've requested 20000 users in the last 5 minutes."}"#
        let uhOh = #"{"error":"Uh oh, something has gone wrong. Please tweet us @randomapi about the issue. Thank you."}"#
        #expect(RandomUserError(.status(code: 429, retryAfter: nil, snippet: easeUp)).requestFailureKind == .rateLimited)
        #expect(RandomUserError(.status(code: 503, retryAfter: nil, snippet: easeUp)).requestFailureKind == .rateLimited)
        #expect(RandomUserError(.status(code: 429, retryAfter: nil, snippet: "<html>Too Many</html>")).requestFailureKind == .rateLimited)
        #expect(RandomUserError(.status(code: 503, retryAfter: nil, snippet: uhOh)).requestFailureKind == .badAnswer)
        #expect(RandomUserError(.transport(code: .timedOut, message: "timed out")).requestFailureKind == .noAnswer)
        #expect(RandomUserError.query(.genderWithoutGenderField).requestFailureKind == .notSent)
        #expect(RandomUserPagingError.missingSeed.requestFailureKind == .badAnswer)
    }

    @Test("503 with the pre-2020 rate-limit text is a rate limit too")
    func rateLimit503() {
        let body = #"{"error":"Whoa, ease up there cowboy"}"#
        #expect(read(503, json, body) == .failure(.rateLimited(statusCode: 503, message: "Whoa, ease up there cowboy")))
    }

    @Test("503 with another {\"error\"} is a transient service error")
    func serviceError503() throws {
        let result = read(503, json, #"{"error":"Uh oh, something has gone wrong. Please tweet us @randomapi about the issue. Thank you."}"#)
        guard case .failure(let error) = result, case .serviceError(503, let message) = error else {
            Issue.record("expected a service error, got \(result)")
            return
        }
        #expect(message.hasPrefix("Uh oh"))
        #expect(error.isTransient)
        #expect(error.description.contains("try again in a minute"))
    }

    @Test("{\"error\"} with status 200 is still an error, with the real status")
    func errorWith200() {
        #expect(read(200, json, #"{"error":"Something bad"}"#) == .failure(.serviceError(statusCode: 200, message: "Something bad")))
        #expect(!RandomUserAPIError.serviceError(statusCode: 400, message: "x").isTransient)
    }

    @Test("an HTML block page is named as one, with a clean snippet and its title")
    func blockPage() {
        let page = """
            <!DOCTYPE html><html><head><title>Attention Required! | Cloudflare</title>
            <style>body{color:red}</style><script>var x = "<b>";</script></head>
            <body><h1>Sorry, you have been blocked</h1>\u{1B}[2J<p>You are unable to access randomuser.me</p></body></html>
            """
        let result = read(403, "text/html; charset=UTF-8", page)
        guard case .failure(.htmlPage(403, let title, let snippet, let isBlockPage)) = result else {
            Issue.record("expected an HTML page error, got \(result)")
            return
        }
        #expect(title == "Attention Required! | Cloudflare")
        #expect(isBlockPage)
        #expect(snippet.hasPrefix("Attention Required! | Cloudflare Sorry, you have been blocked"))
        #expect(!snippet.contains("color:red") && !snippet.contains("var x") && !snippet.contains("<"))
        #expect(!snippet.unicodeScalars.contains { $0.value < 0x20 })
        let error = RandomUserAPIError.htmlPage(statusCode: 403, title: title, snippet: snippet, isBlockPage: true)
        #expect(!error.isTransient)
        #expect(error.description.contains("block page"))
        #expect(error.description.contains("where JSON was expected"))
    }

    @Test("HTML with status 200 and no HTML content type is caught by its first byte")
    func htmlWith200() {
        let result = read(200, "application/json", "\n  <html><body>You have been blocked.</body></html>")
        guard case .failure(.htmlPage(200, nil, "You have been blocked.", true)) = result else {
            Issue.record("expected a block page, got \(result)")
            return
        }
    }

    @Test("a 502 gateway page is HTML, transient, and not called a block page")
    func gatewayPage() {
        let result = read(
            502, "text/html",
            "<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>"
        )
        guard case .failure(let error) = result, case .htmlPage(502, "502 Bad Gateway", _, false) = error else {
            Issue.record("expected a gateway page, got \(result)")
            return
        }
        #expect(error.isTransient)
        #expect(error.description.contains("gateway error page"))
    }

    @Test("empty results while info.results > 0 is the transient 2026 fault")
    func emptyResults() {
        let result = read(200, json, #"{"results":[],"info":{"seed":"abc","results":1,"page":1,"version":"1.4"}}"#)
        #expect(result == .failure(.emptyResults(requested: 1)))
        #expect(RandomUserAPIError.emptyResults(requested: 1).isTransient)
        #expect(RandomUserAPIError.emptyResults(requested: 1).description.contains("retry"))
        // An empty page that asked for none is not that fault.
        #expect((try? read(200, json, #"{"results":[],"info":{"results":0}}"#).get())?.results.isEmpty == true)
        #expect(throws: RandomUserAPIError.emptyResults(requested: 5)) {
            try RandomUserResponseReader.validate(RandomUserResponse(results: [], info: .init(results: 5)))
        }
    }

    @Test("a legacy 0.x body is an unsupported version with a hint to use 1.x")
    func legacy() {
        let body = #"{"results":[{"user":{"gender":"female","name":{"title":"ms","first":"eva","last":"lee"}},"seed":"abc","version":"0.8"}]}"#
        #expect(read(200, json, body) == .failure(.unsupportedVersion(reported: "0.8")))
        let error = RandomUserAPIError.unsupportedVersion(reported: "0.8")
        #expect(error.description.contains("0.x"))
        #expect(error.description.contains("1.0–1.4"))
        #expect(!error.isTransient)
        // The models themselves refuse it, so a plain JSONDecoder cannot read it as empty people.
        #expect(throws: RandomUserAPIError.unsupportedVersion(reported: "0.8")) {
            try JSONDecoder().decode(RandomUserResponse.self, from: Data(body.utf8))
        }
    }

    @Test("other non-2xx answers keep their status and a snippet; failure() leaves them to the HTTP layer")
    func unexpectedStatus() {
        #expect(read(404, "text/plain", "Not Found") == .failure(.unexpectedStatus(statusCode: 404, snippet: "Not Found")))
        #expect(RandomUserResponseReader.failure(statusCode: 404, contentType: "text/plain", body: Data("Not Found".utf8)) == nil)
        #expect(RandomUserAPIError.unexpectedStatus(statusCode: 504, snippet: "").isTransient)
        #expect(!RandomUserAPIError.unexpectedStatus(statusCode: 404, snippet: "").isTransient)
    }

    @Test("a 2xx body that is not a randomuser.me body names the problem")
    func invalidBody() {
        guard case .failure(.invalidBody(let reason, let snippet)) = read(200, json, "not json at all") else {
            Issue.record("expected an invalid body")
            return
        }
        #expect(reason == "it is not valid JSON")
        #expect(snippet == "not json at all")
        guard case .failure(.invalidBody(let pathReason, _)) = read(200, json, #"{"results":[{"name":{"first":"A"}},{"dob":{"date":"soon"}}]}"#)
        else {
            Issue.record("expected an invalid body")
            return
        }
        #expect(pathReason.hasPrefix("results[1].dob.date: \"soon\" is not a date"))
        guard case .failure(.invalidBody(let missing, _)) = read(200, json, #"{"info":{}}"#) else {
            Issue.record("expected an invalid body")
            return
        }
        #expect(missing == "the top level has no \"results\"")
    }

    @Test("service messages are cut to one line")
    func messageIsOneLine() {
        let long = String(repeating: "x", count: 1000)
        guard case .serviceError(_, let message) = RandomUserAPIError.service(statusCode: 500, message: "a\nb\u{1B}\t\(long)") else {
            Issue.record("expected a service error")
            return
        }
        #expect(message.hasPrefix("a b "))
        #expect(message.count == 300)
        #expect(message.hasSuffix("…"))
    }
}
