/// A query string decoded the way Express 4.18's `qs` parser decodes it (GENERATOR.md §1):
/// `+` is a space, percent-escapes are UTF-8, and a repeated key collects its values in order.
///
/// Of qs's bracket syntax only the array forms `key[]` and `key[n]` are understood (they add
/// values to `key`); other bracketed names stay literal keys that no parameter reads.
struct QueryParameters: Sendable {
    /// qs's `parameterLimit`: later pairs are ignored.
    static let parameterLimit = 1000

    private var values: [String: [String]] = [:]

    init(_ query: String) {
        // qs first combines values under their exact decoded key, then folds bracketed keys
        // into their base name in the order the keys first appeared.
        var keyOrder: [String] = []
        var byRawKey: [String: [String]] = [:]
        let parts = Array(query.utf8).split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true)
        for part in parts.prefix(Self.parameterLimit) {
            // qs splits at the first "]=" when there is one (so "a[b=c]=d" keeps its key), else at "=".
            var split = part.firstIndex(of: UInt8(ascii: "="))
            if let close = part.indices.dropLast().first(where: {
                part[$0] == UInt8(ascii: "]") && part[$0 + 1] == UInt8(ascii: "=")
            }) {
                split = close + 1
            }
            let key: String
            let value: String
            if let split {
                key = Self.decode(part[..<split])
                value = Self.decode(part[(split + 1)...])
            } else {
                key = Self.decode(part)
                value = ""
            }
            if byRawKey[key] == nil {
                keyOrder.append(key)
            }
            byRawKey[key, default: []].append(value)
        }
        for rawKey in keyOrder {
            values[Self.baseName(of: rawKey), default: []].append(contentsOf: byRawKey[rawKey] ?? [])
        }
    }

    /// Whether the key occurs at all (even as `key` or `key=`).
    func contains(_ key: String) -> Bool {
        values[key] != nil
    }

    /// Every value of `key`, in order; nil when absent.
    func all(_ key: String) -> [String]? {
        values[key]
    }

    /// The generator's "last wins" value of `key` (§1).
    func last(_ key: String) -> String? {
        values[key]?.last
    }

    /// A key's value as JS sees it before "last wins": a single value, or an array whose
    /// string form is its values joined by `,` (how `Number(array)` reads it).
    func joined(_ key: String) -> String? {
        values[key]?.joined(separator: ",")
    }

    /// `key[]` and `key[12]` name the array `key`.
    private static func baseName(of key: String) -> String {
        guard key.hasSuffix("]"), let open = key.firstIndex(of: "["), open != key.startIndex else { return key }
        let inside = key[key.index(after: open)..<key.index(before: key.endIndex)]
        if inside.isEmpty
            || (inside.count <= 2 && inside.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }))
        {
            return String(key[..<open])
        }
        return key
    }

    /// qs `decode`: `+` → space, then `decodeURIComponent`; on a malformed escape or invalid
    /// UTF-8 the text is kept with only the `+` replaced, as qs does.
    static func decode(_ component: ArraySlice<UInt8>) -> String {
        let plusReplaced = component.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }
        let fallback = String(decoding: plusReplaced, as: UTF8.self)
        guard plusReplaced.contains(UInt8(ascii: "%")) else { return fallback }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(plusReplaced.count)
        var index = 0
        while index < plusReplaced.count {
            let byte = plusReplaced[index]
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                index += 1
                continue
            }
            guard index + 2 < plusReplaced.count,
                let high = hexValue(plusReplaced[index + 1]), let low = hexValue(plusReplaced[index + 2])
            else { return fallback }
            bytes.append(high << 4 | low)
            index += 3
        }
        // decodeURIComponent rejects overlong forms, surrogates and values past U+10FFFF, as
        // Swift's validating decoder does.
        return String(validating: bytes, as: UTF8.self) ?? fallback
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
