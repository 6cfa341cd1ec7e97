/// A graphic placed over a rectangle of cells.
public struct GraphicPlacement: Hashable, Sendable {
    /// The image.
    public let graphic: TerminalGraphic
    /// The cells it covers, clipped to the buffer.
    public let rect: Rect
}
