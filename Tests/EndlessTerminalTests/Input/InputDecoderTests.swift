import EndlessTesting
import Glibc
import Synchronization
import Testing

@testable import EndlessTerminal

/// What a sink received, as the test reads it.
private final class Received: Sendable {
    private let state = Mutex<(events: [TerminalEvent], finished: Int)>(([], 0))
    /// Every event so far, for waiting on one from another thread.
    let stream: AsyncStream<TerminalEvent>
    private let continuation: AsyncStream<TerminalEvent>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream()
    }

    var sink: TerminalEventSink {
        TerminalEventSink(
            receive: { [self] event in
                state.withLock { $0.events.append(event) }
                continuation.yield(event)
            },
            finish: { [self] in
                state.withLock { $0.finished += 1 }
                continuation.finish()
            })
    }

    var events: [TerminalEvent] { state.withLock { $0.events } }
    var finished: Int { state.withLock { $0.finished } }
}

@Suite("Input decoder: bytes to events where they are read, and the ESC timeout")
struct InputDecoderTests {
    private static let timeout = Duration.milliseconds(25)

    @Test("bytes fed become events at the sink before feed returns, with no task in between")
    func synchronous() {
        let decoder = InputDecoder(clock: ManualClock(), escapeTimeout: Self.timeout)
        let received = Received()
        _ = decoder.connect(received.sink)
        decoder.feed(Array("j\u{1B}[Bk".utf8))
        #expect(received.events == [.key(KeyEvent(.character("j"))), .key(KeyEvent(.down)), .key(KeyEvent(.character("k")))])
        decoder.post(.resize(Size(width: 100, height: 30)))
        #expect(received.events.last == .resize(Size(width: 100, height: 30)))
        #expect(!decoder.isTimerRunning, "no ESC is pending: no timer task")
    }

    @Test("a lone ESC becomes the Escape key once the timeout passes on the clock")
    func loneEscape() async {
        let clock = ManualClock()
        let decoder = InputDecoder(clock: clock, escapeTimeout: Self.timeout)
        let received = Received()
        _ = decoder.connect(received.sink)
        var events = received.stream.makeAsyncIterator()
        decoder.feed([0x1B])
        #expect(received.events.isEmpty)
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(24))
        #expect(received.events.isEmpty, "not before the timeout")
        clock.advance(by: .milliseconds(1))
        #expect(await events.next() == .key(KeyEvent(.escape)))
        #expect(!decoder.isTimerRunning)
    }

    @Test("ESC followed by the rest of a sequence before the timeout is that key; an outdated expiry does nothing")
    func sequenceInTime() async {
        let clock = ManualClock()
        let decoder = InputDecoder(clock: clock, escapeTimeout: Self.timeout)
        let received = Received()
        _ = decoder.connect(received.sink)
        decoder.feed([0x1B])
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(24))
        decoder.feed(Array("[".utf8))
        #expect(decoder.isTimerRunning, "ESC [ still waits for the rest")
        decoder.escapeTimedOut(generation: 1)  // the first chunk's timer, had it fired late
        #expect(received.events.isEmpty, "the ESC of the first chunk was not resolved by its outdated timer")
        decoder.feed(Array("B".utf8))
        #expect(received.events == [.key(KeyEvent(.down))])
        #expect(!decoder.isTimerRunning)
        clock.advance(by: .milliseconds(30))  // the old timers, were they alive, would fire now
        decoder.feed(Array("x".utf8))
        #expect(received.events == [.key(KeyEvent(.down)), .key(KeyEvent(.character("x")))])
    }

    @Test("events wait for a sink, in order; finishing flushes a pending ESC and finishes the sink once")
    func waitingAndFinish() {
        let decoder = InputDecoder(clock: ManualClock(), escapeTimeout: Self.timeout)
        decoder.feed(Array("a".utf8))
        decoder.post(.resize(Size(width: 100, height: 30)))
        decoder.feed([0x1B])
        decoder.finish()
        decoder.feed(Array("late".utf8))
        let received = Received()
        _ = decoder.connect(received.sink)
        #expect(received.events == [.key(KeyEvent(.character("a"))), .resize(Size(width: 100, height: 30)), .key(KeyEvent(.escape))])
        #expect(received.finished == 1)
        decoder.finish()
        #expect(received.finished == 1)
    }

    @Test("events waiting for a sink are bounded: the most recent are kept")
    func waitingBounded() {
        let decoder = InputDecoder(clock: ManualClock(), escapeTimeout: Self.timeout)
        decoder.feed(Array(repeating: UInt8(ascii: "j"), count: InputDecoder.maxWaiting + 10) + Array("q".utf8))
        let received = Received()
        _ = decoder.connect(received.sink)
        #expect(received.events.count == InputDecoder.maxWaiting)
        #expect(received.events.last == .key(KeyEvent(.character("q"))))
    }

    @Test("a cancelled connection makes events wait for the next sink")
    func cancelledConnection() {
        let decoder = InputDecoder(clock: ManualClock(), escapeTimeout: Self.timeout)
        let first = Received()
        let connection = decoder.connect(first.sink)
        decoder.feed(Array("a".utf8))
        connection.cancel()
        decoder.feed(Array("b".utf8))
        let second = Received()
        _ = decoder.connect(second.sink)
        #expect(first.events == [.key(KeyEvent(.character("a")))])
        #expect(second.events == [.key(KeyEvent(.character("b")))])
    }

    @Test("the intercept swallows what it handles (Ctrl-Z in a session); what it posts comes after, without a deadlock")
    func intercept() {
        let decoder = Mutex<InputDecoder?>(nil)
        let made = InputDecoder(clock: ManualClock(), escapeTimeout: Self.timeout) { event in
            guard event == .key(.control("z")) else { return false }
            decoder.withLock { $0 }?.post(.resume)  // as a suspended session does when continued
            return true
        }
        decoder.withLock { $0 = made }
        let received = Received()
        _ = made.connect(received.sink)
        made.feed([0x1A, 0x71])
        #expect(received.events == [.key(KeyEvent(.character("q"))), .resume])
    }
}

@Suite("Input reader: the thread that reads the terminal")
struct InputReaderTests {
    @Test("bytes read are parsed on the reader thread and reach the sink; the end of input is a hangup")
    func endOfInput() async throws {
        let input = try InputReader.makePipe()
        let signals = try InputReader.makePipe()
        defer {
            for end in [input.read, signals.read, signals.write] { close(end) }
        }
        let decoder = InputDecoder(clock: ManualClock(), escapeTimeout: .milliseconds(25))
        let received = Received()
        _ = decoder.connect(received.sink)
        let reader = try InputReader(input: input.read, signals: signals.read, decoder: decoder) { _ in }
        try reader.start()
        defer { reader.stop() }
        var events = received.stream.makeAsyncIterator()
        let bytes = Array("j".utf8)
        #expect(write(input.write, bytes, bytes.count) == 1)
        #expect(await events.next() == .key(KeyEvent(.character("j"))))
        close(input.write)
        #expect(await events.next() == .terminate(.hangup))
    }
}
