extension MainStream {
    /// Fills a value template left to right, the order the official string concatenations
    /// evaluate in: `#` is `d1` (a digit), `@` is `A1` (a capital letter), `%` is `N1` (a US NXX
    /// digit, 2–9); every other character is literal. `"0###-#######"` is `0` d3 `-` d7.
    mutating func fill(_ template: StaticString, into text: inout TextBuffer) {
        template.withUTF8Buffer { pattern in
            for byte in pattern {
                switch byte {
                case UInt8(ascii: "#"): append(1, of: .digits, to: &text)
                case UInt8(ascii: "@"): append(1, of: .capitals, to: &text)
                case UInt8(ascii: "%"): append(1, of: .nxx, to: &text)
                default: text.append(byte)
                }
            }
        }
    }

    /// `fill(_:into:)` as a new string.
    mutating func fill(_ template: StaticString) -> String {
        var text = TextBuffer(capacity: 24)
        fill(template, into: &text)
        return text.makeString()
    }

    /// `d(n)` as a string.
    mutating func digits(_ count: Int) -> String {
        var text = TextBuffer(capacity: count)
        append(count, of: .digits, to: &text)
        return text.makeString()
    }
}
