/// What feeds the event stream: raw bytes from the terminal, or events the session made
/// itself (a resize, a signal).
enum RawInput: Sendable {
    case bytes([UInt8])
    case event(TerminalEvent)
}

/// Runs an ``InputParser`` over a stream of raw input and resolves a lone ESC after a timeout
/// measured on an injected clock, so tests step through it with a manual clock.
///
/// One task consumes a merged stream of ticks: input chunks (forwarded from the source) and
/// timer expiries. Each chunk cancels the pending timer; a chunk that leaves an ESC pending
/// starts a new one, tagged with a generation so that a stale expiry does nothing.
enum InputEventStream {
    /// The default wait before a lone ESC counts as the Escape key.
    static let defaultEscapeTimeout = Duration.milliseconds(25)

    private enum Tick: Sendable {
        case input(RawInput)
        case timeout(UInt64)
        case finished
    }

    /// Events parsed from `source`.
    ///
    /// - Parameters:
    ///   - source: raw input; when it finishes, a pending ESC is flushed and the stream ends.
    ///   - clock: measures the ESC timeout.
    ///   - escapeTimeout: how long a lone ESC waits for the rest of a sequence.
    ///   - intercept: sees each event first; returning true swallows it (the session uses
    ///     this to handle Ctrl-Z itself).
    /// - Returns: the event stream; cancelling its consumer stops the parsing task.
    static func make<C: Clock>(
        from source: AsyncStream<RawInput>, clock: C, escapeTimeout: C.Duration,
        intercept: @escaping @Sendable (TerminalEvent) -> Bool = { _ in false }
    ) -> AsyncStream<TerminalEvent> {
        let (ticks, tickSink) = AsyncStream<Tick>.makeStream()
        let (events, eventSink) = AsyncStream<TerminalEvent>.makeStream()
        let forward = Task {
            for await input in source { tickSink.yield(.input(input)) }
            tickSink.yield(.finished)
        }
        let pump = Task {
            var parser = InputParser()
            var generation: UInt64 = 0
            var timer: Task<Void, Never>?
            func emit(_ list: [TerminalEvent]) {
                for event in list where !intercept(event) { eventSink.yield(event) }
            }
            for await tick in ticks {
                switch tick {
                case .input(.bytes(let bytes)):
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
                                tickSink.yield(.timeout(expected))
                            } catch {
                                // Cancelled: more input arrived in time.
                            }
                        }
                    }
                case .input(.event(let event)):
                    emit([event])
                case .timeout(let expected):
                    if expected == generation { emit(parser.flushPendingEscape()) }
                case .finished:
                    timer?.cancel()
                    emit(parser.flushPendingEscape())
                    eventSink.finish()
                    return
                }
            }
            timer?.cancel()
            eventSink.finish()
        }
        eventSink.onTermination = { _ in
            forward.cancel()
            pump.cancel()
            tickSink.finish()
        }
        return events
    }
}
