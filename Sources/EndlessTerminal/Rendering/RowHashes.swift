/// One hash per row of a frame, over each cell's packed cluster and style and the graphics
/// placed on the row; whether the row holds glyphs that may draw outside their cells; and,
/// when the frame is compared with the last one, whether each row equals the row that was
/// in its place.
///
/// The renderer walks each frame once here: equal hashes find rows that moved
/// (``ScrollMove``), and the in-place comparison, made in the same pass, lets unchanged rows
/// be skipped without a second look. Each cell feeds its key and its style into the hash one
/// after the other, so rows that differ in one cell always hash differently; four
/// interleaved lanes keep the multiplications from waiting on each other.
struct RowHashes: Sendable {
    var hashes: [UInt64]
    /// Rows with a glyph whose ink may overflow its cell (see ``GlyphOverflow``).
    var overflows: [Bool]
    /// Rows whose cells equal the compared frame's row at the same place, graphics aside (all
    /// false when no frame of the same size was given).
    var unchanged: [Bool]

    static let prime: UInt64 = 0x100_0000_01b3

    init(_ buffer: ScreenBuffer, comparedWith old: ScreenBuffer? = nil) {
        let width = buffer.size.width
        let height = buffer.size.height
        var hashes = [UInt64](repeating: 0, count: height)
        var overflows = [Bool](repeating: false, count: height)
        var unchanged = [Bool](repeating: false, count: height)
        let compared = old.flatMap { $0.size == buffer.size ? $0.cells : nil } ?? []
        buffer.cells.withUnsafeBufferPointer { cells in
            compared.withUnsafeBufferPointer { oldCells in
                let comparing = !oldCells.isEmpty
                for y in 0..<height {
                    var lanes: (UInt64, UInt64, UInt64, UInt64) = (0xcbf2_9ce4_8422_2325, 0x8422_2325_cbf2_9ce4, 0x9ce4_cbf2_2325_8422, 0x2325_8422_9ce4_cbf2)
                    var keys: UInt64 = 0
                    var same = comparing
                    let row = y * width
                    var x = 0
                    @inline(__always) func mix(_ lane: inout UInt64, _ index: Int) {
                        let key = cells[index].key.bits
                        let style = cells[index].packedStyle
                        keys |= key
                        lane = (lane ^ key) &* Self.prime
                        lane = (lane ^ style) &* Self.prime
                        if same {
                            same = key == oldCells[index].key.bits && style == oldCells[index].packedStyle
                                && (key & GraphemeKey.hashedFlag == 0 || cells[index].grapheme == oldCells[index].grapheme)
                        }
                    }
                    while x + 4 <= width {
                        mix(&lanes.0, row + x)
                        mix(&lanes.1, row + x + 1)
                        mix(&lanes.2, row + x + 2)
                        mix(&lanes.3, row + x + 3)
                        x += 4
                    }
                    while x < width {
                        mix(&lanes.0, row + x)
                        x += 1
                    }
                    var hash = lanes.0
                    hash = (hash ^ lanes.1) &* Self.prime
                    hash = (hash ^ lanes.2) &* Self.prime
                    hash = (hash ^ lanes.3) &* Self.prime
                    hashes[y] = hash
                    overflows[y] = keys & GraphemeKey.overflowFlag != 0
                    unchanged[y] = same
                }
            }
        }
        for placement in buffer.graphics {
            let rect = placement.rect
            for y in rect.y..<rect.maxY {
                let part = placement.graphic.id ^ UInt64(rect.x) << 48 ^ UInt64(y - rect.y) << 56
                hashes[y] = (hashes[y] ^ part) &* Self.prime
            }
        }
        self.hashes = hashes
        self.overflows = overflows
        self.unchanged = unchanged
    }
}
