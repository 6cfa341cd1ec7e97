/// A grapheme cluster packed in 64 bits, with what the renderer needs to know about it.
///
/// Clusters of up to 7 UTF-8 bytes (every letter, symbol and most accented forms) are stored
/// whole; longer ones (emoji sequences, stacked marks) store their number in
/// ``LongGraphemes/shared`` and a flag. Either way equal keys mean equal clusters, so the
/// renderer compares and hashes cells by key and style only, and writes a short cluster's
/// bytes from the key.
///
/// Bits 0–55: the UTF-8 bytes (or the long cluster's number); 56–58: the byte count (0 when
/// long); 59: two columns wide; 60: width uncertain between terminals; 61: ink may overflow
/// the cell; 63: long.
struct GraphemeKey: Hashable, Sendable {
    let bits: UInt64

    static let byteMask: UInt64 = (1 << 56) - 1
    static let wideFlag: UInt64 = 1 << 59
    static let uncertainWidthFlag: UInt64 = 1 << 60
    static let overflowFlag: UInt64 = 1 << 61
    static let longFlag: UInt64 = 1 << 63

    /// The key of a single space, the commonest cell.
    static let space = GraphemeKey(bits: 0x20 | 1 << 56)

    init(bits: UInt64) {
        self.bits = bits
    }

    /// Packs `grapheme`, drawn `width` columns wide; a long cluster is numbered in
    /// `longGraphemes`, whose numbers ``text`` reads only when it is the shared table.
    init(_ grapheme: String, width: UInt8, longGraphemes: LongGraphemes = .shared) {
        var utf8 = grapheme.utf8.makeIterator()
        guard let first = utf8.next() else {
            bits = 0  // a continuation: no bytes
            return
        }
        guard let second = utf8.next() else {
            bits = UInt64(first) | 1 << 56  // ASCII, the fast path
            return
        }
        var packed = UInt64(first) | UInt64(second) << 8
        var count: UInt64 = 2
        var isLong = false
        while let byte = utf8.next() {
            if count == 7 {
                isLong = true
                break
            }
            packed |= UInt64(byte) << (8 * count)
            count += 1
        }
        var bits: UInt64
        if isLong {
            guard let number = longGraphemes.number(of: grapheme) else {
                self = Self.replacement(width: width)
                return
            }
            bits = Self.longFlag | UInt64(number)
        } else {
            bits = packed | count << 56
        }
        if width == 2 { bits |= Self.wideFlag }
        if Self.widthIsUncertain(grapheme, width: width) { bits |= Self.uncertainWidthFlag }
        if GlyphOverflow.mayOverflow(grapheme) { bits |= Self.overflowFlag }
        self.bits = bits
    }

    /// What a long cluster is drawn as once ``LongGraphemes`` is full: U+FFFD, or U+3013
    /// (〓, wide) for a cluster two columns wide, so the row keeps its layout.
    static func replacement(width: UInt8) -> GraphemeKey {
        width == 2 ? GraphemeKey(bits: 0x93_80E3 | 3 << 56 | wideFlag) : GraphemeKey(bits: 0xBD_BFEF | 3 << 56)
    }

    /// The key of a simple scalar (see ``DisplayWidth/simpleWidth(_:)``), one column wide,
    /// made from its `count` UTF-8 bytes at `offset` in `bytes`: what `init(_:width:)` makes
    /// of it, without a string.
    @inline(__always)
    init(simple value: UInt32, bytes: UnsafeBufferPointer<UInt8>, at offset: Int, count: Int) {
        if count == 1 {
            bits = UInt64(value) | 1 << 56
            return
        }
        var bits = UInt64(count) << 56
        for index in 0..<count { bits |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
        // The simple scalars that are emoji: © and ® (ASCII's digits, # and * aside).
        if value == 0xA9 || value == 0xAE { bits |= Self.uncertainWidthFlag }
        if GlyphOverflow.mayOverflow(value) { bits |= Self.overflowFlag }
        self.bits = bits
    }

    /// Columns the cluster occupies: 0 for a continuation (the only key without bytes), 2
    /// when wide, else 1.
    var width: UInt8 {
        if bits == 0 { return 0 }
        return bits & Self.wideFlag != 0 ? 2 : 1
    }

    /// Whether the cluster was too long to pack and is kept in ``LongGraphemes/shared``.
    var isLong: Bool { bits & Self.longFlag != 0 }

    /// Whether terminals disagree on the cluster's width (emoji sequences, emoji presentation
    /// of a narrow character), so the cursor position after it is unknown.
    var hasUncertainWidth: Bool { bits & Self.uncertainWidthFlag != 0 }

    /// Whether the glyph may draw ink outside its cell (see ``GlyphOverflow``).
    var mayOverflow: Bool { bits & Self.overflowFlag != 0 }

    /// The UTF-8 byte count of a packed cluster; 0 when long or empty.
    var byteCount: Int { Int(bits >> 56 & 7) }

    /// The cluster; empty for a continuation.
    var text: String {
        if isLong { return LongGraphemes.shared.text(UInt32(truncatingIfNeeded: bits)) }
        let count = byteCount
        guard count > 0 else { return "" }
        return withUnsafeBytes(of: bits.littleEndian) { String(decoding: $0.prefix(count), as: UTF8.self) }
    }

    /// Appends the cluster's bytes when it is packed; false when long (write ``text``).
    func appendBytes(to bytes: inout [UInt8]) -> Bool {
        let count = byteCount
        guard count > 0 else { return !isLong }
        if count == 1 {
            bytes.append(UInt8(truncatingIfNeeded: bits))
            return true
        }
        // One append of the packed bytes, not one a byte (each checks capacity and uniqueness).
        withUnsafeBytes(of: bits.littleEndian) { bytes.append(contentsOf: $0.prefix(count)) }
        return true
    }

    private static func widthIsUncertain(_ grapheme: String, width: UInt8) -> Bool {
        guard let first = grapheme.unicodeScalars.first else { return false }
        if width == 2 { return !DisplayWidthTables.isWide(first.value) }
        let value = first.value
        return value >= 0x80 && !DisplayWidthTables.cannotBeEmoji(value) && first.properties.isEmoji
    }
}
