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

    /// `fill(_:into:)` as a new string, built on the stack (each placeholder is one character,
    /// so the value is as long as the template).
    mutating func fill(_ template: StaticString) -> String {
        template.withUTF8Buffer { pattern in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: pattern.count) { value in
                for (index, byte) in pattern.enumerated() {
                    value[index] =
                        switch byte {
                        case UInt8(ascii: "#"): Alphabet.digits.characters[range(0, 9)]
                        case UInt8(ascii: "@"): Alphabet.capitals.characters[range(0, 25)]
                        case UInt8(ascii: "%"): Alphabet.nxx.characters[range(0, 7)]
                        default: byte
                        }
                }
                return String(decoding: value, as: UTF8.self)
            }
        }
    }

    /// `d(n)` as a string.
    mutating func digits(_ count: Int) -> String {
        var text = TextBuffer(capacity: count)
        append(count, of: .digits, to: &text)
        return text.makeString()
    }
}
