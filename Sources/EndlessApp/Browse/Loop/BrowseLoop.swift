import EndlessTerminal
import Observation
import RandomUserAPI

/// The browser's event loop: terminal input becomes intents for the view model; any change
/// to what the screen reads, a spinner's next frame, or a resize becomes a new frame, drawn
/// as a diff.
///
/// Redraws are driven by Observation: each frame is drawn inside `withObservationTracking`,
/// so a page arriving, an avatar decoding or a request finishing schedules exactly one more
/// frame, and an idle browser draws nothing at all.
@MainActor
final class BrowseLoop {
    enum Event: Sendable {
        case terminal(TerminalEvent)
        /// Something the last frame read has changed.
        case changed
        /// A spinner or countdown moves on.
        case tick
    }

    /// How the loop ended.
    enum Ending: Equatable {
        case quit
        case signal(TerminationSignal)
    }

    let session: TerminalSession
    let model: PeopleViewModel<RandomUserPageSource>
    let screen: PeopleScreen
    private var list = ListState()
    private let started = ContinuousClock.now
    private let events: AsyncStream<Event>
    private let sink: AsyncStream<Event>.Continuation
    private var tickPending = false

    /// How often a spinner moves on.
    static let tickInterval: Duration = .milliseconds(80)

    init(session: TerminalSession, model: PeopleViewModel<RandomUserPageSource>, screen: PeopleScreen) {
        self.session = session
        self.model = model
        self.screen = screen
        (events, sink) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
    }

    /// Runs until the person quits or a termination signal arrives.
    /// - Parameter inFlightUpdates: the HTTP client's count of requests running, for the status bar.
    /// - Returns: how it ended.
    /// - Throws: ``TerminalError`` when the terminal cannot be written.
    func run(inFlightUpdates: AsyncStream<Int>) async throws -> Ending {
        let sink = self.sink
        let input = Task { [session] in
            for await event in session.events { sink.yield(.terminal(event)) }
            sink.yield(.terminal(.terminate(.hangup)))  // the terminal went away
        }
        let inFlight = Task { [model] in
            for await count in inFlightUpdates { model.requestsInFlight = count }
        }
        defer {
            input.cancel()
            inFlight.cancel()
            sink.finish()
        }
        model.start()
        try render()
        for await event in events {
            switch event {
            case .terminal(let terminalEvent):
                if let ending = handle(terminalEvent) { return ending }
            case .tick:
                tickPending = false
            case .changed:
                break
            }
            try render()
        }
        return .quit
    }

    /// Draws a frame and reports the visible rows; re-arms observation for the next change.
    private func render() throws {
        var frame = session.makeFrame()
        let sink = self.sink
        let elapsed = ContinuousClock.now - started
        let visible = withObservationTracking {
            screen.draw(model, into: &frame, list: &list, elapsed: elapsed)
        } onChange: {
            sink.yield(.changed)
        }
        try session.render(frame)
        model.visibleRangeChanged(visible)
        if model.isAnimating, !tickPending {
            tickPending = true
            Task {
                try? await Task.sleep(for: Self.tickInterval)
                sink.yield(.tick)
            }
        }
    }

    /// Acts on one terminal event; returns how the loop ends, or nil to go on.
    private func handle(_ event: TerminalEvent) -> Ending? {
        switch event {
        case .key(let key):
            guard let intent = KeyBindings.intent(for: key) else { return nil }
            if intent == .quit { return .quit }
            model.perform(intent, visibleRows: visibleRows)
        case .mouse(let mouse):
            handle(mouse)
        case .terminate(let signal):
            return .signal(signal)
        case .paste, .focus, .resize, .resume:
            break  // a resize or resume just needs the frame drawn again
        }
        return nil
    }

    private func handle(_ mouse: MouseEvent) {
        switch mouse.kind {
        case .scrollUp: model.wheel(up: true)
        case .scrollDown: model.wheel(up: false)
        case .press(.left):
            if model.details != nil || model.isHelpVisible {
                model.perform(.close, visibleRows: visibleRows)
                return
            }
            let area = PeopleScreen.listArea(in: Rect(size: session.size))
            let view = ListView(itemCount: model.rowCount + 1, rowHeight: PeopleScreen.rowHeight)
            guard let index = view.item(at: mouse.position, in: area, state: list) else { return }
            if index < model.rowCount {
                model.click(at: index)
            } else if case .failed = model.footer {
                model.perform(.retry, visibleRows: visibleRows)  // a click on "press R to retry"
            }
        default:
            break
        }
    }

    /// People that fit on screen, for page moves.
    private var visibleRows: Int {
        max(1, PeopleScreen.listArea(in: Rect(size: session.size)).height / PeopleScreen.rowHeight)
    }
}
