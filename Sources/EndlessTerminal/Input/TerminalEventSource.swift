import Synchronization

/// Something that reports terminal events to a ``TerminalEventSink``: a ``TerminalSession``
/// (from its input thread, with no task in between), or an `AsyncStream` of events (from a
/// task that reads it; tests and programs that make events themselves).
public protocol TerminalEventSource: Sendable {
    /// Sends every event from now on to `sink`, in order, then its `finish`; events that came
    /// before any sink was connected are sent first. One sink at a time: connecting another
    /// replaces it.
    /// - Parameter sink: where events go.
    /// - Returns: the connection; cancel it to stop the events.
    func connect(_ sink: TerminalEventSink) -> TerminalEventConnection
}

/// A sink's connection to a ``TerminalEventSource``; ``cancel()`` stops the events.
public final class TerminalEventConnection: Sendable {
    private let onCancel: Mutex<(@Sendable () -> Void)?>

    /// A connection that runs `onCancel` the first time it is cancelled.
    /// - Parameter onCancel: disconnects the sink.
    public init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Mutex(onCancel)
    }

    /// Stops the events; the sink's `finish` is not called. Safe to call more than once.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }
}

extension AsyncStream: TerminalEventSource where Element == TerminalEvent {
    /// Reads the stream on a task of its own and sends what it reads to `sink`; the stream's
    /// end finishes the sink.
    /// - Parameter sink: where events go.
    /// - Returns: the connection; cancelling it ends the task.
    public func connect(_ sink: TerminalEventSink) -> TerminalEventConnection {
        let task = Task {
            for await event in self { sink.receive(event) }
            if !Task.isCancelled { sink.finish() }
        }
        return TerminalEventConnection { task.cancel() }
    }
}
