import Endless
import EndlessShared
import EndlessTerminal
import Observation
import Synchronization

/// The browser's event loop: terminal input becomes intents for the browser's model; any change
/// to what the screen reads, a spinner's next frame, or a resize becomes a new frame, drawn as a
/// diff.
///
/// Redraws are driven by the one revision every property a frame reads bumps (see
/// `FrameObservation`): the loop observes it for its whole life, and a change asks for a
/// frame once until that frame is drawn (see ``ChangeSeen``). A page arriving, a picture
/// decoding or a request finishing asks for one frame, and an idle browser draws nothing. A
/// burst of changes costs one frame: the loop takes everything waiting in its inbox before it
/// draws, and frames are paced at one per ``frameInterval`` with a burst of two
/// (after a pause, two frames may follow at once: the launch frame and the cached rows that
/// come a few milliseconds later both show without waiting), so the cost of a key stays the
/// same however long the session has run. While keys come, a frame asked for by anything else
/// (a page landing ahead of the screen, a spinner's tick) waits up to ``inputCoalescing`` after
/// the last key for the next one, whose frame shows it: a held key costs one frame a key, not
/// one more for every change between two keys (issue 29).
@MainActor
final class BrowseLoop {
    enum Event: Sendable {
        case terminal(TerminalEvent)
        /// Something a frame reads has changed while the frame of this generation was the
        /// last drawn (or, before the first frame, the opening ended).
        case changed(UInt64)
        /// A spinner or countdown moves on.
        case tick
        /// A frame held back by ``BrowseLoop/frameInterval`` is due.
        case frameDue
        /// The first frame has waited ``BrowseLoop/firstPageGrace`` for the first page.
        case openingGraceOver
        /// The HTTP clients' count of requests running moved in a way the status bar's figure
        /// needs to hear (see ``InFlightGate``).
        case inFlightMoved
        /// Something the status bar shows changed (it is observed apart from the frame: see
        /// ``BandWatch``).
        case chromeChanged
        /// The status bar copied by the last frames has aged: composed again, it shows what
        /// nobody observes (a cache's age) as it is now.
        case statusAged
    }

    /// Hands the loop's callback to whatever counts requests in flight (the connection's
    /// HTTP clients): it is called with the count at once and at every change, and the
    /// function returned stops it.
    typealias InFlightObserver = (@escaping @Sendable (Int) -> Void) -> @Sendable () -> Void

    /// How the loop ended.
    typealias Ending = BrowseEnding

    /// The shortest time between two frames: 60 a second.
    static let defaultFrameInterval: Duration = .milliseconds(16)
    /// How long after a terminal event a frame that only a change asked for waits for the next
    /// one: longer than the gap between two keys of a held key (30 a second), short enough that
    /// what a key set off (a page landing) shows without a person noticing the wait.
    static let inputCoalescing: Duration = .milliseconds(50)
    /// How often a spinner moves on.
    static let tickInterval: Duration = .milliseconds(80)
    /// How long the first frame waits for the first page of the tab shown. Rows from the page
    /// cache come within a few milliseconds and are then the first frame: no "loading" frame
    /// is drawn to be replaced at once (its drawing delayed the rows by half a millisecond).
    /// A slower page shows the loading frame when this has passed, long before a person
    /// would wonder whether anything is happening.
    static let openingGrace: Duration = .milliseconds(50)
    /// The same wait while the launch screen shows the rows the list reopens on (see
    /// ``LaunchScreen``): a loading frame would replace them with a spinner, then with the
    /// same rows. A page held up that long (a cache file another process is writing) shows
    /// the loading frame then; a key draws at once.
    static let openingGraceOverLaunchScreen: Duration = .milliseconds(500)

    /// How long this loop's first frame waits for the first page.
    let firstPageGrace: Duration

    let terminal: any BrowserTerminal
    let browser: BrowserModel
    /// Frames drawn so far (for tests and the bench).
    private(set) var renders = 0
    /// Events handled so far, changes from outdated frames included: with one live observer,
    /// a key costs the same few whatever happened before (for tests and the bench).
    private(set) var eventsHandled = 0
    /// Where everything was on the last frame, for the mouse.
    private(set) var layout = BrowserLayout()

