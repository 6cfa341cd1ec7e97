import Synchronization

/// Turns a terminal's input into events where it is read, and hands them straight to a
/// ``TerminalEventSink``: the reader thread parses the bytes it read and calls the sink,
/// so a key reaches the app with one thread hand-off (the app's own wake-up) instead of
/// three (issue 29: a stream of bytes, a parsing task and a stream of events cost a futex wake
/// and a task switch each).
///
/// A lone ESC cannot be told from the start of a sequence by bytes alone: when a chunk
/// leaves one pending, a timer on the injected clock (so tests step it with a manual clock)
/// calls back after the timeout with the chunk's generation, and the ESC is resolved unless
/// more input came meanwhile. That task exists only while an ESC is pending, which a key
/// never leaves.
///
/// Events are delivered in the order they were decoded, one caller at a time: whoever finds
/// no delivery running delivers everything waiting, including what other threads (the ESC
/// timer) and the sink itself (a Ctrl-Z suspending the session posts its resume) add
/// meanwhile. Until a sink is connected, events wait (the most recent ``maxWaiting``).
final class InputDecoder: Sendable {
    /// The default wait before a lone ESC counts as the Escape key.
    static let defaultEscapeTimeout = Duration.milliseconds(25)
    /// The most events kept while no sink is connected; older ones are dropped.
    static let maxWaiting = 1024

    private struct State {
        var parser = InputParser()
        /// Counts input chunks, so an ESC timer that lost the race with new input does nothing.
        var generation: UInt64 = 0
        var timer: Task<Void, Never>?
        /// Decoded and not yet delivered, in order.
        var waiting: [TerminalEvent] = []
        var sink: TerminalEventSink?
        /// Which connection ``sink`` is, so cancelling an older one leaves a newer one alone.
        var connection: UInt64 = 0
        var isDelivering = false
        var isFinished = false
        var finishDelivered = false

        /// Whether the caller should deliver now: a sink is there, something is waiting, and
        /// no one else is delivering. If so, the caller is now the one delivering.
        mutating func claimDelivery() -> Bool {
            guard sink != nil, !isDelivering, !waiting.isEmpty || (isFinished && !finishDelivered) else {
                if sink == nil, waiting.count > InputDecoder.maxWaiting {
                    waiting.removeFirst(waiting.count - InputDecoder.maxWaiting)
                }
                return false
            }
            isDelivering = true
            return true
        }
    }

    private let state = Mutex(State())
    private let intercept: @Sendable (TerminalEvent) -> Bool
    /// Starts the ESC timer: a task that waits out the timeout, then calls its argument.
    private let startTimer: @Sendable (@escaping @Sendable () -> Void) -> Task<Void, Never>

    /// - Parameters:
    ///   - clock: measures the ESC timeout.
    ///   - escapeTimeout: how long a lone ESC waits for the rest of a sequence.
    ///   - intercept: sees each event before the sink, on the delivering thread; returning
    ///     true swallows it (the session handles Ctrl-Z itself this way).
    init<C: Clock>(
        clock: C, escapeTimeout: C.Duration, intercept: @escaping @Sendable (TerminalEvent) -> Bool = { _ in false }
    ) {
        self.intercept = intercept
        startTimer = { expire in
            // The deadline counts from the chunk, not from when the task first runs.
            let deadline = clock.now.advanced(by: escapeTimeout)
            return Task {
                do {
                    try await clock.sleep(until: deadline, tolerance: nil)
                } catch {
                    return  // more input came in time
                }
                expire()
            }
        }
    }

    /// Parses bytes read from the terminal and delivers the events they complete.
    /// - Parameter bytes: input as read.
    func feed(_ bytes: some Sequence<UInt8>) {
        let deliver = state.withLock { state -> Bool in
            guard !state.isFinished else { return false }
            state.timer?.cancel()
            state.timer = nil
            state.generation &+= 1
            state.parser.feed(bytes, into: &state.waiting)
            // Answers to queries (the probe's, also late ones) are never events.
            if !state.parser.replies.isEmpty { state.parser.replies.removeAll(keepingCapacity: true) }
            if state.parser.hasPendingEscape {
                let expected = state.generation
                state.timer = startTimer { [weak self] in self?.escapeTimedOut(generation: expected) }
            }
            return state.claimDelivery()
        }
        if deliver { deliverWaiting() }
    }

    /// Delivers an event the session made itself (a resize, a signal, a hangup), in order
    /// with the input.
    /// - Parameter event: the event.
    func post(_ event: TerminalEvent) {
        let deliver = state.withLock { state -> Bool in
            guard !state.isFinished else { return false }
            state.waiting.append(event)
            return state.claimDelivery()
        }
        if deliver { deliverWaiting() }
    }

    /// Resolves the ESC left pending by input `generation`, unless more input came since.
    func escapeTimedOut(generation: UInt64) {
        let deliver = state.withLock { state -> Bool in
            guard !state.isFinished, generation == state.generation else { return false }
            state.timer = nil
            state.waiting += state.parser.flushPendingEscape()
            return state.claimDelivery()
        }
        if deliver { deliverWaiting() }
    }

    /// Ends the input: a pending ESC counts as the Escape key, then the sink (now or once
    /// connected) is finished. Later input is dropped.
    func finish() {
        let deliver = state.withLock { state -> Bool in
            guard !state.isFinished else { return false }
            state.isFinished = true
            state.timer?.cancel()
            state.timer = nil
            state.waiting += state.parser.flushPendingEscape()
            return state.claimDelivery()
        }
        if deliver { deliverWaiting() }
    }

    /// Sends what waits, and everything after, to `sink` (replacing the sink connected before).
    /// - Parameter sink: where events go.
    /// - Returns: the connection; cancelling it makes events wait again.
    func connect(_ sink: TerminalEventSink) -> TerminalEventConnection {
        let (deliver, id) = state.withLock { state -> (Bool, UInt64) in
            state.sink = sink
            state.connection &+= 1
            // A sink connected after the end hears of it too.
            if state.isFinished { state.finishDelivered = false }
            return (state.claimDelivery(), state.connection)
        }
        if deliver { deliverWaiting() }
        return TerminalEventConnection { [weak self] in
            self?.state.withLock { state in
                if state.connection == id { state.sink = nil }
            }
        }
    }

    /// Whether an ESC timer is waiting (for tests).
    var isTimerRunning: Bool { state.withLock { $0.timer != nil } }

    /// Delivers batches until nothing waits; only the caller that claimed delivery runs this.
    private func deliverWaiting() {
        while true {
            let batch = state.withLock { state -> (events: [TerminalEvent], sink: TerminalEventSink, finish: Bool)? in
                guard let sink = state.sink else {
                    state.isDelivering = false
                    return nil
                }
                if !state.waiting.isEmpty {
                    var events: [TerminalEvent] = []
                    swap(&events, &state.waiting)
                    return (events, sink, false)
                }
                state.isDelivering = false
                guard state.isFinished, !state.finishDelivered else { return nil }
                state.finishDelivered = true
                return ([], sink, true)
            }
            guard let batch else { return }
            // Outside the lock: the intercept may suspend the process, whose resume posts here.
            for event in batch.events where !intercept(event) { batch.sink.receive(event) }
            if batch.finish {
                batch.sink.finish()
                return
            }
        }
    }
}
