import Glibc
import Synchronization

/// The terminal, taken over for a full-screen app and given back intact.
///
/// Opening a session puts the terminal in raw mode (ISIG off: Ctrl-C is a key), switches to
/// the alternate screen, hides the cursor, turns on SGR mouse reporting, bracketed paste and
/// (optionally) focus events. Keys, mouse, pastes, resizes, resumes and termination requests go
/// to the sink given to ``connect(_:)``, straight from the thread that reads the terminal, or
/// come as the stream ``events``; ``render(_:)`` draws a frame as a diff against the last one,
/// inside synchronized output, pictures included (the frame says which graphics are placed
/// where; the renderer removes what is no longer placed).
///
/// Opening also asks the terminal what it can show (see `TerminalProbe`): sixel, kitty
/// graphics, the cell size in pixels, tmux and its passthrough, within
/// ``Options/probeTimeout`` (100 ms) when nothing answers. The answers are in
/// ``capabilities`` and ``cellPixelSize``; pick the graphics mode with
/// `try GraphicsMode.requested(flag:environment:).resolved(for: session.capabilities)`.
///
/// The terminal is restored on every way out: ``close()`` (which ``run(input:output:options:isolation:_:)``
/// calls whether the body returns or throws), `exit()` (an `atexit` hook), SIGINT, SIGTERM,
/// SIGHUP and SIGQUIT, and fatal signals. A termination signal is delivered as
/// ``TerminalEvent/terminate(_:)`` so that the app can quit cleanly; if the process has not
/// ended ``Options/terminationGrace`` later (its main actor stuck in a loop, its threads
/// blocked or deadlocked), the session restores the terminal and ends it with the signal, and
/// a second signal does so at once. A fatal signal restores the terminal from the handler,
/// then the crash report is written (see ``CrashReport``) and the process dies of the signal,
/// also when it was sent with `kill`. Ctrl-Z restores the terminal and stops the process; `fg`
/// re-enters raw mode, redraws the last frame and delivers ``TerminalEvent/resume``.
///
/// ```swift
/// try await TerminalSession.run { session in
///     for await event in session.events {
///         if case .key(let key) = event, key.key == .character("q") { break }
///         var frame = session.makeFrame()
///         frame.write("Hello", at: .zero, style: .bold)
///         try session.render(frame)
///     }
/// }
/// ```
public final class TerminalSession: Sendable {
    /// What a session turns on.
    public struct Options: Sendable {
        /// Which mouse events are reported.
        public var mouse: MouseTracking = .drags
        /// Report pastes as ``TerminalEvent/paste(_:)`` instead of as typed keys.
        public var bracketedPaste = true
        /// Report focus changes as ``TerminalEvent/focus(_:)``.
        public var focusEvents = false
        /// Wrap each frame in synchronized output (mode 2026).
        public var synchronizedOutput = true
        /// Handle Ctrl-Z by suspending (the key is not delivered).
        public var suspendOnControlZ = true
        /// How long a lone ESC waits for the rest of a sequence.
        public var escapeTimeout = InputDecoder.defaultEscapeTimeout
        /// The color depth; nil detects it from the environment.
        public var colorDepth: ColorDepth?
        /// The environment for capability detection; nil reads the process's.
        public var environment: [String: String]?
        /// Ask the terminal what it can show at start (pixel graphics, cell size in pixels,
        /// tmux passthrough); off, pixel protocols are guessed from the environment.
        public var probeTerminal = true
        /// The longest the probe waits for a terminal that does not answer.
        public var probeTimeout = TerminalSession.defaultProbeTimeout
        /// How long the app has, after SIGINT, SIGTERM, SIGHUP or SIGQUIT, to end by itself
        /// (it gets ``TerminalEvent/terminate(_:)``) before the session restores the terminal
        /// and ends the process with the signal. The deadline holds even if the session closes
        /// meanwhile. Nil leaves it to the app (a second signal still ends it at once): for a
        /// session opened inside a process that must outlive it, such as a test.
        public var terminationGrace: Duration? = TerminalSession.defaultTerminationGrace
        /// A screen drawn the moment the terminal is taken, before it is probed, when it is the
        /// terminal's size: something to look at while the app gets ready (its last screen, see
        /// ``ScreenSnapshot``). The app's first frame is then drawn as a change from it.
        public var firstFrame: ScreenBuffer?
        /// Where the terminal is read: on this loop's thread, where the app handles keys and
        /// draws (by default the main thread, when the program installed ``MainRunLoop`` as the
        /// main actor's executor), so a key costs no thread hand-off; nil reads it on a thread
        /// of the session's own. Signals are relayed on that thread either way.
        package var inputLoop: MainRunLoop? = MainRunLoop.main

