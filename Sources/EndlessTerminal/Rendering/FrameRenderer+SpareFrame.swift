extension FrameRenderer {
    /// A blank frame of `size` to draw the next screen into, made from the frame the terminal
    /// showed before the last one; nil when there is none of that size.
    ///
    /// A diff needs the last frame and the new one, so two frames take turns: the one the
    /// terminal stopped showing is blanked and drawn into again instead of freed and made anew
    /// (a 100×30 frame is 3,000 cells filled, and as many released when it is freed). The
    /// renderer lets go of it: held by nothing else, it is drawn into without a copy.
    ///
    /// - Parameter size: the size the frame must have.
    /// - Returns: a frame equal to `ScreenBuffer(size: size)`, or nil.
    mutating func recycledFrame(size: Size) -> ScreenBuffer? {
        guard var frame = spare.take(), frame.size == size else { return nil }
        Self.blank(&frame.cells)
        if !frame.graphics.isEmpty { frame.graphics.removeAll(keepingCapacity: true) }
        frame.links.removeAll(keepingCapacity: true)
        return frame
    }

    /// Makes every cell a plain blank, writing only the cells that are not one already (most
    /// of a list's cells are blank). A cell whose grapheme is packed holds no reference, nor
    /// does a blank: it is overwritten as plain bytes, with no retain or release (assigning
    /// each cell cost a held `j` 1–2 % of its CPU).
    static func blank(_ cells: inout [Cell]) {
        var blank = Cell.blank
        withUnsafeBytes(of: &blank) { blankBytes in
            cells.withUnsafeMutableBufferPointer { cells in
                guard let base = cells.baseAddress, let blankBase = blankBytes.baseAddress else { return }
                for index in cells.indices where !cells[index].isPlainBlank {
                    if cells[index].key.isHashed {
                        cells[index] = .blank  // releases the long grapheme
                    } else {
                        UnsafeMutableRawPointer(base + index).copyMemory(from: blankBase, byteCount: MemoryLayout<Cell>.size)
                    }
                }
            }
        }
    }
}
