import EndlessTesting
import Testing

@testable import EndlessTerminal

@Suite("Input event stream and the ESC timeout")
struct InputEventStreamTests {
    private func makeStream(clock: ManualClock, intercept: @escaping @Sendable (TerminalEvent) -> Bool = { _ in false })
        -> (AsyncStream<RawInput>.Continuation, AsyncStream<TerminalEvent>.AsyncIterator)
    {
        let (source, sink) = AsyncStream<RawInput>.makeStream()
        let events = InputEventStream.make(from: source, sink: sink, clock: clock, escapeTimeout: .milliseconds(25), intercept: intercept)
        return (sink, events.makeAsyncIterator())
    }

    @Test("a lone ESC becomes the Escape key once the timeout passes")
    func loneEscape() async {
        let clock = ManualClock()
        let (sink, iterator) = makeStream(clock: clock)
        var events = iterator
        sink.yield(.bytes([0x1B]))
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(25))
        #expect(await events.next() == .key(KeyEvent(.escape)))
        sink.finish()
    }

    @Test("ESC followed by the rest of a sequence before the timeout is that key, not Escape")
    func sequenceInTime() async {
        let clock = ManualClock()
        let (sink, iterator) = makeStream(clock: clock)
        var events = iterator
        sink.yield(.bytes([0x1B]))
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(24))
        sink.yield(.bytes(Array("[B".utf8)))
        #expect(await events.next() == .key(KeyEvent(.down)))
        clock.advance(by: .milliseconds(10))  // the old timer, were it alive, would fire now
        sink.yield(.bytes(Array("x".utf8)))
        #expect(await events.next() == .key(KeyEvent(.character("x"))))
        sink.finish()
        #expect(await events.next() == nil)
    }

    @Test("session events pass through in order with input; the end flushes a pending ESC")
    func mixedAndFinish() async {
        let clock = ManualClock()
        let (sink, iterator) = makeStream(clock: clock)
        var events = iterator
        sink.yield(.bytes(Array("a".utf8)))
        sink.yield(.event(.resize(Size(width: 100, height: 30))))
        sink.yield(.bytes([0x1B]))
        sink.finish()
        #expect(await events.next() == .key(KeyEvent(.character("a"))))
        #expect(await events.next() == .resize(Size(width: 100, height: 30)))
        #expect(await events.next() == .key(KeyEvent(.escape)))
        #expect(await events.next() == nil)
    }

    @Test("the intercept swallows what it handles (Ctrl-Z in a session)")
    func intercept() async {
        let clock = ManualClock()
        let (sink, iterator) = makeStream(clock: clock) { $0 == .key(.control("z")) }
        var events = iterator
        sink.yield(.bytes([0x1A, 0x71]))
        #expect(await events.next() == .key(KeyEvent(.character("q"))))
        sink.finish()
    }
}
