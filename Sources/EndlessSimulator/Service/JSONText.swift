/// The few JSON bodies the service writes itself (errors), without a JSON encoder: the
/// output must be compact and keyed exactly like the live service's.
enum JSONText {
    /// `{"error":"…"}`.
    static func errorBody(_ message: String) -> [UInt8] {
        Array("{\"error\":\(quote(message))}".utf8)
    }

    /// A JSON string literal for `text`.
    static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
