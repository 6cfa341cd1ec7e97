/// Rewrites a JSON API body so that its list of items is empty while everything else (the
/// live randomuser.me's `info.results` included) stays byte for byte: the live service's
/// 2026 fault, applied by the host to any service's list.
///
/// It scans bytes rather than decoding and re-encoding, so compact, pretty and JSONP bodies
/// all keep their exact shape and key order.
enum EmptyResults {
    /// The body with its list emptied, or nil when it has no such list.
    /// - Parameters:
    ///   - body: the JSON (or JSONP) body.
    ///   - location: where the service keeps its items.
    static func apply(to body: [UInt8], at location: ListLocation) -> [UInt8]? {
        switch location {
        case .key(let key): return apply(to: body, key: key)
        case .topLevelArray:
            guard let open = body.firstIndex(where: { !isSpace($0) }), body[open] == UInt8(ascii: "["),
                let close = matchingBracket(body, open: open)
            else { return nil }
            return Array(body[...open]) + Array(body[close...])
        case .none: return nil
        }
    }

    /// The body with `"<key>":[…]` of the top-level object emptied.
    static func apply(to body: [UInt8], key: String) -> [UInt8]? {
        let quotedKey = Array("\"\(key)\"".utf8)
        guard let objectStart = body.firstIndex(of: UInt8(ascii: "{")) else { return nil }
        var index = objectStart
        var depth = 0
        while index < body.count {
            let byte = body[index]
            switch byte {
            case UInt8(ascii: "\""):
                let stringEnd = skipString(body, from: index)
                if depth == 1, body[index..<min(stringEnd, body.count)].elementsEqual(quotedKey),
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
        while index < body.count, isSpace(body[index]) { index += 1 }
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

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
