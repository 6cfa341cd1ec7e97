import EndlessTerminal
import EndlessTerminalTesting
import EndlessTesting
import Synchronization
import Testing

@testable import EndlessApp

/// How terminal events reach the browse loop: posted into its inbox by whoever produces them
/// (a session's reader thread), with no task in between.
@Suite("Browse loop input", .timeLimit(TimeBudget.minutes(2)))
@MainActor
struct BrowseLoopInputTests {
    typealias F = BrowseFixtures

    static func loop(clock: ManualClock) -> BrowseLoop {
        let model = F.model(F.source(clock: clock), clock: clock)
        return BrowseLoop(terminal: RecordingTerminal(), browser: F.browser(model), clock: clock, frameInterval: .zero)
    }

    /// The terminal event the inbox holds next, if any.
    static func nextTerminalEvent(_ loop: BrowseLoop) -> TerminalEvent? {
        while let event = loop.inbox.poll() {
            if case .terminal(let terminalEvent) = event { return terminalEvent }
        }
        return nil
    }

    @Test("an event sent is in the inbox when the send returns; the source's end is a hangup; cancelled, nothing more comes")
    func postedStraightIntoTheInbox() {
        let loop = Self.loop(clock: ManualClock())
        let input = InMemoryInput()
        input.send(.key(KeyEvent(.character("k"))))  // before the loop connects: it waits
        let connection = loop.connect(input)
        #expect(Self.nextTerminalEvent(loop) == .key(KeyEvent(.character("k"))))
        input.send(.key(KeyEvent(.character("j"))))
        #expect(Self.nextTerminalEvent(loop) == .key(KeyEvent(.character("j"))), "posted on the sender's thread, at once")
        connection.cancel()
        #expect(!input.isConnected)
        input.send(.key(KeyEvent(.character("q"))))
        #expect(Self.nextTerminalEvent(loop) == nil)
        _ = loop.connect(input)
        input.finish()
        #expect(Self.nextTerminalEvent(loop) == .key(KeyEvent(.character("q"))))
        #expect(Self.nextTerminalEvent(loop) == .terminate(.hangup))
    }

    @Test("the loop runs on an in-memory input: q quits; an input that ends is a hangup")
    func runEnds() async throws {
        let clock = ManualClock()
        let quitting = InMemoryInput()
        quitting.send(.key(KeyEvent(.character("q"))))
        #expect(try await Self.loop(clock: clock).run(events: quitting) == .quit)

        let ending = InMemoryInput()
        ending.finish()
        #expect(try await Self.loop(clock: clock).run(events: ending) == .signal(.hangup))
    }

    @Test("the in-flight count is left in the figure's gate by the counting thread, which posts only what the figure needs; stopped at the end")
    func inFlightCount() async throws {
        let clock = ManualClock()
        let observer = Mutex<(registered: Int, stopped: Int)>((0, 0))
        let input = InMemoryInput()
        input.send(.key(KeyEvent(.character("q"))))
        let loop = Self.loop(clock: clock)
        let ending = try await loop.run(events: input) { change in
            observer.withLock { $0.registered += 1 }
            change(0)  // as a connection does at once
            return { observer.withLock { $0.stopped += 1 } }
        }
        #expect(ending == .quit)
        #expect(observer.withLock { $0 } == (1, 1))

        // Fifty quick requests, each moving the count up and down, post one event: the first
        // stretch's start. Posting every move woke the loop twice a request (issue 29).
        let quickInput = InMemoryInput()
        let quick = Self.loop(clock: clock)
        _ = try await quick.run(events: quickInput) { change in
            for _ in 0..<50 {
                change(1)
                change(0)
            }
            quickInput.send(.key(KeyEvent(.character("q"))))  // after the moves: they are handled first
            return {}
        }
        #expect(quick.eventsHandled == loop.eventsHandled + 1, "\(quick.eventsHandled) events against \(loop.eventsHandled)")

        let second = Self.loop(clock: clock)
        _ = try second.process(.frameDue)  // the first frame, and what it times (its spinner's tick)
        let pending = second.timer.pendingCount
        #expect(second.inFlightFigure.gate.hear(3), "a stretch's start is posted")
        _ = try second.process(.inFlightMoved)
        #expect(second.timer.pendingCount == pending + 1, "a count going up waits for the in-flight figure's delay")
        #expect(second.browser.requestsInFlight == 0)
    }
}
