/// A growable UTF-8 byte buffer: the generator builds field values and whole response bodies
/// by appending bytes, which is much cheaper than concatenating `String`s.
struct TextBuffer: Sendable {
    private(set) var bytes: [UInt8]

    init(capacity: Int = 32) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    var count: Int { bytes.count }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(contentsOf other: some Sequence<UInt8>) {
        bytes.append(contentsOf: other)
    }

    mutating func append(utf8 string: String) {
        bytes.append(contentsOf: string.utf8)
    }

    /// Appends the decimal form of `value` (JS `String(n)` for integers).
    mutating func append(number value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
        }
        var magnitude = value.magnitude
        var divisor: UInt = 1
        while magnitude / divisor >= 10 {
            divisor *= 10
        }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        }
    }

    /// `pad(v, w)` of GENERATOR.md §3.3: `String(v)` left-padded with `0` to width `w`, never
    /// truncated, and padded before the sign (`pad(-1, 3)` is `"0-1"`).
    mutating func append(number value: Int, paddedTo width: Int) {
        var length = value < 0 ? 2 : 1
        var magnitude = value.magnitude
        while magnitude >= 10 {
            length += 1
            magnitude /= 10
        }
        if width > length {
            for _ in length..<width {
                bytes.append(UInt8(ascii: "0"))
            }
        }
        append(number: value)
    }

    /// Appends `digest` as lowercase hexadecimal, two digits a byte.
    mutating func appendHex(_ digest: [UInt8]) {
        bytes.reserveCapacity(bytes.count + digest.count * 2)
        for byte in digest {
            bytes.append(HexDigits.lowercase[Int(byte >> 4)])
            bytes.append(HexDigits.lowercase[Int(byte & 0xF)])
        }
    }

    /// The buffer as a `String` (short values stay inline, without a heap allocation).
    func makeString() -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
