/// Word-at-a-time scanning of JSON string contents: eight bytes are checked at once for the
/// few that end a plain run (a quote, a backslash, and for checking, a control character or
/// the start of a multi-byte sequence), so the bulk of a body, plain text inside strings, costs
/// a fraction of a byte-by-byte loop.
enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// A word with the high bit set in each byte that is zero. Bytes above the first zero may be
    /// flagged wrongly (a borrow carries), so only the lowest flag is to be trusted.
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- ones) & ~word & highs
    }

    /// The index of the first byte from `start` that is `"` or `\`, or for `checking`, also
    /// below 0x20 or from 0x80 up; `end` when there is none.
    @inline(__always)
    static func firstSpecial(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, checking: Bool) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        var index = start
        let raw = UnsafeRawPointer(base)
        while index + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            var flags = zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C))
            if checking {
                // Below 0x20: subtracting 0x20 borrows into the high bit of a byte that had none.
                flags |= ((word &- ones &* 0x20) & ~word & highs) | (word & highs)
            }
            if flags != 0 { return index + flags.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || (checking && (byte < 0x20 || byte >= 0x80)) {
                return index
            }
            index += 1
        }
        return bytes.count
    }
}