        /// The defaults: drag-capable mouse, bracketed paste, synchronized output, Ctrl-Z
        /// suspends, 25 ms ESC timeout, depth from the environment, the terminal probed for
        /// at most 100 ms, 500 ms to end after a termination signal.
        public init() {}
    }

    /// How long the capability probe waits at most: what starting costs on a terminal that
    /// answers nothing.
    public static let defaultProbeTimeout = Duration.milliseconds(100)
    /// How long an app has to end by itself after a termination signal: plenty for a
    /// responsive one to save its state, and with the restore the process is gone within a
    /// second, as a person pressing Ctrl-C or closing the window expects.
    public static let defaultTerminationGrace = Duration.milliseconds(500)

    struct State {
        var capabilities: TerminalCapabilities
        var isOpen = true
        var suspended = false
        var renderer: FrameRenderer
        var lastFrame: ScreenBuffer?
        /// The bytes of the last frame, kept so the next one is written into the same buffer.
        var output: [UInt8] = []
        var size: Size
        var pixelSize: Size?
        /// The SIGCONT count at which our own suspend resumes, so its relay is not handled twice.
        var ownContinue: Int?
        var continuesSeen = 0
        /// Whether ``Options/firstFrame`` was drawn when the session opened.
        var showedFirstFrame = false
    }

    private static let isActive = Atomic<Bool>(false)

    /// What the terminal can do, as it answered the probe when the session opened: color
    /// depth, sixel and kitty graphics, cell size in pixels, tmux and its passthrough.
    /// Resolve the graphics mode with ``GraphicsMode/resolved(for:)``.
    public var capabilities: TerminalCapabilities { state.withLock { $0.capabilities } }
    /// Whether ``Options/firstFrame`` is what the terminal showed first (it was the terminal's
    /// size when the session opened).
    public var showedFirstFrame: Bool { state.withLock { $0.showedFirstFrame } }
    /// Everything the terminal reports, in order, as a stream. It finishes when the session
    /// closes. Consume it from one task. The first read connects it (see ``connect(_:)``);
    /// each event costs a task wake-up more than a sink of one's own.
    public var events: AsyncStream<TerminalEvent> {
        let (stream, made) = eventStream.withLock { stream -> (AsyncStream<TerminalEvent>, AsyncStream<TerminalEvent>.Continuation?) in
            if let stream { return (stream, nil) }
            let (made, continuation) = AsyncStream<TerminalEvent>.makeStream()
            stream = made
            return (made, continuation)
        }
        if let made {
            _ = decoder.connect(TerminalEventSink(receive: { made.yield($0) }, finish: { made.finish() }))
        }
        return stream
    }

    let input: Int32
    let output: Int32
    let options: Options
    let modes: TerminalModes
    let rawSettings: termios
    let state: Mutex<State>
    /// Parses the input on the reader thread and delivers the events.
    let decoder: InputDecoder
    private let eventStream = Mutex<AsyncStream<TerminalEvent>?>(nil)
    let signalPipe: (read: Int32, write: Int32)
    let environment: [String: String]
    let reader: Mutex<InputReader?> = Mutex(nil)
    /// The terminal's watch on ``Options/inputLoop``, while it is read there.
    let inputWatch: Mutex<MainRunLoop.Registration?> = Mutex(nil)

