/// What feeds the event stream: raw bytes from the terminal, events the session made itself
/// (a resize, a signal), or the ESC timer's expiry.
enum RawInput: Sendable {
    case bytes([UInt8])
    case event(TerminalEvent)
    /// The ESC timer of input `generation` ran out (see ``InputEventStream``).
    case escapeTimeout(UInt64)
}

/// Runs an ``InputParser`` over a stream of raw input and resolves a lone ESC after a timeout
/// measured on an injected clock, so tests step through it with a manual clock.
///
/// One task consumes the raw stream itself: input chunks and the timer's expiries, which the
/// timer posts into the same stream. Each chunk cancels the pending timer; a chunk that
/// leaves an ESC pending starts a new one, tagged with a generation so that a stale expiry
/// does nothing. (A task forwarding the raw stream into a second one cost every key two more
/// task switches on its way to the screen: issue 29.)
enum InputEventStream {
    /// The default wait before a lone ESC counts as the Escape key.
    static let defaultEscapeTimeout = Duration.milliseconds(25)

    /// Events parsed from `source`.
    ///
    /// - Parameters:
    ///   - source: raw input; when it finishes, a pending ESC is flushed and the stream ends.
    ///   - sink: `source`'s continuation, where the ESC timer posts its expiry.
    ///   - clock: measures the ESC timeout.
    ///   - escapeTimeout: how long a lone ESC waits for the rest of a sequence.
    ///   - intercept: sees each event first; returning true swallows it (the session uses
    ///     this to handle Ctrl-Z itself).
    /// - Returns: the event stream; cancelling its consumer stops the parsing task.
    static func make<C: Clock>(
        from source: AsyncStream<RawInput>, sink: AsyncStream<RawInput>.Continuation, clock: C, escapeTimeout: C.Duration,
        intercept: @escaping @Sendable (TerminalEvent) -> Bool = { _ in false }
    ) -> AsyncStream<TerminalEvent> {
        let (events, eventSink) = AsyncStream<TerminalEvent>.makeStream()
        let pump = Task {
            var parser = InputParser()
            var generation: UInt64 = 0
            var timer: Task<Void, Never>?
            func emit(_ list: [TerminalEvent]) {
                for event in list where !intercept(event) { eventSink.yield(event) }
            }
            for await input in source {
                switch input {
                case .bytes(let bytes):
                    timer?.cancel()
                    generation &+= 1
                    emit(parser.feed(bytes))
                    // Answers to queries (the probe's, also late ones) are never events.
                    _ = parser.takeReplies()
                    if parser.hasPendingEscape {
                        let expected = generation
                        timer = Task {
                            do {
                                try await clock.sleep(until: clock.now.advanced(by: escapeTimeout), tolerance: nil)
                                sink.yield(.escapeTimeout(expected))
                            } catch {
                                // Cancelled: more input arrived in time.
                            }
                        }
                    }
                case .event(let event):
                    emit([event])
                case .escapeTimeout(let expected):
                    if expected == generation { emit(parser.flushPendingEscape()) }
                }
            }
            // The source finished (or the consumer went away).
            timer?.cancel()
            if !Task.isCancelled { emit(parser.flushPendingEscape()) }
            eventSink.finish()
        }
        eventSink.onTermination = { _ in
            pump.cancel()
        }
        return events
    }
}
