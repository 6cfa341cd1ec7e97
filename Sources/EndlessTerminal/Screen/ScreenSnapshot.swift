/// A screen's cells as bytes, to be shown again by a later process before it has anything else
/// to show: an app's last screen, drawn the instant it starts, the way a phone shows an app's
/// last picture while the app launches. Pictures drawn as graphics (sixel, kitty) are not kept;
/// their cells are.
///
/// The bytes are read back as untrusted: every run of text goes through ``TextSanitizer`` and
/// ``ScreenBuffer/write(_:at:style:maxWidth:ellipsis:)``, so a damaged or forged file can put
/// wrong characters on the screen but never an escape sequence, and anything malformed makes
/// ``decode(_:expecting:)`` return nil.
///
/// The form: `ESNP`, a version byte, the width and height (16 bits each, little-endian), then
/// per row its runs (column, packed style, UTF-8 length, the text), ended by `0xFFFF`. Blank
/// cells without a style are not stored.
public enum ScreenSnapshot {
    static let magic: [UInt8] = Array("ESNP".utf8)
    static let version: UInt8 = 1
    static let endOfRow: UInt16 = 0xFFFF

    /// The largest screen kept, in cells each way: ``Size/largestWindowSide``, the largest
    /// window drawn.
    public static let maximumSide = Size.largestWindowSide

    /// The frame's cells as bytes.
    /// - Parameter frame: the screen.
    /// - Returns: the bytes ``decode(_:expecting:)`` reads back.
    public static func encode(_ frame: ScreenBuffer) -> [UInt8] {
        var bytes = magic + [version]
        append(UInt16(clamping: frame.size.width), to: &bytes)
        append(UInt16(clamping: frame.size.height), to: &bytes)
        let width = frame.size.width
        for y in 0..<frame.size.height {
            var x = 0
            while x < width {
                let cell = frame.cells[y * width + x]
                if cell.isPlainBlank || cell.isContinuation {
                    x += 1
                    continue
                }
                // A run: cells of one style, side by side, blanks in the middle included.
                let start = x
                var text = ""
                while x < width {
                    let next = frame.cells[y * width + x]
                    if next.isContinuation {
                        x += 1
                        continue
                    }
                    guard next.packedStyle == cell.packedStyle, !next.isPlainBlank else { break }
                    text += next.grapheme
                    x += Int(max(1, next.width))
                }
                let utf8 = Array(text.utf8)
                append(UInt16(start), to: &bytes)
                append(cell.packedStyle, to: &bytes)
                append(UInt16(clamping: utf8.count), to: &bytes)
                bytes += utf8.prefix(Int(UInt16.max))
            }
            append(endOfRow, to: &bytes)
        }
        return bytes
    }

    /// The screen the bytes hold.
    ///
    /// The header is checked before anything is allocated: its size must be `expected` (the
    /// terminal's: a snapshot of another size is of no use), within ``maximumSide`` each way,
    /// and the bytes must be enough for that many rows; so a forged file of a few bytes that
    /// claims 2000×2000 costs nothing.
    /// - Parameters:
    ///   - bytes: what ``encode(_:)`` made.
    ///   - expected: the only size accepted (the terminal's); any size up to ``maximumSide``
    ///     when nil.
    /// - Returns: the screen, or nil when the bytes are not a snapshot of this version, are cut
    ///   short, are of another size than `expected`, or hold anything out of place (a run past
    ///   its row, a style no screen has).
    public static func decode(_ bytes: [UInt8], expecting expected: Size? = nil) -> ScreenBuffer? {
        var reader = Reader(bytes: bytes)
        guard reader.take(magic.count).map(Array.init) == magic, reader.byte() == version,
            let width = reader.uint16().map(Int.init), let height = reader.uint16().map(Int.init),
            (1...maximumSide).contains(width), (1...maximumSide).contains(height),
            expected.map({ $0 == Size(width: width, height: height) }) ?? true,
            // Every row ends with its 2-byte end mark.
            reader.remaining >= 2 * height
        else { return nil }
        var frame = ScreenBuffer(size: Size(width: width, height: height))
        for y in 0..<height {
            var end = 0
            while true {
                guard let x = reader.uint16() else { return nil }
                if x == endOfRow { break }
                guard Int(x) >= end, Int(x) < width, let packed = reader.uint64(), let count = reader.uint16(),
                    let utf8 = reader.take(Int(count)), let style = validStyle(packed)
                else { return nil }
                let text = TextSanitizer.sanitize(String(decoding: utf8, as: UTF8.self))
                end = Int(x) + frame.write(text, at: Point(x: Int(x), y: y), style: style)
            }
        }
        return reader.isAtEnd ? frame : nil
    }

    /// The style packed in `bits`, when a screen can have it: no bits past the attributes, and
    /// the 16 ANSI colours numbered 0-15.
    private static func validStyle(_ bits: UInt64) -> Style? {
        let style = Style(packed: bits)
        guard style.packed == bits else { return nil }
        for color in [style.foreground, style.background] {
            if case .ansi(let index) = color, index > 15 { return nil }
        }
        return style
    }

    private static func append(_ value: UInt16, to bytes: inout [UInt8]) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// Reads little-endian numbers and byte strings in place, answering nil past the end.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        var remaining: Int { bytes.count - offset }

        mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
            guard count >= 0, bytes.count - offset >= count else { return nil }
            defer { offset += count }
            return bytes[offset..<(offset + count)]
        }

        mutating func byte() -> UInt8? { take(1)?.first }

        mutating func uint16() -> UInt16? { number(bytes: 2).map { UInt16(truncatingIfNeeded: $0) } }

        mutating func uint64() -> UInt64? { number(bytes: 8) }

        private mutating func number(bytes count: Int) -> UInt64? {
            guard let slice = take(count) else { return nil }
            return slice.reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
    }
}
