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
        if magnitude < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        var reversed: [UInt8] = []
        reversed.reserveCapacity(20)
        while magnitude > 0 {
            reversed.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        }
        bytes.append(contentsOf: reversed.reversed())
    }

    /// `pad(v, w)` of GENERATOR.md §3.3: `String(v)` left-padded with `0` to width `w`, never
    /// truncated, and padded before the sign (`pad(-1, 3)` is `"0-1"`).
    mutating func append(number value: Int, paddedTo width: Int) {
        let text = String(value)
        for _ in text.utf8.count..<max(width, text.utf8.count) {
            bytes.append(UInt8(ascii: "0"))
        }
        bytes.append(contentsOf: text.utf8)
    }

    /// The buffer as a `String` (short values stay inline, without a heap allocation).
    func makeString() -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