    let inbox: LoopInbox<Event>
    private let ticket = FrameTicket()
    /// Whether a change since the last frame was posted, or a frame is being drawn.
    private let changeSeen = ChangeSeen()
    /// The loop's observation of every change to what frames read.
    private let everyChange: FrameObservation.EveryChange
    private let clock: any Clock<Duration>
    /// The header and status bar as last drawn (see ``ChromeMemo``).
    let chrome: ChromeMemo
    /// The key bindings every key is looked up in (see ``KeyBindingsMemo``).
    let keyBindings = KeyBindingsMemo()
    /// Times every delayed event with one sleeping task (see ``LoopTimer``).
    let timer: LoopTimer
    private let frameInterval: Duration
    private let started: ContinuousClock.Instant
    private var needsFrame = true
    private var lastFrame: Duration?
    /// The frame drawn before ``lastFrame``: two frames may come at once, not three.
    private var frameBeforeLast: Duration?
    /// The timer's ``Event/frameDue`` on its way, cancelled when a frame is drawn before it
    /// (a key's: the frame it held back is drawn, and its wake would find nothing to do).
    private var frameDue: UInt64?
    /// When the last terminal event was handled (see ``inputCoalescing``).
    private var lastInput: Duration?
    /// Whether a terminal event asked for the next frame (it is not held for the next key).
    private var inputAskedForFrame = false
    /// Whether a ``Event/tick`` is on its way (read by tests).
    private(set) var tickPending = false
    /// Whether the last frame showed something that moves with time alone (a spinner; see
    /// `ScreenBuffer.showsAnimation`): ticks draw again while it does, or while the browser
    /// animates wherever its list is. A page loading ahead of the screen, its spinner out of
    /// sight, costs no tick (a wake of the loop 12 times a second while it loads: issue 29).
    private var lastFrameAnimated = false
    /// Whether a tick draws again (see ``lastFrameAnimated``).
    private var animates: Bool { lastFrameAnimated || browser.isAnimating }
    /// The timer's ``Event/statusAged`` on its way: while frames come (each composes the bar
    /// again once it aged) it moves on to ``statusAgedAt`` each time it fires, and it follows
    /// the last of them.
    private var statusAge: UInt64?
    /// When the status bar the last frame copied has aged (``BandWatch/maximumAge`` after
    /// that frame, on ``elapsed``).
    private var statusAgedAt: Duration = .zero
    private let elapsed: @Sendable () -> Duration
    /// The status bar's count of requests in flight, shown once they have run a while.
    let inFlightFigure: InFlightFigure

    /// Creates the loop.
    /// - Parameters:
    ///   - terminal: where frames go.
    ///   - browser: the state drawn and the intents carried out.
    ///   - clock: times frames and spinners; tests pass a manual clock.
    ///   - frameInterval: the shortest time between frames; zero draws after every batch.
    init(
        terminal: any BrowserTerminal, browser: BrowserModel, clock: any Clock<Duration> = ContinuousClock(),
        frameInterval: Duration = defaultFrameInterval, firstPageGrace: Duration = openingGrace
    ) {
        self.firstPageGrace = firstPageGrace
        self.terminal = terminal
        self.browser = browser
        self.clock = clock
        self.frameInterval = frameInterval
        started = .now
        let elapsed = Stopwatch(clock).elapsed
        self.elapsed = elapsed
        timer = LoopTimer(clock: clock)
        let inbox = LoopInbox<Event>()
        self.inbox = inbox
        chrome = ChromeMemo(statusChanged: { inbox.post(.chromeChanged) }, clock: elapsed)
        inFlightFigure = InFlightFigure(timer: timer) { [browser] count in
            if browser.requestsInFlight != count { browser.requestsInFlight = count }
        }
        // The first change after a frame posts one event, of the generation drawn last: a
        // change already drawn by a later frame is then outdated (see `handle`).
        everyChange = FrameObservation.observeEveryChange { [changeSeen, ticket, inbox] in
            if changeSeen.set() { inbox.post(.changed(ticket.generation)) }
        }
    }

    /// Runs until the person quits or a termination signal arrives.
    /// - Parameters:
    ///   - events: the terminal's events.
    ///   - inFlightCount: the HTTP clients' count of requests running, for the status bar: left
    ///     in the figure's ``InFlightGate`` by the thread that counted, which posts into the inbox
    ///     only what the figure needs (a task reading a stream of counts cost every request two
    ///     thread hand-offs more as it started and again as it ended, and a post for every move
    ///     woke the loop twice a request: issue 29).
    /// - Returns: how it ended.
    /// - Throws: when the terminal cannot be written.
    func run(events: any TerminalEventSource, inFlightCount: InFlightObserver = { _ in {} }) async throws -> Ending {
        let input = connect(events)
        let inbox = self.inbox
        let gate = inFlightFigure.gate
        let stopInFlight = inFlightCount { if gate.hear($0) { inbox.post(.inFlightMoved) } }
        defer {
            input.cancel()
            stopInFlight()
            timer.cancelAll()
            inbox.finish()
        }
        try start()
        return try await withCheckedThrowingContinuation { (ended: CheckedContinuation<Ending, any Error>) in
            self.ended = ended
            inbox.wake(by: takingWaitingEvents)
        }
    }

