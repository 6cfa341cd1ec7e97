/// Which mouse events the terminal reports (always in SGR encoding, mode 1006).
public enum MouseTracking: Hashable, Sendable {
    /// No mouse reports: the terminal keeps its own selection.
    case off
    /// Presses, releases and the wheel (mode 1000).
    case clicks
    /// Also motion while a button is held (mode 1002).
    case drags
    /// Also motion with no button held (mode 1003): many events, use when hovering matters.
    case allMotion
}
