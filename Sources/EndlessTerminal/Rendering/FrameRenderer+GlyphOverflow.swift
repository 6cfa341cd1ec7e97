extension FrameRenderer {
    /// Marks what must be written again so that no ink of a glyph drawing outside its cells
    /// (see ``GlyphOverflow``) is left where its glyph no longer is.
    ///
    /// Where such a glyph changed, or a cell beside it, its row is repainted whole with the
    /// rows above and below: the glyph's ink is gone with it, and a glyph a neighbour was
    /// written over is drawn whole again. A change elsewhere on the row (the scrollbar's
    /// thumb, a selection bar) leaves the glyphs and their ink as they were, so it is diffed
    /// as any change is.
    ///
    /// A scroll moves ink with its row inside the region only. Where a glyph and its ink end
    /// up on either side of the region's edge, or the glyph scrolled out of the region and
    /// its ink stayed, the cells its ink can be on now (its columns and one either side) are
    /// written again.
    func markOverflowRepaints(
        _ frame: ScreenBuffer, old: ScreenBuffer, newRows: RowHashes, oldRows: RowHashes, sources: [Int], move: ScrollMove?,
        marks: inout CellMarks
    ) {
        let height = sources.count
        let width = frame.size.width
        func repaint(_ row: Int) { if row >= 0 && row < height { marks.repaint(row: row) } }
        frame.cells.withUnsafeBufferPointer { new in
            old.cells.withUnsafeBufferPointer { old in
                for (y, source) in sources.enumerated() where source >= 0 && oldRows.overflows[source] {
                    guard newRows.hashes[y] != oldRows.hashes[source],
                        GlyphOverflow.changed(new: new, row: y * width, old: old, row: source * width, width: width)
                    else { continue }
                    for row in (y - 1)...(y + 1) { repaint(row) }
                }
            }
        }
        guard let move else { return }
        let region = move.region
        let top = region.lowerBound
        let bottom = region.upperBound
        let shift = move.shift
        /// The ink of old row `glyphs` above or below it is on new row `row` now.
        func ink(of glyphs: Int, on row: Int) {
            guard glyphs >= 0, glyphs < height, row >= 0, row < height, oldRows.overflows[glyphs] else { return }
            old.cells.withUnsafeBufferPointer { cells in
                GlyphOverflow.inkColumns(cells, row: glyphs * width, width: width) { columns in
                    marks.force(Rect(x: columns.lowerBound, y: row, width: columns.count, height: 1))
                }
            }
        }
        // Ink outside the region from the glyphs of its first and last rows, which moved.
        ink(of: top, on: top - 1)
        ink(of: bottom - 1, on: bottom)
        // Ink inside the region, moved with its rows, from the glyphs above and below it, which stayed.
        if region.contains(top - shift) { ink(of: top - 1, on: top - shift) }
        if region.contains(bottom - 1 - shift) { ink(of: bottom, on: bottom - 1 - shift) }
        // Ink that stayed in the region from the glyphs of a row that scrolled out of it: up,
        // the last row out left its ink on the row that is now first; down, the reverse.
        if shift > 0, top + shift < bottom { ink(of: top + shift - 1, on: top) }
        if shift < 0, bottom + shift > top { ink(of: bottom + shift, on: bottom - 1) }
    }
}
