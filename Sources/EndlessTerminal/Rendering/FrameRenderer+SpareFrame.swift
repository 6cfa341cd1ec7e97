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
        // Only the cells that are not blank already are written: most of a list's cells are
        // blank, and each cell written releases the one it replaces.
        frame.cells.withUnsafeMutableBufferPointer { cells in
            for index in cells.indices where !cells[index].isPlainBlank { cells[index] = .blank }
        }
        if !frame.graphics.isEmpty { frame.graphics.removeAll(keepingCapacity: true) }
        frame.links.removeAll(keepingCapacity: true)
        return frame
    }
}
