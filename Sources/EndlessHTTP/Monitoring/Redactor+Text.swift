import Foundation

/// Free text: messages, error bodies, command lines. The text is read as UTF-8 bytes: every
/// structure looked for is ASCII, and a secret's bytes can only match at a character boundary
/// (UTF-8 is self-synchronizing), so replacing bytes never splits a character. Every pass is
/// one walk over the text (literal secrets: one walk per secret), whatever the input.
extension Redactor {
    /// `text` with this redactor's literal ``secrets`` replaced (by the length rule above), and
    /// every value that stands where a secret stands:
    /// - the password of a URL (`https://user:<redacted>@host/`);
    /// - a secret query item or form field (`client_id=<redacted>`, `api_key=<redacted>`);
    /// - a secret header, as HTTP, cURL or a log writes it (`Authorization: <redacted>`), to
    ///   the end of its line (or its closing quote);
    /// - a secret JSON member (`"x-api-key": "<redacted>"`, `"password": "<redacted>"`);
    /// - the credentials after `Bearer`, `Client-ID` or `Basic`.
    ///
    /// - Parameter text: Any text, such as an error message.
    /// - Returns: The text with secrets replaced by ``replacement``.
    public func redact(text: String) -> String {
        guard !text.isEmpty else { return text }
        var bytes = Array(text.utf8)
        bytes = hidingLiterals(in: bytes)
        bytes = hidingURLPasswords(in: bytes)
        bytes = hidingNamedValues(in: bytes)
        bytes = hidingQueryValues(in: bytes)
        bytes = hidingSchemeCredentials(in: bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The start of a longer text, redacted: as ``redact(text:)``, and when `wasCut`, a literal
    /// secret whose first characters end the text (the cut fell inside it) is hidden too.
    func redact(prefix text: String, wasCut: Bool) -> String {
        var result = redact(text: text)
        guard wasCut else { return result }
        for secret in secrets where secret.count > Self.minimumSecretLength {
            // The longest start of the secret (of at least the minimum length) ending the text.
            var length = min(secret.count - 1, result.count)
            while length >= Self.minimumSecretLength {
                if result.hasSuffix(secret.prefix(length)) {
                    result = String(result.dropLast(length)) + replacement
                    break
                }
                length -= 1
            }
        }
        return result
    }

    /// The secrets a URL (or text that looks like one) carries: its password and the values of
    /// its secret query items, as written and percent-decoded. Works on text that `URL` refuses
    /// (a port out of range, a space), since such text is echoed in usage errors too.
    ///
    /// - Parameter text: A URL, such as `http://user:pw@host/?client_id=abc`.
    /// - Returns: The secret values found; empty when there are none.
    public func secrets(inURL text: String) -> [String] {
        // Walked as UTF-8 bytes: every delimiter is ASCII, so the pieces between them are
        // whole characters. A walk by characters cost some 100 thousand instructions for a
        // page's URL, and every request is looked at as it starts (issue 29).
        let bytes = Array(text.utf8)
        var found: [String] = []
        func add(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            let value = String(decoding: bytes[range], as: UTF8.self)
            found.append(value)
            let decoded = Self.percentDecoded(value)
            if decoded != value { found.append(decoded) }
        }
        func first(_ byte: UInt8, in range: Range<Int>) -> Int? {
            bytes[range].firstIndex(of: byte)
        }
        var rest = 0..<bytes.count
        if let scheme = Self.firstRange(of: Array("://".utf8), in: bytes) {
            let authorityStart = scheme.upperBound
            let authorityEnd =
                bytes[authorityStart...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
                ?? bytes.count
            let authority = authorityStart..<authorityEnd
            if let at = bytes[authority].lastIndex(of: UInt8(ascii: "@")), let colon = first(UInt8(ascii: ":"), in: authorityStart..<at) {
                add((colon + 1)..<at)
            }
            rest = authorityEnd..<bytes.count
        }
        guard let question = first(UInt8(ascii: "?"), in: rest) else { return found }
        let queryEnd = first(UInt8(ascii: "#"), in: (question + 1)..<bytes.count) ?? bytes.count
        var pairStart = question + 1
        while pairStart <= queryEnd {
            let pairEnd = first(UInt8(ascii: "&"), in: pairStart..<queryEnd) ?? queryEnd
            if let equals = first(UInt8(ascii: "="), in: pairStart..<pairEnd) {
                let name = Self.percentDecoded(String(decoding: bytes[pairStart..<equals], as: UTF8.self))
                if isSecretQueryItem(name) { add((equals + 1)..<pairEnd) }
            }
            pairStart = pairEnd + 1
        }
        return found
    }

    // MARK: - Literal secrets

    private func hidingLiterals(in bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        let replacementBytes = Array(replacement.utf8)
        for secret in secrets where secret.count >= Self.minimumSecretLength {
            let needle = Array(secret.utf8)
            let wholeWordOnly = secret.count < Self.minimumAnywhereLength
            guard let first = needle.first, needle.count <= bytes.count else { continue }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var index = 0
            var changed = false
            while index < bytes.count {
                if bytes[index] == first, index + needle.count <= bytes.count,
                    bytes[index..<(index + needle.count)].elementsEqual(needle),
                    !wholeWordOnly || (!Self.isWordByte(bytes, index - 1) && !Self.isWordByte(bytes, index + needle.count))
                {
                    output.append(contentsOf: replacementBytes)
                    index += needle.count
                    changed = true
                } else {
                    output.append(bytes[index])
                    index += 1
                }
            }
            if changed { bytes = output }
        }
        return bytes
    }

    /// Whether the byte at `index` continues a word: a letter, digit, `-`, `_`, or any byte of
    /// a non-ASCII character. Outside the text is not.
    private static func isWordByte(_ bytes: [UInt8], _ index: Int) -> Bool {
        guard bytes.indices.contains(index) else { return false }
        let byte = bytes[index]
        return byte >= 0x80 || isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    // MARK: - Values in their places

    /// Replaces the given byte ranges (sorted, not overlapping) with the replacement.
    private func replacing(_ ranges: [Range<Int>], in bytes: [UInt8]) -> [UInt8] {
        guard !ranges.isEmpty else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var position = 0
        for range in ranges where range.lowerBound >= position {
            output.append(contentsOf: bytes[position..<range.lowerBound])
            output.append(contentsOf: replacement.utf8)
            position = range.upperBound
        }
        output.append(contentsOf: bytes[position...])
        return output
    }

    /// Whether `range` of `bytes` is worth replacing: not empty, not already the replacement.
    private func isUnredacted(_ range: Range<Int>, in bytes: [UInt8]) -> Bool {
        guard !range.isEmpty else { return false }
        return !bytes[range].starts(with: replacement.utf8)
    }

    /// `scheme://user:PASSWORD@host`.
    private func hidingURLPasswords(in bytes: [UInt8]) -> [UInt8] {
        var ranges: [Range<Int>] = []
        var index = 0
        while index + 2 < bytes.count {
            guard bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") else {
                index += 1
                continue
            }
            let start = index + 3
            var end = start
            while end < bytes.count, !Self.endsAuthority(bytes[end]) { end += 1 }
            if let at = bytes[start..<end].lastIndex(of: UInt8(ascii: "@")),
                let colon = bytes[start..<at].firstIndex(of: UInt8(ascii: ":"))
            {
                let password = (colon + 1)..<at
                if isUnredacted(password, in: bytes) { ranges.append(password) }
            }
            index = end
        }
        return replacing(ranges, in: bytes)
    }

    private static func endsAuthority(_ byte: UInt8) -> Bool {
        byte <= 0x20 || "/?#\"'<>`".utf8.contains(byte)
    }

    /// `name=VALUE` after `?`, `&`, `;`, a space, a quote or the start, for secret names.
    private func hidingQueryValues(in bytes: [UInt8]) -> [UInt8] {
        var ranges: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "=") else {
                index += 1
                continue
            }
            var nameStart = index
            while nameStart > 0, Self.isQueryNameByte(bytes[nameStart - 1]), index - nameStart < 128 { nameStart -= 1 }
            let precededWell = nameStart == 0 || Self.startsQueryName(bytes[nameStart - 1])
            var end = index + 1
            while end < bytes.count, !Self.endsQueryValue(bytes[end]) { end += 1 }
            if nameStart < index, precededWell {
                let rawName = String(decoding: bytes[nameStart..<index], as: UTF8.self)
                let value = (index + 1)..<end
                if isSecretQueryItem(Self.percentDecoded(rawName)), isUnredacted(value, in: bytes) {
                    ranges.append(value)
                }
            }
            index = end
        }
        return replacing(ranges, in: bytes)
    }

    private static func isQueryNameByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || "_.-%[]".utf8.contains(byte)
    }

