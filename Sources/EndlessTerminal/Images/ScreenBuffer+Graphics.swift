extension ScreenBuffer {
    /// Places a pixel graphic over a rectangle: the cells under it are blanked, graphics it
    /// overlaps are removed, and the renderer draws it after the text.
    ///
    /// - Parameters:
    ///   - graphic: the sixel or kitty image.
    ///   - rect: the cells it covers; clipped to the buffer, nothing happens if that is empty.
    public mutating func place(_ graphic: TerminalGraphic, in rect: Rect) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        fill(area)  // also removes the graphics it overlaps
        graphics.append(GraphicPlacement(graphic: graphic, rect: area))
    }
}
