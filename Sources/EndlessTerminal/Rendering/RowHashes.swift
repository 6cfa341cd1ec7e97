/// One hash per row of a frame, over each cell's packed cluster and style and the graphics
/// placed on the row; whether the row holds glyphs that may draw outside their cells; and,
/// when the frame is compared with the last one, where each row starts to differ from the
/// row that was in its place.
///
/// Each row is first compared in place with the last frame's, as raw memory (see
/// ``CellComparison``): a row that did not change takes the last frame's hash without
/// being hashed again, and in a row that did, the comparison stops at the first
/// difference, where the diff starts to look. Only changed rows are hashed, for
/// ``ScrollMove`` to find rows that moved. Each cell folds its key and its style into one of
/// four interleaved lanes, so the multiplications do not wait on each other.
///
/// A list scrolled by a held key moves by the same rows frame after frame, and then every row
/// of it differs in place. Given the last frame's shift, a changed row is compared with the
/// old row that shift would have brought (one `memcmp`), and takes that row's hash when it
/// equals it: only the rows that enter, or changed as they moved, are hashed.
///
/// A renderer hashes each frame into the arrays of the frame before last (see
/// ``rehash(_:comparedWith:oldRows:likelyShift:)``): five arrays allocated a frame went
/// through the runtime's generic path, a metadata lookup under a lock each (issue 29).
struct RowHashes: Sendable {
    /// Per row, the hash of its cells and of the graphics placed on it.
    var hashes: [UInt64] = []
    /// Per row, the hash of its cells alone: what a row whose cells did not change carries
    /// over to the next frame, whatever happened to the graphics.
    var cellHashes: [UInt64] = []
    /// Rows with a glyph whose ink may overflow its cell (see ``GlyphOverflow``).
    var overflows: [Bool] = []
    /// Per row, the first column whose cell differs from the compared frame's cell at the
    /// same place: `width` when none does, 0 when no frame of the same size was given.
    /// Graphics are not compared here. Only the left edge is kept: the diff finds the end
    /// of a change from the right anyway (a blank tail is one erase), so a walk from the
    /// right here measured slower than none.
    var firstChange: [Int] = []
    /// Per row, whether it was found equal, cell for cell, to the compared frame's row
    /// ``shift`` rows further on: a diff that takes the row from there need not compare the
    /// cells again (see ``copies(_:from:)``).
    var equalsShifted: [Bool] = []
    /// The shift the rows were compared at (the `likelyShift` given), 0 for none.
    private(set) var shift = 0

    static let prime: UInt64 = 0x100_0000_01b3
    /// Spreads a style over the whole word before it meets the key.
    static let styleMultiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// Whether row `y` equals the compared frame's row at the same place, graphics aside.
    func unchanged(_ y: Int) -> Bool { firstChange[y] == width }

    /// Whether row `y`'s cells are known to equal those of the compared frame's row `source`
    /// (graphics aside): it was compared with that row while hashing.
    func copies(_ y: Int, from source: Int) -> Bool { shift != 0 && source == y + shift && equalsShifted[y] }

    /// The frame's width.
    private(set) var width = 0

    /// No rows yet: arrays for ``rehash(_:comparedWith:oldRows:likelyShift:)`` to fill.
    init() {}

    /// Hashes `buffer`, comparing it with `old` when that has the same size (see
    /// ``rehash(_:comparedWith:oldRows:likelyShift:)``).
    init(_ buffer: ScreenBuffer, comparedWith old: ScreenBuffer? = nil, oldRows: RowHashes? = nil, likelyShift: Int? = nil) {
        rehash(buffer, comparedWith: old, oldRows: oldRows, likelyShift: likelyShift)
    }

