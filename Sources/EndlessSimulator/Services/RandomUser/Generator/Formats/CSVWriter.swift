/// json-2-csv 3.17.1 over `results` only (§7): a header of dotted paths in first-seen order,
/// `,` between fields, `\n` between lines, no BOM and no trailing newline.
enum CSVWriter {
    static func write(users: [ResponseNode], to text: inout TextBuffer) {
        var paths: [[String]] = []
        var seen: Set<[String]> = []
        for user in users {
            for path in leafPaths(user, prefix: []) where seen.insert(path).inserted {
                paths.append(path)
            }
        }
        text.append(utf8: paths.map { wrap($0.joined(separator: ".")) }.joined(separator: ","))
        for user in users {
            text.append(UInt8(ascii: "\n"))
            let values = paths.map { path in wrap(fieldText(value(at: path, in: user))) }
            text.append(utf8: values.joined(separator: ","))
        }
    }

    /// The paths of every leaf (anything but a non-empty object), depth first in key order.
    private static func leafPaths(_ node: ResponseNode, prefix: [String]) -> [[String]] {
        guard case .object(let members) = node, !members.isEmpty else {
            return prefix.isEmpty ? [] : [prefix]
        }
        return members.flatMap { leafPaths($0.value, prefix: prefix + [$0.key]) }
    }

    /// The value at a path; a missing one reads as `undefined`.
    private static func value(at path: [String], in node: ResponseNode) -> ResponseNode {
        var current = node
        for key in path {
            guard let next = current[key] else { return .undefined }
            current = next
        }
        return current
    }

    /// `recordFieldValueToString`: null as `null` (JSON), undefined as `undefined`, the rest as
    /// their JS text.
    private static func fieldText(_ node: ResponseNode) -> String {
        switch node {
        case .string(let value): value
        case .integer(let value): String(value)
        case .number(let value): JSNumber.string(value)
        case .null: "null"
        case .undefined: "undefined"
        // Only empty containers are leaves (a user of `inc=bogus` is `{}`).
        case .object: "{}"
        case .array: "[]"
        }
    }

    /// A value with `,`, `"`, CR or LF is wrapped in quotes, inner quotes doubled.
    private static func wrap(_ value: String) -> String {
        let needsWrapping = value.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        guard needsWrapping else { return value }
        var result = String.UnicodeScalarView()
        result.append("\"")
        for scalar in value.unicodeScalars {
            result.append(scalar)
            if scalar == "\"" {
                result.append(scalar)
            }
        }
        result.append("\"")
        return String(result)
    }
}
