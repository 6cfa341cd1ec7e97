/// Which glyphs may draw ink outside their cell.
///
/// A terminal draws each cell's glyph from the font, and many glyphs of complex scripts are
/// wider or deeper than a monospace cell: in xterm with DejaVu Sans Mono the tail of Arabic
/// reh (ر) reaches into the cell on its left and below the row. When the terminal later
/// writes one cell, it clears that cell's rectangle only, so ink a former neighbour left
/// there stays: a diff that rewrites "Mr رضا" as "Mr Sondre" from the fourth column leaves a
/// mark like a cedilla in front of the S (seen once in xterm after scrolling past Persian
/// names, and reproduced under Xvfb). The renderer therefore repaints the rows around a
/// changed cell that held such a glyph, or a changed cell beside one (see ``FrameRenderer``
/// and ``changed(new:row:old:row:width:)``).
///
/// The classification is by script, not by font: combining marks, Hebrew, Arabic, Syriac,
/// Thaana, N'Ko, the Indic scripts, Thai, Lao, Tibetan, Myanmar, Khmer, their presentation
/// forms, and emoji (drawn from fallback fonts at their own size).
enum GlyphOverflow {
    /// Whether any scalar of `grapheme` may draw outside its cell.
    static func mayOverflow(_ grapheme: String) -> Bool {
        for scalar in grapheme.unicodeScalars where mayOverflow(scalar.value) { return true }
        return false
    }

    static func mayOverflow(_ value: UInt32) -> Bool {
        switch value {
        case 0..<0x300: return false
        case 0x300...0x36F: return true  // combining diacritical marks
        case 0x370..<0x590: return false  // Greek, Cyrillic, Armenian
        case 0x590...0x109F: return true  // Hebrew … Myanmar
        case 0x1780...0x17FF, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF: return true
        case 0xFB1D...0xFDFF, 0xFE20...0xFE2F, 0xFE70...0xFEFF: return true  // presentation forms, half marks
        case 0x1F000...0x1FAFF: return true  // emoji and pictographs
        default: return false
        }
    }

    /// Whether a glyph of the old row that may draw outside its cells is affected by the new
    /// row: its cells, or a cell just left or right of it, differ. Where it differs, the
    /// glyph is gone and its ink stays behind (or a neighbour written over it cut its ink
    /// off). A change anywhere else on the row touches neither the glyph nor its ink: the
    /// terminal clears only the cells it writes.
    ///
    /// - Parameters:
    ///   - new: the new frame's cells.
    ///   - newRow: the index of the row's first cell in `new`.
    ///   - old: the cells the terminal shows.
    ///   - oldRow: the index of the first cell, in `old`, of the row that is now at `newRow`.
    ///   - width: cells per row.
    /// - Returns: true when the row must be repainted for its glyphs' ink.
    static func changed(
        new: UnsafeBufferPointer<Cell>, row newRow: Int, old: UnsafeBufferPointer<Cell>, row oldRow: Int, width: Int
    ) -> Bool {
        var x = 0
        while x < width {
            let cell = old[oldRow + x]
            let cellWidth = max(1, Int(cell.width))
            if cell.key.mayOverflow {
                for column in max(0, x - 1)..<min(width, x + cellWidth + 1)
                where new[newRow + column] != old[oldRow + column] {
                    return true
                }
            }
            x += cellWidth
        }
        return false
    }

    /// The columns the ink of a row's glyphs may be on, in the rows above and below: each
    /// glyph that may overflow, one column either side, as runs (adjacent glyphs merged).
    ///
    /// - Parameters:
    ///   - cells: the frame's cells.
    ///   - row: the index of the row's first cell.
    ///   - width: cells per row.
    ///   - body: called with each run of columns, left to right.
    static func inkColumns(_ cells: UnsafeBufferPointer<Cell>, row: Int, width: Int, _ body: (Range<Int>) -> Void) {
        var run: Range<Int>?
        var x = 0
        while x < width {
            let cell = cells[row + x]
            let cellWidth = max(1, Int(cell.width))
            if cell.key.mayOverflow {
                let columns = max(0, x - 1)..<min(width, x + cellWidth + 1)
                if let current = run, columns.lowerBound <= current.upperBound {
                    run = current.lowerBound..<max(current.upperBound, columns.upperBound)
                } else {
                    if let current = run { body(current) }
                    run = columns
                }
            }
            x += cellWidth
        }
        if let run { body(run) }
    }
}
