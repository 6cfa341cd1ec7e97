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

/// The signals that ask a program to end.
public enum TerminationSignal: Hashable, Sendable {
    /// SIGINT (`kill -INT`; Ctrl-C itself arrives as a key in raw mode).
    case interrupt
    /// SIGTERM.
    case terminate
    /// SIGHUP: the terminal went away.
    case hangup

    /// The signal number.
    public var number: Int32 {
        switch self {
        case .interrupt: return 2
        case .terminate: return 15
        case .hangup: return 1
        }
    }
}