    private static func startsQueryName(_ byte: UInt8) -> Bool {
        byte <= 0x20 || "?&;\"'(,{[".utf8.contains(byte)
    }

    private static func endsQueryValue(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte == 0x7F || "&#\"'<>;,)]}`".utf8.contains(byte)
    }

    /// `Secret-Header: VALUE` to the end of its line (or its quote), and `"secret": "VALUE"`.
    private func hidingNamedValues(in bytes: [UInt8]) -> [UInt8] {
        var ranges: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: ":") else {
                index += 1
                continue
            }
            if let value = quotedNameValue(in: bytes, colon: index) ?? headerValue(in: bytes, colon: index) {
                if isUnredacted(value, in: bytes) { ranges.append(value) }
                index = max(index + 1, value.upperBound)
            } else {
                index += 1
            }
        }
        return replacing(ranges, in: bytes)
    }

    /// For `"name": value` with a secret name: the value's range (inside its quotes, if quoted).
    private func quotedNameValue(in bytes: [UInt8], colon: Int) -> Range<Int>? {
        var close = colon - 1
        while close >= 0, bytes[close] == UInt8(ascii: " ") { close -= 1 }
        guard close > 0, bytes[close] == UInt8(ascii: "\"") else { return nil }
        var open = close - 1
        while open >= 0, bytes[open] != UInt8(ascii: "\""), close - open < 128 { open -= 1 }
        guard open >= 0, bytes[open] == UInt8(ascii: "\"") else { return nil }
        let name = String(decoding: bytes[(open + 1)..<close], as: UTF8.self)
        guard !name.isEmpty, isSecretHeader(name) else { return nil }
        var start = colon + 1
        while start < bytes.count, bytes[start] == UInt8(ascii: " ") { start += 1 }
        guard start < bytes.count else { return nil }
        if bytes[start] == UInt8(ascii: "\"") {
            var end = start + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != 0x0A {
                end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
            }
            return (start + 1)..<min(end, bytes.count)
        }
        var end = start
        while end < bytes.count, !(bytes[end] <= 0x20 || ",}]".utf8.contains(bytes[end])) { end += 1 }
        return start..<end
    }

    /// For `Name: value` with a secret header name: the value's range, to the end of the line,
    /// or to the quote that opened the header (`-H 'Authorization: …'`).
    private func headerValue(in bytes: [UInt8], colon: Int) -> Range<Int>? {
        var nameStart = colon
        while nameStart > 0, Self.isHeaderNameByte(bytes[nameStart - 1]), colon - nameStart < 128 { nameStart -= 1 }
        guard nameStart < colon else { return nil }
        let opening: UInt8? = nameStart > 0 ? bytes[nameStart - 1] : nil
        if let opening, !(opening <= 0x20 || "'\"{,(".utf8.contains(opening)) { return nil }
        let name = String(decoding: bytes[nameStart..<colon], as: UTF8.self)
        let lowered = name.lowercased()
        // A bare word such as "key:" in a sentence is not a header; a hyphenated or known name is.
        guard secretHeaderNames.contains(lowered) || ((name.contains("-") || name.contains("_")) && isSecretHeader(name)) else {
            return nil
        }
        var start = colon + 1
        while start < bytes.count, bytes[start] == UInt8(ascii: " ") || bytes[start] == 0x09 { start += 1 }
        let quote = opening.flatMap { $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "\"") ? $0 : nil }
        var end = start
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D, bytes[end] != quote { end += 1 }
        while end > start, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        return start..<end
    }

    private static func isHeaderNameByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    /// `Bearer TOKEN`, `Client-ID TOKEN`, `Basic BASE64` (tokens of 8 characters or more).
    private func hidingSchemeCredentials(in bytes: [UInt8]) -> [UInt8] {
        let schemes = ["bearer ", "client-id ", "basic "].map { Array($0.utf8) }
        var ranges: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            guard !Self.isWordByte(bytes, index - 1),
                let scheme = schemes.first(where: { Self.matchesIgnoringCase(bytes, at: index, $0) })
            else {
                index += 1
                continue
            }
            let start = index + scheme.count
            var end = start
            while end < bytes.count, Self.isTokenByte(bytes[end]) { end += 1 }
            let token = start..<end
            if token.count >= Self.minimumAnywhereLength, isUnredacted(token, in: bytes) { ranges.append(token) }
            index = max(end, index + 1)
        }
        return replacing(ranges, in: bytes)
    }

    private static func matchesIgnoringCase(_ bytes: [UInt8], at index: Int, _ lowered: [UInt8]) -> Bool {
        guard index + lowered.count <= bytes.count else { return false }
        for (offset, expected) in lowered.enumerated() {
            let byte = bytes[index + offset]
            let folded = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
            if folded != expected { return false }
        }
        return true
    }

    /// RFC 7235's token68: letters, digits and `-._~+/`, then `=` padding.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || "-._~+/=".utf8.contains(byte)
    }
}