    /// Where ``run(events:inFlightCount:)`` waits for the loop to end.
    private var ended: CheckedContinuation<Ending, any Error>?

    /// Woken by the inbox: handles what is waiting and draws (see ``process(_:)``), then lets
    /// the inbox wake it again, or, if more came meanwhile, takes that in a task of its own so
    /// the main actor's other work (a page arriving) runs in between.
    private func takeWaitingEvents() {
        guard let ended else { return }
        do {
            if let event = inbox.poll(), let ending = try process(event) {
                return end(ended, with: .success(ending))
            }
            if inbox.isFinished { return end(ended, with: .success(.quit)) }
        } catch {
            return end(ended, with: .failure(error))
        }
        if !inbox.loopIsIdle() { takingWaitingEvents() }
    }

    /// Has ``takeWaitingEvents()`` run on the main actor soon, from any thread: the poster's
    /// thread wakes the main thread, and no thread in between (see ``LoopInbox``). Where the
    /// main actor runs on a ``MainRunLoop`` (`endless`), the call is queued on the loop itself:
    /// a task made, enqueued and run for each wake was 2.6 % of a held `j` with pictures, where
    /// each picture's arrival wakes the loop too (issue 29).
    private var takingWaitingEvents: @Sendable () -> Void {
        if let runLoop = MainRunLoop.main {
            return { [weak self] in runLoop.perform { MainActor.assumeIsolated { self?.takeWaitingEvents() } } }
        }
        return { Task { @MainActor [weak self] in self?.takeWaitingEvents() } }
    }

    private func end(_ ended: CheckedContinuation<Ending, any Error>, with result: Result<Ending, any Error>) {
        self.ended = nil
        ended.resume(with: result)
    }

    /// Has `events` posted into the inbox by whoever produces them: a session's reader thread
    /// posts a key and wakes the loop, with no task in between (issue 29: a task forwarding a
    /// stream of events cost every key a thread hand-off more). The source's end is a hangup.
    /// - Parameter events: the terminal's events.
    /// - Returns: the connection, to cancel when the loop ends.
    func connect(_ events: any TerminalEventSource) -> TerminalEventConnection {
        let inbox = self.inbox
        return events.connect(
            TerminalEventSink(
                receive: { inbox.post(.terminal($0)) },
                finish: { inbox.post(.terminal(.terminate(.hangup))) }  // the terminal went away
            ))
    }

    /// Starts the tab shown and draws the first frame, or waits up to ``firstPageGrace`` for
    /// its first page to draw that instead.
    /// - Throws: when the terminal cannot be written.
    func start() throws {
        browser.start()
        guard browser.active.isOpening else { return try render(at: elapsed()) }
        // The first page ending its opening (rows, or an error) is a change like any other; a
        // key or a resize meanwhile draws at once, as any event asking for a frame does.
        let generation = ticket.renew()
        let inbox = self.inbox
        let ticket = self.ticket
        let tab = browser.active
        withObservationTracking {
            _ = ticket.number  // the first frame retires this observation
            _ = tab.isOpening
        } onChange: {
            if ticket.isCurrent(generation) { inbox.post(.changed(generation)) }
        }
        post(.openingGraceOver, after: firstPageGrace)
    }

    /// Handles `event` and everything else already waiting, then draws if anything asked for a
    /// frame (or schedules the frame, when the last one was too recent).
    /// - Returns: how the loop ends, or nil to go on.
    func process(_ event: Event) throws -> Ending? {
        var next: Event? = event
        var hadInput = false
        while let event = next {
            if case .terminal = event { hadInput = true }
            if let ending = handle(event) { return ending }
            next = inbox.poll()
        }
        let now = elapsed()
        if hadInput { lastInput = now }
        guard needsFrame else { return nil }
        if hadInput { inputAskedForFrame = true }
        if let wait = waitBeforeNextFrame(at: now, afterInput: inputAskedForFrame) {
            scheduleFrame(after: wait)
        } else {
            try render(at: now)
        }
        return nil
    }

