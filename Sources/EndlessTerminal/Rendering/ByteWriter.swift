/// An output buffer for escape sequences: appends bytes and decimal numbers without
/// building intermediate strings.
struct ByteWriter {
    var bytes: [UInt8] = []

    var count: Int { bytes.count }

    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(utf8 text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func append(contentsOf other: [UInt8]) {
        bytes.append(contentsOf: other)
    }

    /// Appends a non-negative number in decimal.
    mutating func appendDecimal(_ value: Int) {
        let value = max(0, value)
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var remaining = value
        while divisor > 0 {
            bytes.append(0x30 + UInt8(remaining / divisor))
            remaining %= divisor
            divisor /= 10
        }
    }

    /// Appends a byte's value in decimal without dividing in a loop: SGR parameters are bytes,
    /// and a scrolled list of true-colour pictures writes some hundred of them a frame (written as
    /// `Int`s they cost the renderer 5 thousand instructions a key more).
    mutating func appendDecimal(_ value: UInt8) {
        if value >= 100 { bytes.append(0x30 + value / 100) }
        if value >= 10 { bytes.append(0x30 + value / 10 % 10) }
        bytes.append(0x30 + value % 10)
    }

    /// `ESC [`, the control sequence introducer.
    mutating func csi() {
        bytes.append(0x1B)
        bytes.append(0x5B)
    }

    /// How many digits a byte's value takes in decimal.
    static func decimalLength(_ value: UInt8) -> Int {
        value >= 100 ? 3 : value >= 10 ? 2 : 1
    }

    /// How many digits `value` takes in decimal.
    static func decimalLength(_ value: Int) -> Int {
        var length = 1
        var remaining = value
        while remaining >= 10 {
            remaining /= 10
            length += 1
        }
        return length
    }
}
