import EndlessHTTP
import Foundation

/// Turns what a server sent into a ``RandomUserResponse`` or a ``RandomUserAPIError``.
///
/// Pure functions over (status code, content type, body bytes), so the HTTP layer can call
/// them from both of its paths without knowing about people:
/// - on its **error path** (a non-2xx status, or a content type that is not JSON), call
///   ``failure(statusCode:contentType:body:)`` and prefer its typed error when it returns one;
/// - on its **success path**, decode with ``read(statusCode:contentType:body:)``, or, if the
///   endpoint decodes with its own `JSONDecoder`, call ``validate(_:)`` on the result.
public enum RandomUserResponseReader {
    /// Reads a whole response: status, body shape, the service's error bodies and the known
    /// live faults.
    ///
    /// - Parameters:
    ///   - statusCode: the HTTP status.
    ///   - contentType: the `Content-Type` header, if any. Not required to be JSON (some
    ///     compatible servers send `text/plain`); an HTML type is an error.
    ///   - body: the body bytes.
    /// - Returns: the decoded response with at least one person, or with none only when the
    ///   server itself reported that none were asked for.
    /// - Throws: ``RandomUserAPIError``: `.rateLimited` / `.serviceError` for
    ///   `{"error": …}` bodies (any status), `.htmlPage` for HTML, `.unexpectedStatus` for
    ///   other non-2xx answers, `.unsupportedVersion` for 0.x bodies, `.emptyResults` for the
    ///   2026 fault, `.invalidBody` for anything else that is not a randomuser.me body.
    public static func read(
        statusCode: Int, contentType: String?, body: Data
    ) throws(RandomUserAPIError) -> RandomUserResponse {
        guard (200..<300).contains(statusCode) else {
            throw failure(statusCode: statusCode, contentType: contentType, body: body)
                ?? .unexpectedStatus(statusCode: statusCode, snippet: BodySnippet.plain(body))
        }
        if BodySnippet.isHTML(contentType: contentType, body: body) {
            throw htmlPage(statusCode: statusCode, body: body)
        }
        let response: RandomUserResponse
        do {
            // The fast reader takes the bodies it is sure of, each person keeping its object as
            // sent (what a tool's output and the page cache write back); JSONDecoder decides the
            // rest, and the objects are found in the body checked as JSON (a body that is not
            // JSON is worded by JSONDecoder).
            if let fast = FastResponseDecoder.decode(body) {
                response = fast
            } else {
                response = try JSONDecoder().decode(RandomUserResponse.self, from: body).keeping(try? RawJSON(parsing: body))
            }
        } catch let error as RandomUserAPIError {
            // The models throw service errors with a placeholder 200: they cannot see the status.
            if case .serviceError(_, let message) = error {
                throw .service(statusCode: statusCode, message: message)
            }
            if case .rateLimited(_, let message) = error {
                throw .service(statusCode: statusCode, message: message)
            }
            throw error
        } catch let error as DecodingError {
            throw .invalidBody(reason: describe(error), snippet: BodySnippet.plain(body, limit: 80))
        } catch {
            throw .invalidBody(reason: "\(error)", snippet: BodySnippet.plain(body, limit: 80))
        }
        try validate(response)
        return response
    }

    /// Recognizes the live service's failure bodies, for the HTTP layer's error path.
    ///
    /// - Parameters:
    ///   - statusCode: the HTTP status (any; `{"error": …}` has come with 200, 429 and 503).
    ///   - contentType: the `Content-Type` header, if any.
    ///   - body: the body bytes.
    /// - Returns: `.htmlPage` for an HTML body, `.rateLimited` / `.serviceError` for the
    ///   service's `{"error": "…"}`; nil when the body is neither, so the caller keeps its
    ///   own, more general error (e.g. a status error with a snippet).
    public static func failure(statusCode: Int, contentType: String?, body: Data) -> RandomUserAPIError? {
        if BodySnippet.isHTML(contentType: contentType, body: body) {
            return htmlPage(statusCode: statusCode, body: body)
        }
        struct ErrorBody: Decodable { let error: String }
        if let errorBody = try? JSONDecoder().decode(ErrorBody.self, from: body) {
            return .service(statusCode: statusCode, message: errorBody.error)
        }
        return nil
    }

    /// Checks a decoded response for the faults a decoder cannot see.
    ///
    /// Never trusts `info.results` as a count: it only uses it to tell the 2026 fault (no
    /// people although some were asked for) from a server that was asked for none.
    /// - Parameter response: a decoded response.
    /// - Throws: ``RandomUserAPIError/emptyResults(requested:)`` when `results` is empty while
    ///   `info.results` is positive.
    public static func validate(_ response: RandomUserResponse) throws(RandomUserAPIError) {
        if response.results.isEmpty, let requested = response.info?.results, requested > 0 {
            throw .emptyResults(requested: requested)
        }
    }

    static func htmlPage(statusCode: Int, body: Data) -> RandomUserAPIError {
        let (title, text) = BodySnippet.html(body)
        let words = ((title ?? "") + " " + text).lowercased()
        let blockWords = [
            "blocked", "access denied", "forbidden", "captcha", "attention required",
            "not allowed", "request rejected",
        ]
        let isBlockPage = statusCode == 403 || statusCode == 451 || blockWords.contains { words.contains($0) }
        return .htmlPage(statusCode: statusCode, title: title, snippet: text, isBlockPage: isBlockPage)
    }

    /// `results[3].dob.date: "…" is not a date…`: the place in the body and the problem.
    static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            var text = ""
            for key in codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            return text.isEmpty ? "the top level" : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            let place = path(context.codingPath)
            return "\(place) has no \"\(key.stringValue)\""
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)) is not a \(type): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)) is null where a \(type) is needed"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "it is not valid JSON" }
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
