/// An answer the terminal sent to a query, read from its input like keys but never
/// delivered as one (see ``InputParser/takeReplies()``).
public enum TerminalReply: Hashable, Sendable {
    /// Primary Device Attributes (`CSI ? 62 ; 4 ; … c`): the terminal class and its features;
    /// 4 means sixel graphics.
    case primaryDeviceAttributes([Int])
    /// The size of one cell in pixels (`CSI 6 ; height ; width t`, the answer to `CSI 16 t`).
    case cellPixelSize(Size)
    /// The size of the text area in pixels (`CSI 4 ; height ; width t`, to `CSI 14 t`).
    case textAreaPixelSize(Size)
    /// An XTSMGRAPHICS answer (`CSI ? item ; status ; values S`): status 0 means the
    /// graphics item (1: color registers, 2: sixel geometry) is supported.
    case graphicsAttribute(item: Int, status: Int, values: [Int])
    /// The terminal's name and version (`DCS > | text ST`, the answer to XTVERSION).
    case terminalVersion(String)
    /// A kitty graphics protocol answer (`APC G i=… ; OK ST`).
    case kittyGraphics(id: Int?, message: String)
    /// A Device Status Report answer (`CSI 0 n`, "OK", to `CSI 5 n`).
    case deviceStatus(Int)
}