    /// Takes over the terminal. Prefer ``run(input:output:options:isolation:_:)``, which
    /// also gives it back.
    ///
    /// - Parameters:
    ///   - input: the terminal's input, standard input by default.
    ///   - output: the terminal's output, standard output by default.
    ///   - options: what to turn on.
    /// - Returns: the open session; call ``close()`` when done.
    /// - Throws: ``TerminalError/notATerminal(fileDescriptor:)`` when input or output is not a
    ///   terminal, ``TerminalError/sessionAlreadyOpen``, or a failed system call.
    public static func open(
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, options: Options = Options()
    ) throws(TerminalError) -> TerminalSession {
        guard isatty(input) == 1 else { throw .notATerminal(fileDescriptor: input) }
        guard isatty(output) == 1 else { throw .notATerminal(fileDescriptor: output) }
        guard isActive.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            throw .sessionAlreadyOpen
        }
        do {
            let session = try TerminalSession(input: input, output: output, options: options)
            try session.start()
            return session
        } catch {
            isActive.store(false, ordering: .releasing)
            throw error
        }
    }

    /// Opens a session, runs `body`, and closes the session however `body` ends.
    ///
    /// - Parameters:
    ///   - input: the terminal's input, standard input by default.
    ///   - output: the terminal's output, standard output by default.
    ///   - options: what to turn on.
    ///   - isolation: the caller's actor, so `body` runs where it was written.
    ///   - body: the app; it reads ``events`` and renders frames.
    /// - Returns: what `body` returns.
    /// - Throws: what ``open(input:output:options:)`` or `body` throws.
    public static func run<Result>(
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, options: Options = Options(),
        isolation: isolated (any Actor)? = #isolation,
        _ body: (TerminalSession) async throws -> Result
    ) async throws -> Result {
        let session = try open(input: input, output: output, options: options)
        defer { session.close() }
        return try await body(session)
    }

    private init(input: Int32, output: Int32, options: Options) throws(TerminalError) {
        self.input = input
        self.output = output
        self.options = options
        let environment = options.environment ?? ProcessEnvironment.current()
        self.environment = environment
        var capabilities =
            options.probeTerminal
            ? TerminalCapabilities(colorDepth: ColorDepth.detect(environment: environment))
            : TerminalCapabilities.detect(environment: environment)
        if let depth = options.colorDepth { capabilities.colorDepth = depth }
        modes = TerminalModes(mouse: options.mouse, bracketedPaste: options.bracketedPaste, focusEvents: options.focusEvents)
        let original = try RawMode.attributes(of: input)
        rawSettings = RawMode.raw(from: original)
        signalPipe = try InputReader.makePipe()
        let window = RawMode.windowSize(of: output) ?? RawMode.windowSize(of: input)
        var renderer = FrameRenderer(colorDepth: capabilities.colorDepth, synchronizedOutput: options.synchronizedOutput)
        renderer.autowrapDisabled = true  // the enter sequence turns DECAWM off
        renderer.hyperlinks = Hyperlink.supported(environment: environment)
        state = Mutex(
            State(capabilities: capabilities, renderer: renderer, size: window?.cells ?? Size(width: 80, height: 24), pixelSize: window?.pixels))
        let suspendOnControlZ = options.suspendOnControlZ
        // The closure cannot capture `self` before init ends; a box lets the intercept reach
        // the session once it exists.
        let box = SessionBox()
        decoder = InputDecoder(
            clock: ContinuousClock(), escapeTimeout: options.escapeTimeout,
            intercept: { event in
                guard suspendOnControlZ, event == .key(.control("z")) else { return false }
                box.session?.suspend()
                return true
            })
        SignalRelay.arm(
            restore: modes.restoreSequence, original: original, input: input, output: output, notify: signalPipe.write)
        box.set(self)
    }

    private func start() throws(TerminalError) {
        SignalRelay.install()
        do {
            try TerminationWatchdog.start(grace: options.terminationGrace)
            try RawMode.apply(rawSettings, to: input)
            try RawMode.writeAll(modes.enterSequence, to: output)
            if let frame = options.firstFrame, frame.size == size {
                try render(frame)
                state.withLock { $0.showedFirstFrame = true }
            }
            if options.probeTerminal { probe() }
            let loop = options.inputLoop
            let reader = try InputReader(input: loop == nil ? input : nil, signals: signalPipe.read, decoder: decoder) {
                [self] signal in handle(signal: signal)
            }
            try reader.start()
            self.reader.withLock { $0 = reader }
            if let loop { readInput(on: loop) }
        } catch {
            SignalRelay.restoreNow()
            SignalRelay.uninstall()
            decoder.finish()  // ends the events
            closePipes()
            throw error
        }
    }

    /// The terminal size in cells, as of the last resize event.
    public var size: Size { state.withLock { $0.size } }

    /// The size of one cell in pixels, when the terminal reports it (for sixel and kitty):
    /// from the window size in pixels (kept up to date on resizes), else the terminal's answer
    /// to the probe. Size pictures from it, so they come out square.
    public var cellPixelSize: Size? {
        state.withLock { state in
            if let pixels = state.pixelSize, state.size.width > 0, state.size.height > 0,
                let cell = TerminalCapabilities.plausibleCellPixelSize(
                    Size(width: pixels.width / state.size.width, height: pixels.height / state.size.height))
            {
                return cell
            }
            return state.capabilities.cellPixelSize
        }
    }

    /// A blank frame of the current size, to draw the next screen into: the frame the terminal
    /// showed before the last one, blanked, when the app let go of it (a new one otherwise).
    ///
    /// - Returns: an empty buffer.
    public func makeFrame() -> ScreenBuffer {
        state.withLock { state in
            state.renderer.recycledFrame(size: state.size) ?? ScreenBuffer(size: state.size)
        }
    }

    /// Draws a frame: only what changed since the last one is written. A frame built for
    /// another size (a resize raced with it) is cropped or padded to the terminal's size.
    /// While suspended, the frame is kept and drawn on resume.
    ///
    /// - Parameter frame: the new screen.
    /// - Throws: ``TerminalError/systemCall(_:errno:)`` if writing fails.
    public func render(_ frame: ScreenBuffer) throws(TerminalError) {
        try state.withLock { (state) throws(TerminalError) in
            let frame = frame.resized(to: state.size)
            state.lastFrame = frame
            guard state.isOpen, !state.suspended else { return }
            state.renderer.render(frame, into: &state.output)
            if !state.output.isEmpty { try RawMode.writeAll(state.output, to: output) }
        }
    }

    /// Writes a control sequence that draws nothing (OSC 52, to put text on the clipboard)
    /// between frames; nothing while closed or suspended.
    ///
    /// - Parameter bytes: the whole sequence, made by the caller from sanitized parts.
    /// - Throws: ``TerminalError/systemCall(_:errno:)`` if writing fails.
    public func writeControl(_ bytes: [UInt8]) throws(TerminalError) {
        try state.withLock { (state) throws(TerminalError) in
            guard state.isOpen, !state.suspended, !bytes.isEmpty else { return }
            try RawMode.writeAll(bytes, to: output)
        }
    }

    /// Redraws the last frame in full, for when the screen may have been disturbed.
    ///
    /// - Throws: ``TerminalError/systemCall(_:errno:)`` if writing fails.
    public func redraw() throws(TerminalError) {
        try state.withLock { (state) throws(TerminalError) in
            state.renderer.invalidate()
            guard state.isOpen, !state.suspended, let frame = state.lastFrame else { return }
            try RawMode.writeAll(state.renderer.renderFull(frame), to: output)
        }
    }

    /// Gives the terminal back: stops reading, restores modes and termios, puts back the
    /// signal handlers and finishes the events (the sink's `finish`). Safe to call more than once.
    public func close() {
        let wasOpen = state.withLock { state in
            defer { state.isOpen = false }
            return state.isOpen
        }
        guard wasOpen else { return }
        stopReadingInputOnLoop()
        reader.withLock { reader in
            reader?.stop()
            reader = nil
        }
        decoder.finish()
        SignalRelay.restoreNow()
        SignalRelay.uninstall()
        closePipes()
        Self.isActive.store(false, ordering: .releasing)
    }

    /// Reads the terminal on `loop`'s thread, as ``InputReader`` does on its own.
    private func readInput(on loop: MainRunLoop) {
        let reading = Mutex((buffer: [UInt8](repeating: 0, count: 4096), isGone: false))
        let input = self.input
        let decoder = self.decoder
        let watch = loop.watch(input) { [weak self] in
            let isGone = reading.withLock { reading in
                if !reading.isGone, !InputReader.read(input, into: &reading.buffer, decoder: decoder) { reading.isGone = true }
                return reading.isGone
            }
            if isGone { self?.stopReadingInputOnLoop() }
        }
        inputWatch.withLock { $0 = watch }
    }

    private func stopReadingInputOnLoop() {
        inputWatch.withLock { watch in
            watch?.cancel()
            watch = nil
        }
    }

    private func closePipes() {
        Glibc.close(signalPipe.read)
        Glibc.close(signalPipe.write)
    }
}

/// Lets a closure made during `init` reach the session afterwards.
private final class SessionBox: Sendable {
    // A Mutex because the intercept runs on the reader thread while init stores the session.
    private let storage = Mutex<TerminalSession?>(nil)
    var session: TerminalSession? { storage.withLock { $0 } }
    func set(_ session: TerminalSession) { storage.withLock { $0 = session } }
}

extension TerminalSession: TerminalEventSource {
    /// Sends the terminal's events to `sink` from the thread that reads the terminal: keys,
    /// mouse and pastes parsed there, resizes and termination signals, a hangup when the
    /// terminal goes away, and `finish` when the session closes. Events that came before
    /// are sent first. One sink at a time, ``events`` included: connecting replaces it.
    /// - Parameter sink: where events go; it must return quickly.
    /// - Returns: the connection; cancel it to have events wait for the next sink.
    public func connect(_ sink: TerminalEventSink) -> TerminalEventConnection {
        decoder.connect(sink)
    }
}
