import EndlessTerminal
import Synchronization

/// Terminal events made by a test, as a `TerminalEventSource`: what is sent reaches the
/// connected sink at once, on the sending thread, as a session's input does from its reader
/// thread. Events sent before a sink is connected wait for it, and reach it first: one sent
/// while the waiting ones are being handed over waits behind them, so the sink sees every
/// event in the order it was sent.
///
/// ```swift
/// let input = InMemoryInput()
/// let ending = try await FeedBrowser.browse([numbers], on: terminal, events: input)
/// // elsewhere: input.send(.key(KeyEvent(.character("q"))))
/// ```
public final class InMemoryInput: TerminalEventSource {
    private struct State {
        var sink: TerminalEventSink?
        var connection: UInt64 = 0
        var waiting: [TerminalEvent] = []
        var isFinished = false
        var finishDelivered = false
        /// ``connect(_:)`` is handing the waiting events over, outside the lock: what is sent
        /// meanwhile waits behind them.
        var isHandingOver = false

        /// The sink to send to now, unless events must wait.
        var sinkInOrder: TerminalEventSink? { isHandingOver ? nil : sink }
    }

    private let state = Mutex(State())

    /// An input with nothing sent yet.
    public init() {}

    /// Whether a sink is connected.
    public var isConnected: Bool { state.withLock { $0.sink != nil } }

    /// Sends an event; ignored once finished.
    /// - Parameter event: the event.
    public func send(_ event: TerminalEvent) {
        let sink = state.withLock { state -> TerminalEventSink? in
            guard !state.isFinished else { return nil }
            guard let sink = state.sinkInOrder else {
                state.waiting.append(event)
                return nil
            }
            return sink
        }
        sink?.receive(event)
    }

    /// Ends the input, as a terminal that went away: the sink's `finish` runs.
    public func finish() {
        let sink = state.withLock { state -> TerminalEventSink? in
            guard !state.isFinished else { return nil }
            state.isFinished = true
            // While the waiting events are handed over, the hand-over ends with it.
            guard let sink = state.sinkInOrder else { return nil }
            state.finishDelivered = true
            return sink
        }
        sink?.finish()
    }

    /// Sends what waits, then everything sent from now on, to `sink`.
    /// - Parameter sink: where events go.
    /// - Returns: the connection; cancelling it makes events wait again.
    public func connect(_ sink: TerminalEventSink) -> TerminalEventConnection {
        let id = state.withLock { state in
            state.sink = sink
            state.connection &+= 1
            state.isHandingOver = true
            return state.connection
        }
        // Batch after batch until none waits: what is sent meanwhile joins the next batch.
        while true {
            let (batch, finish) = state.withLock { state -> ([TerminalEvent]?, Bool) in
                guard state.waiting.isEmpty else {
                    defer { state.waiting = [] }
                    return (state.waiting, false)
                }
                state.isHandingOver = false
                let finish = state.isFinished && !state.finishDelivered
                if finish { state.finishDelivered = true }
                return (nil, finish)
            }
            guard let batch else {
                if finish { sink.finish() }
                break
            }
            for event in batch { sink.receive(event) }
        }
        return TerminalEventConnection { [weak self] in
            self?.state.withLock { state in
                if state.connection == id { state.sink = nil }
            }
        }
    }
}
