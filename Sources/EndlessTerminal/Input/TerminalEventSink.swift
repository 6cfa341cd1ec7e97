/// Where a terminal's events go: called for each event in order, from whichever thread
/// produced it (a session's input thread, mostly), and once more when no event will follow.
///
/// A sink must return quickly and must not wait for the next event: an app posts the event
/// into its own queue and wakes its loop (a session's reader thread hands a key over this way,
/// with no task in between: issue 29).
public struct TerminalEventSink: Sendable {
    /// Takes one event.
    public let receive: @Sendable (TerminalEvent) -> Void
    /// Says no more events will come (the session closed, or the stream ended).
    public let finish: @Sendable () -> Void

    /// A sink of two closures.
    /// - Parameters:
    ///   - receive: takes one event.
    ///   - finish: called once after the last event.
    public init(receive: @escaping @Sendable (TerminalEvent) -> Void, finish: @escaping @Sendable () -> Void = {}) {
        self.receive = receive
        self.finish = finish
    }
}
