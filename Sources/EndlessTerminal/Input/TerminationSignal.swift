/// The signals that ask a program to end.
public enum TerminationSignal: Hashable, Sendable {
    /// SIGINT (`kill -INT`; Ctrl-C itself arrives as a key in raw mode).
    case interrupt
    /// SIGTERM.
    case terminate
    /// SIGHUP: the terminal went away.
    case hangup
    /// SIGQUIT (`kill -QUIT`; Ctrl-\ itself arrives as a key in raw mode).
    case quit

    /// The signal number.
    public var number: Int32 {
        switch self {
        case .interrupt: return 2
        case .terminate: return 15
        case .hangup: return 1
        case .quit: return 3
        }
    }
}