    /// Hashes `buffer` into these arrays, comparing it with `old` when that has the same
    /// size: what was here before is replaced, and the arrays are allocated again only when
    /// the height changed.
    ///
    /// - Parameters:
    ///   - buffer: the new frame.
    ///   - old: the frame the terminal shows, if known.
    ///   - oldRows: `old`'s hashes, whose rows are carried over where nothing changed; nil
    ///     to hash every row.
    ///   - likelyShift: the rows content probably moved since `old` (``ScrollMove/shift``,
    ///     the last frame's): a changed row equal to the old row it would have come from
    ///     takes that row's hash. Nil or 0 for none.
    mutating func rehash(_ buffer: ScreenBuffer, comparedWith old: ScreenBuffer? = nil, oldRows: RowHashes? = nil, likelyShift: Int? = nil) {
        let width = buffer.size.width
        let height = buffer.size.height
        // Taken out of self, so each is written in place (uniquely held) through the loop.
        var cellHashes = Self.taking(&self.cellHashes, count: height, blank: 0)
        var overflows = Self.taking(&self.overflows, count: height, blank: false)
        var firstChange = Self.taking(&self.firstChange, count: height, blank: 0)
        var equalsShifted = Self.taking(&self.equalsShifted, count: height, blank: false)
        var hashes = Self.taking(&self.hashes, count: height, blank: 0)
        let compared = old.flatMap { $0.size == buffer.size ? $0.cells : nil } ?? []
        let carried = compared.isEmpty ? nil : oldRows.flatMap { $0.cellHashes.count == height ? $0 : nil }
        buffer.cells.withUnsafeBufferPointer { cells in
            compared.withUnsafeBufferPointer { oldCells in
                for y in 0..<height {
                    let row = y * width
                    if !oldCells.isEmpty {
                        guard let first = CellComparison.firstDifference(cells, row, oldCells, row, count: width) else {
                            firstChange[y] = width
                            if let carried {
                                cellHashes[y] = carried.cellHashes[y]
                                overflows[y] = carried.overflows[y]
                                continue
                            }
                            (cellHashes[y], overflows[y]) = Self.hash(cells, from: row, count: width)
                            continue
                        }
                        firstChange[y] = first
                        if let carried, let shift = likelyShift, shift != 0, y + shift >= 0, y + shift < height,
                            CellComparison.firstDifference(cells, row, oldCells, row + shift * width, count: width) == nil
                        {
                            cellHashes[y] = carried.cellHashes[y + shift]
                            overflows[y] = carried.overflows[y + shift]
                            equalsShifted[y] = true
                            continue
                        }
                        (cellHashes[y], overflows[y]) = Self.hash(cells, from: row, count: width)
                        continue
                    }
                    (cellHashes[y], overflows[y]) = Self.hash(cells, from: row, count: width)
                }
            }
        }
        for y in 0..<height { hashes[y] = cellHashes[y] }
        for placement in buffer.graphics {
            let rect = placement.rect
            for y in rect.y..<rect.maxY {
                let part = placement.graphic.id ^ UInt64(rect.x) << 48 ^ UInt64(y - rect.y) << 56
                hashes[y] = (hashes[y] ^ part) &* Self.prime
            }
        }
        self.hashes = hashes
        self.cellHashes = cellHashes
        self.overflows = overflows
        self.firstChange = firstChange
        self.equalsShifted = equalsShifted
        self.shift = likelyShift ?? 0
        self.width = width
    }

    /// `array`, moved out of its place and set to `count` blanks: in place when it has that
    /// many elements already, else allocated.
    @inline(__always)
    private static func taking<Element>(_ array: inout [Element], count: Int, blank: Element) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &array)
        guard taken.count == count else { return [Element](repeating: blank, count: count) }
        for index in 0..<count { taken[index] = blank }
        return taken
    }

    /// The hash of one row's cells and whether any of its glyphs may overflow.
    ///
    /// Cells are taken four at a time, each into one of four interleaved lanes, so the
    /// multiplications do not wait on each other. Four plain blanks in a row, most of a
    /// list's rows, are only looked at: they leave the lanes as they are, and the next
    /// group that is not blank folds in its column, so the same text elsewhere in the row
    /// hashes differently.
    @inline(__always)
    private static func hash(_ cells: UnsafeBufferPointer<Cell>, from row: Int, count width: Int) -> (UInt64, Bool) {
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0xcbf2_9ce4_8422_2325, 0x8422_2325_cbf2_9ce4, 0x9ce4_cbf2_2325_8422, 0x2325_8422_9ce4_cbf2)
        var keys: UInt64 = 0
        let space = GraphemeKey.space.bits
        @inline(__always) func mix(_ lane: inout UInt64, _ x: Int) {
            let key = cells[row + x].key.bits
            keys |= key
            lane = (lane ^ key ^ (cells[row + x].packedStyle &* Self.styleMultiplier)) &* Self.prime
        }
        @inline(__always) func shown(_ x: Int) -> UInt64 {
            (cells[row + x].key.bits ^ space) | cells[row + x].packedStyle
        }
        var x = 0
        while x + 4 <= width {
            if shown(x) | shown(x + 1) | shown(x + 2) | shown(x + 3) != 0 {
                lanes.0 ^= UInt64(truncatingIfNeeded: x)
                mix(&lanes.0, x)
                mix(&lanes.1, x + 1)
                mix(&lanes.2, x + 2)
                mix(&lanes.3, x + 3)
            }
            x += 4
        }
        while x < width {
            mix(&lanes.0, x)
            x += 1
        }
        var hash = lanes.0
        hash = (hash ^ lanes.1) &* Self.prime
        hash = (hash ^ lanes.2) &* Self.prime
        hash = (hash ^ lanes.3) &* Self.prime
        return (hash, keys & GraphemeKey.overflowFlag != 0)
    }
}
