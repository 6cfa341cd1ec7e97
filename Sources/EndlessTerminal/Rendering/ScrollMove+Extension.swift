extension ScrollMove {
    /// The most rows a move grows by on each side.
    static let maximumExtension = 12

    /// The move grown over neighbouring rows whose content moved too but changed a little,
    /// when repairing them from their moved source costs fewer bytes.
    ///
    /// Exact row hashes find the rows that moved unchanged; a selection highlight that moves
    /// with the list (`j` at the bottom of the screen) changes the rows at the edge of the
    /// block, which would otherwise be left out of the scroll and redrawn from nothing,
    /// pictures and all. Each step compares the estimated bytes of both choices for the rows
    /// it affects: the row that joins, and the row that the scroll now uncovers.
    func extended(old: ScreenBuffer, new: ScreenBuffer, oldHashes: [UInt64], newHashes: [UInt64]) -> ScrollMove {
        // A highlight moving with the list goes with a scroll of a row or two; a page turned
        // has no edge worth the estimates.
        guard abs(shift) <= Self.maximumExtension else { return self }
        var estimate = RepairCost(old: old, new: new, oldHashes: oldHashes, newHashes: newHashes)
        let height = newHashes.count
        var move = self
        // Grow where the scroll uncovers rows (the bottom when content moves up, the top
        // when it moves down): the joining row was uncovered, a row further out becomes so.
        // A highlight covers a list row or two, so a dozen steps a side is plenty.
        for _ in 0..<Self.maximumExtension {
            let joining = move.shift > 0 ? move.bottom : move.top - 1
            let uncovered = move.shift > 0 ? move.bottom + move.shift : move.top - 1 + move.shift
            guard uncovered >= 0, uncovered < height, joining >= 0, joining < height else { break }
            let before = estimate.cost(row: joining, from: nil) + estimate.cost(row: uncovered, from: uncovered)
            let after = estimate.cost(row: joining, from: joining + move.shift) + estimate.cost(row: uncovered, from: nil)
            guard after < before else { break }
            if move.shift > 0 { move.bottom += 1 } else { move.top -= 1 }
        }
        // Grow on the other side: the joining row was in place, nothing else changes.
        for _ in 0..<Self.maximumExtension {
            let joining = move.shift > 0 ? move.top - 1 : move.bottom
            let source = joining + move.shift
            guard joining >= 0, joining < height, source >= 0, source < height else { break }
            guard estimate.cost(row: joining, from: source) < estimate.cost(row: joining, from: joining) else { break }
            if move.shift > 0 { move.top -= 1 } else { move.bottom += 1 }
        }
        return move
    }
}

/// A rough count of the bytes that turn one row of the terminal into a row of the new frame:
/// changed characters, an SGR where the style changes (24-bit colors cost the most), a
/// cursor move per run of changes, and a few bytes for a run of blanks (an erase).
///
/// A move grows a row at a time, and each step weighs four rows; held `j` over a list of
/// pictures weighed some twenty a frame. So runs of unchanged cells are skipped as memory
/// (``CellComparison``), styles are measured from their packed bits, and the cost of drawing
/// a row from blank, which the next steps ask again, is kept.
struct RepairCost {
    let old: ScreenBuffer
    let new: ScreenBuffer
    let oldHashes: [UInt64]
    let newHashes: [UInt64]
    /// ``cost(row:from:)`` from a blank row, per row; -1 until measured.
    private var fromBlank: [Int]

    init(old: ScreenBuffer, new: ScreenBuffer, oldHashes: [UInt64], newHashes: [UInt64]) {
        self.old = old
        self.new = new
        self.oldHashes = oldHashes
        self.newHashes = newHashes
        fromBlank = Array(repeating: -1, count: new.size.height)
    }

    /// The bytes to turn old row `source` (nil: a blank row) into new row `row`.
    mutating func cost(row: Int, from source: Int?) -> Int {
        guard let source else {
            if fromBlank[row] >= 0 { return fromBlank[row] }
            let cost = measure(row: row, from: nil)
            fromBlank[row] = cost
            return cost
        }
        if newHashes[row] == oldHashes[source] { return 0 }
        return measure(row: row, from: source)
    }

    private func measure(row: Int, from source: Int?) -> Int {
        let width = new.size.width
        return new.cells.withUnsafeBufferPointer { newCells in
            old.cells.withUnsafeBufferPointer { oldCells in
                var total = 0
                var previousStyle: UInt64?
                let start = row * width
                let oldStart = (source ?? 0) * width
                @inline(__always) func unchanged(_ x: Int) -> Bool {
                    let cell = newCells[start + x]
                    guard source != nil else { return cell.isPlainBlank }
                    return cell == oldCells[oldStart + x]
                }
                // From the first changed cell, run by run: a run costs a cursor move, its
                // characters, an erase for its blanks, and an SGR where the style changes.
                var x = source == nil ? 0 : CellComparison.nextDifference(newCells, row: start, oldCells, row: oldStart, from: 0, width: width)
                while x < width {
                    if unchanged(x) {
                        x =
                            source == nil
                            ? x + 1 : CellComparison.nextDifference(newCells, row: start, oldCells, row: oldStart, from: x + 1, width: width)
                        continue
                    }
                    total += 4
                    var inBlankRun = false
                    while x < width, !unchanged(x) {
                        let key = newCells[start + x].key
                        let style = newCells[start + x].packedStyle
                        if key == GraphemeKey.space {
                            if !inBlankRun { total += 5 }
                            inBlankRun = true
                        } else {
                            inBlankRun = false
                            total += max(1, key.byteCount)
                        }
                        if previousStyle != style {
                            total += Self.sgrLength(packed: style)
                            previousStyle = style
                        }
                        x += 1
                    }
                }
                return total
            }
        }
    }

    /// About the length of the SGR that sets a packed style (``Style/packed``) from a reset
    /// pen: each attribute, and each color by its kind.
    static func sgrLength(packed: UInt64) -> Int {
        let attributes = UInt8(truncatingIfNeeded: packed >> 52)
        return 3 + 2 * attributes.nonzeroBitCount + colorLength(kind: packed >> 24 & 3) + colorLength(kind: packed >> 50 & 3)
    }

    /// The parameters' length of a color of packed kind `kind`: default, ANSI, indexed, RGB.
    private static func colorLength(kind: UInt64) -> Int {
        switch kind {
        case 0: return 0
        case 1: return 3
        case 2: return 9
        default: return 17
        }
    }
}
