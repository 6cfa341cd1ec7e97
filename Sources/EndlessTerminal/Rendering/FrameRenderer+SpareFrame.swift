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
        frame.showsAnimation = false
        return frame
    }

    /// Makes every cell a plain blank: a cell is plain memory (see ``Cell``), so this is a
    /// fill of the buffer, with no retain or release per cell.
    static func blank(_ cells: inout [Cell]) {
        cells.withUnsafeMutableBufferPointer { $0.update(repeating: .blank) }
    }
}