    private func handle(_ event: Event) -> Ending? {
        eventsHandled += 1
        switch event {
        case .terminal(let terminalEvent):
            return handle(terminalEvent)
        case .changed(let generation):
            if ticket.isCurrent(generation) { needsFrame = true }
        case .tick:
            tickPending = false
            if animates { needsFrame = true }
        case .frameDue:
            frameDue = nil
        case .openingGraceOver:
            if renders == 0 { needsFrame = true }
        case .inFlightMoved:
            inFlightFigure.countMoved()
        case .chromeChanged:
            needsFrame = true
        case .statusAged:
            statusAge = nil
            switch Self.statusAgeAction(agedAt: statusAgedAt, now: elapsed(), copied: chrome.statusWatch.copiedSinceComposed) {
            case .wait(let rest): statusAge = post(.statusAged, after: rest)
            case .frame: needsFrame = true
            case .nothing: break
            }
        }
        return nil
    }

    /// What the status bar's age timer does when it fires at `now`.
    enum StatusAgeAction: Equatable {
        /// A later frame copied the bar: it ages this much later, and the timer waits for it.
        case wait(Duration)
        /// The bar copied has aged: a frame composes it again.
        case frame
        /// A frame since composed the bar: nothing is left to compose.
        case nothing
    }

    /// What the status bar's age timer does when it fires at `now`, the bar the last frame
    /// copied aging at `agedAt` (whether a frame copied it since it was composed: `copied`).
    static func statusAgeAction(agedAt: Duration, now: Duration, copied: Bool) -> StatusAgeAction {
        guard copied else { return .nothing }
        return agedAt > now ? .wait(agedAt - now) : .frame
    }

    /// How long a frame asked for `now` must wait, or nil to draw it at once: its pacing (see
    /// below) and, unless a terminal event asked for it, the rest of ``inputCoalescing`` after
    /// the last one.
    private func waitBeforeNextFrame(at now: Duration, afterInput: Bool) -> Duration? {
        let pacing = waitBeforeNextFrame(at: now)
        // Paced loops only: a test that draws after every batch (no interval) sees every change.
        guard !afterInput, frameInterval > .zero, let lastInput, now - lastInput < Self.inputCoalescing else { return pacing }
        return max(pacing ?? .zero, lastInput + Self.inputCoalescing - now)
    }

    /// The pacing: a frame may follow the last one after ``frameInterval``, or at once if the
    /// one before that is two intervals old (a token bucket of two frames, refilled at one per
    /// interval).
    private func waitBeforeNextFrame(at now: Duration) -> Duration? {
        guard frameInterval > .zero, let lastFrame, now - lastFrame < frameInterval else { return nil }
        guard let frameBeforeLast, now - frameBeforeLast < frameInterval * 2 else { return nil }
        return min(frameInterval - (now - lastFrame), frameInterval * 2 - (now - frameBeforeLast))
    }

    /// Draws a frame, reports the rows shown, and observes what it read for the next change.
    private func render(at now: Duration) throws {
        needsFrame = false
        inputAskedForFrame = false
        if let frameDue {
            timer.cancel(frameDue)
            self.frameDue = nil
        }
        frameBeforeLast = lastFrame
        lastFrame = now
        renders += 1
        var frame = terminal.makeFrame()
        // A new generation: changes posted before this frame are drawn by it (and the opening's
        // observation, if it is still waiting, is retired).
        _ = ticket.renew()
        let spinnerTime = ContinuousClock.now - started
        // A change made while the frame is drawn is in it, or was made by drawing it: neither
        // asks for another frame, as under an observation installed after the frame read.
        changeSeen.drawing()
        let drawn = Self.draw(browser, into: &frame, elapsed: spinnerTime, chrome: chrome)
        changeSeen.clear()
        layout = drawn
        lastFrameAnimated = frame.showsAnimation
        try terminal.render(frame)
        browser.active.rowsShown(drawn.rows)
        inFlightFigure.frameDrawn()
        if animates, !tickPending {
            tickPending = true
            post(.tick, after: Self.tickInterval)
        }
        if chrome.statusWatch.copiedSinceComposed {
            // The bar copied may show a note nobody observes as it was: once it has aged, a
            // frame composes it again (only after frames that copied it: idle stays idle).
            // The timer set by an earlier frame stays, and sets itself again for the rest
            // when it fires (see `Event.statusAged`): a cancel and a new timer each frame of a
            // held key cost more than a wake every `maximumAge`.
            statusAgedAt = now + BandWatch.maximumAge
            if statusAge == nil { statusAge = post(.statusAged, after: BandWatch.maximumAge) }
        } else if let statusAge {
            timer.cancel(statusAge)
            self.statusAge = nil
        }
    }

