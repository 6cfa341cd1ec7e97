import Foundation

extension HTTPError {
    /// Describes a `DecodingError` by where it happened and what was wrong, in words.
    static func decoding(_ error: any Error, body: Data) -> HTTPError {
        let snippet = BodySnippet.make(from: body)
        guard let decodingError = error as? DecodingError else {
            return .decoding(path: "", reason: String(describing: error), snippet: snippet)
        }
        switch decodingError {
        case .keyNotFound(let key, let context):
            return .decoding(
                path: render(context.codingPath), reason: "the key \"\(key.stringValue)\" is missing",
                snippet: snippet)
        case .typeMismatch(_, let context):
            return .decoding(path: render(context.codingPath), reason: context.debugDescription, snippet: snippet)
        case .valueNotFound(let type, let context):
            return .decoding(
                path: render(context.codingPath), reason: "expected \(describe(type)) but found null",
                snippet: snippet)
        case .dataCorrupted(let context):
            let reason =
                context.codingPath.isEmpty && !body.isEmpty
                ? "the body is not valid JSON (\(context.debugDescription))"
                : context.debugDescription
            return .decoding(path: render(context.codingPath), reason: body.isEmpty ? "the body is empty" : reason, snippet: snippet)
        @unknown default:
            return .decoding(path: "", reason: String(describing: decodingError), snippet: snippet)
        }
    }

    /// A coding path as a person would write it: `results[0].location.postcode`.
    static func render(_ path: [any CodingKey]) -> String {
        var rendered = ""
        for key in path {
            if let index = key.intValue {
                rendered += "[\(index)]"
            } else {
                rendered += rendered.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return rendered
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "a boolean"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type, is Double.Type, is Float.Type:
            return "a number"
        case is [Any].Type: return "an array"
        case is [String: Any].Type: return "an object"
        default: return "\(type)"
        }
    }
}
