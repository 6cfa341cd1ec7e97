import EndlessTerminal

/// What the browser draws on: a real ``TerminalSession``, or an in-memory terminal in tests
/// (``FeedBrowser``).
public protocol BrowserTerminal: AnyObject, Sendable {
    /// The terminal's size in cells now.
    var size: Size { get }
    /// Draws a frame as a diff against the last one.
    /// - Throws: when the terminal cannot be written.
    func render(_ frame: ScreenBuffer) throws
}

extension TerminalSession: BrowserTerminal {}