    /// Draws a frame as ``render(at:)`` does, the feeds and view models it reads observed
    /// through their one shared revision (see `FrameObservation`), which the loop observes for
    /// its life: a frame is drawn whole whatever changed, and installs no observer (issue 29).
    /// What is observed apart (the status bar's watch) reads in its own, fine, scope.
    static func draw(_ browser: BrowserModel, into frame: inout ScreenBuffer, elapsed: Duration, chrome: ChromeMemo?) -> BrowserLayout {
        FrameObservation.coarse { BrowserScreen.draw(browser, into: &frame, elapsed: elapsed, chrome: chrome) }
    }

    private func scheduleFrame(after delay: Duration) {
        guard frameDue == nil else { return }
        frameDue = post(.frameDue, after: delay)
    }

    @discardableResult
    private func post(_ event: Event, after delay: Duration) -> UInt64 {
        let inbox = self.inbox
        return timer.schedule(after: delay) { inbox.post(event) }
    }

    // MARK: - Input

    /// Acts on one terminal event; returns how the loop ends, or nil to go on.
    private func handle(_ event: TerminalEvent) -> Ending? {
        switch event {
        case .key(let key) where browser.searchLine != nil:
            editSearchLine(key)
        case .paste(let text) where browser.searchLine != nil:
            browser.typeInSearch(text)
        case .key(let key):
            let bindings = keyBindings.bindings(of: browser)
            guard let intent = KeyBindings.intent(for: key, in: bindings) else { return nil }
            if intent == .quit {
                // q over the help closes it, as Esc does; Ctrl-C quits from anywhere.
                guard browser.isHelpVisible, key != .control("c") else { return .quit }
                browser.perform(.list(.close), visibleRows: layout.visibleRowCount)
                return nil
            }
            browser.perform(intent, visibleRows: layout.visibleRowCount)
            if let clipboard = browser.takeClipboard() { try? terminal.writeControl(clipboard) }
        case .mouse(let mouse):
            handle(mouse)
        case .terminate(let signal):
            return .signal(signal)
        case .resize, .resume:
            needsFrame = true  // the frame must be drawn again at the new size
        case .paste, .focus:
            break
        }
        return nil
    }

    /// A key while the search line is open: it types, deletes, searches (Enter) or closes (Esc).
    private func editSearchLine(_ key: KeyEvent) {
        switch key.key {
        case .enter: browser.applySearch()
        case .escape: browser.cancelSearch()
        case .backspace: browser.deleteInSearch()
        case .character(let character) where key.modifiers.isDisjoint(with: [.control, .alt, .meta]):
            browser.typeInSearch(String(character))
        default: break
        }
    }

    private func handle(_ mouse: MouseEvent) {
        switch mouse.kind {
        case .scrollUp: browser.active.wheel(up: true)
        case .scrollDown: browser.active.wheel(up: false)
        case .press(.left):
            if layout.hasOverlay {
                browser.perform(.list(.close), visibleRows: layout.visibleRowCount)
                return
            }
            switch layout.hit(mouse.position) {
            case .tab(let kind): browser.perform(.showTab(kind), visibleRows: layout.visibleRowCount)
            case .row(let row): browser.active.click(row)
            case nil: break
            }
        default:
            break
        }
    }
}

/// Whether the first change since the last frame was posted (see ``BrowseLoop``): set by the
/// change that posts, and while a frame is drawn (its changes ask for nothing); cleared when
/// the frame has read everything. Set until the first frame: before it, only the opening's
/// end (observed on its own) or its grace draws, and a loading state changing meanwhile asks
/// for nothing.
final class ChangeSeen: Sendable {
    private let seen = Atomic<Bool>(true)

    /// Marks a change; true for the first since the flag was cleared, which is to be posted.
    func set() -> Bool {
        !seen.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// A frame is being drawn: changes meanwhile post nothing.
    func drawing() {
        seen.store(true, ordering: .releasing)
    }

    /// The frame has read everything: the next change posts.
    func clear() {
        seen.store(false, ordering: .releasing)
    }
}
