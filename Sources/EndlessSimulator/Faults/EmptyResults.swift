/// Rewrites a JSON API body so that its `results` array is empty while everything else,
/// `info.results` included, stays byte for byte: the live service's 2026 fault.
///
/// It scans bytes rather than decoding and re-encoding, so compact, pretty and JSONP bodies
/// all keep their exact shape and key order.
enum EmptyResults {
    /// The body with `"results":[…]` emptied, or nil when it has no top-level results array.
    static func apply(to body: [UInt8]) -> [UInt8]? {
        guard let objectStart = body.firstIndex(of: UInt8(ascii: "{")) else { return nil }
        var index = objectStart
        var depth = 0
        while index < body.count {
            let byte = body[index]
            switch byte {
            case UInt8(ascii: "\""):
                let stringEnd = skipString(body, from: index)
                if depth == 1, body[index..<min(stringEnd, body.count)].elementsEqual(Array("\"results\"".utf8)),
                    let open = nextNonSpace(body, from: stringEnd, expecting: UInt8(ascii: ":"))
                        .flatMap({ nextNonSpace(body, from: $0 + 1, expecting: UInt8(ascii: "[")) }),
                    let close = matchingBracket(body, open: open)
                {
                    return Array(body[..<(open + 1)]) + Array(body[close...])
                }
                index = stringEnd
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// The index just past the string that starts at `start` (a quote).
    private static func skipString(_ body: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < body.count {
            switch body[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return body.count
    }

    private static func nextNonSpace(_ body: [UInt8], from start: Int, expecting wanted: UInt8) -> Int? {
        var index = start
        while index < body.count, [0x20, 0x09, 0x0A, 0x0D].contains(body[index]) { index += 1 }
        return index < body.count && body[index] == wanted ? index : nil
    }

    /// The index of the `]` closing the array opened at `open`.
    private static func matchingBracket(_ body: [UInt8], open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < body.count {
            switch body[index] {
            case UInt8(ascii: "\""):
                index = skipString(body, from: index)
                continue
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return index }
            default:
                break
            }
            index += 1
        }
        return nil
    }
}
