import EndlessTerminal

/// What the browser draws on: a real ``TerminalSession``, or an in-memory terminal in tests
/// (``FeedBrowser``).
public protocol BrowserTerminal: AnyObject, Sendable {
    /// The terminal's size in cells now.
    var size: Size { get }
    /// A blank frame of the terminal's size to draw the next screen into (a terminal may
    /// hand back a frame it is done with rather than make one).
    func makeFrame() -> ScreenBuffer
    /// Draws a frame as a diff against the last one.
    /// - Throws: when the terminal cannot be written.
    func render(_ frame: ScreenBuffer) throws
    /// Writes a control sequence that draws nothing (OSC 52 for the clipboard) between frames.
    /// - Throws: when the terminal cannot be written.
    func writeControl(_ bytes: [UInt8]) throws
}

extension BrowserTerminal {
    /// A new blank frame of the terminal's size.
    public func makeFrame() -> ScreenBuffer {
        ScreenBuffer(size: size)
    }

    /// A terminal that takes no control sequences ignores them.
    public func writeControl(_ bytes: [UInt8]) throws {}
}

extension TerminalSession: BrowserTerminal {}
