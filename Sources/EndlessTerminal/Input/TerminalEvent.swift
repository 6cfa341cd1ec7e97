/// Everything a terminal session reports, in order: input, size changes, lifecycle.
public enum TerminalEvent: Hashable, Sendable {
    /// A key press.
    case key(KeyEvent)
    /// A mouse click, drag, motion or wheel turn.
    case mouse(MouseEvent)
    /// Text pasted with bracketed paste, already sanitized (no controls, no escapes; line
    /// breaks become spaces).
    case paste(String)
    /// The terminal window gained (true) or lost (false) focus, when focus events are on.
    case focus(Bool)
    /// The terminal was resized; the next frame should be built at this size.
    case resize(Size)
    /// The program came back from Ctrl-Z (or another stop): the session has re-entered raw
    /// mode and redrawn the last frame; the app may want to refresh what it shows.
    case resume
    /// A termination signal arrived. The app should return from its loop so the session
    /// restores the terminal; a second such signal restores and exits at once.
    case terminate(TerminationSignal)
}
