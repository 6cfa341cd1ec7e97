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
        let estimate = RepairCost(old: old, new: new, oldHashes: oldHashes, newHashes: newHashes)
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
struct RepairCost {
    let old: ScreenBuffer
    let new: ScreenBuffer
    let oldHashes: [UInt64]
    let newHashes: [UInt64]

    /// The bytes to turn old row `source` (nil: a blank row) into new row `row`.
    func cost(row: Int, from source: Int?) -> Int {
        if let source, newHashes[row] == oldHashes[source] { return 0 }
        let width = new.size.width
        return new.cells.withUnsafeBufferPointer { newCells in
            old.cells.withUnsafeBufferPointer { oldCells in
                var total = 0
                var previousStyle: UInt64?
                var inRun = false
                var inBlankRun = false
                let start = row * width
                let oldStart = (source ?? 0) * width
                for x in 0..<width {
                    let key = newCells[start + x].key
                    let style = newCells[start + x].packedStyle
                    let unchanged =
                        source == nil
                        ? key == GraphemeKey.space && style == 0
                        : key == oldCells[oldStart + x].key && style == oldCells[oldStart + x].packedStyle
                    if unchanged {
                        inRun = false
                        inBlankRun = false
                        continue
                    }
                    if !inRun { total += 4 }
                    inRun = true
                    if key == GraphemeKey.space {
                        if !inBlankRun { total += 5 }
                        inBlankRun = true
                    } else {
                        inBlankRun = false
                        total += max(1, key.byteCount)
                    }
                    if previousStyle != style {
                        total += Self.sgrLength(newCells[start + x].style)
                        previousStyle = style
                    }
                }
                return total
            }
        }
    }

    /// About the length of the SGR that sets `style` from a reset pen.
    static func sgrLength(_ style: Style) -> Int {
        3 + 2 * style.attributes.rawValue.nonzeroBitCount + colorLength(style.foreground) + colorLength(style.background)
    }

    private static func colorLength(_ color: Color) -> Int {
        switch color {
        case .default: return 0
        case .ansi: return 3
        case .indexed: return 9
        case .rgb: return 17
        }
    }
}
