import Foundation

/// Answers randomuser.me v1.4 requests with the users the live service would return for the
/// same query.
///
/// INTERFACE PLACEHOLDER: the generator issue replaces this body; the signature is what the
/// server codes against.
public struct RandomUserGenerator: Sendable {
    /// Creates a generator that draws from `data`.
    public init(data: GeneratorData) {
        self.data = data
    }

    let data: GeneratorData

    /// Answers one `/api/` request the way randomuser.me v1.4 does.
    ///
    /// - Parameters:
    ///   - query: the raw query string, still percent-encoded, without the leading `?`.
    ///   - now: the instant ages are computed at.
    ///   - portraitBaseURL: replaces `https://randomuser.me/api/portraits/` in picture URLs,
    ///     e.g. `http://127.0.0.1:41235/api/portraits/`.
    /// - Returns: the body, its content type and how many users it holds.
    /// - Throws: `GeneratorError` for the requests that crash the live service.
    public func respond(
        toQuery query: String, now: Date, portraitBaseURL: String
    ) throws(GeneratorError) -> GeneratedResponse {
        throw .unsupportedRequest("the generator is not implemented yet")
    }
}

/// One generated answer.
public struct GeneratedResponse: Sendable {
    /// The response body in the requested format.
    public var body: [UInt8]
    /// The `Content-Type` the live service sends for this format.
    public var contentType: String
    /// How many users the body holds (what the rate limit counts).
    public var userCount: Int
    /// Set when the query asked for a download (`dl`): the attachment's file name.
    public var attachmentFilename: String?

    public init(body: [UInt8], contentType: String, userCount: Int, attachmentFilename: String? = nil) {
        self.body = body
        self.contentType = contentType
        self.userCount = userCount
        self.attachmentFilename = attachmentFilename
    }
}

/// A request the live generator cannot answer (it throws or hangs there).
public enum GeneratorError: Error, Sendable, Equatable {
    /// The query leads the official generator into an exception; the message says why.
    case unsupportedRequest(String)
}

/// The lists the generator draws from, read from a directory in the official layout.
///
/// INTERFACE PLACEHOLDER: the generator issue implements loading.
public struct GeneratorData: Sendable {
    /// Loads the lists from `directory`, a folder in the official `data/1.4` layout.
    /// - Throws: when a required list is missing or unreadable, naming the file.
    public static func load(from directory: URL) throws -> GeneratorData {
        GeneratorData()
    }

    /// The simulator's own lists, shipped as package resources.
    public static func builtIn() throws -> GeneratorData {
        GeneratorData()
    }
}
