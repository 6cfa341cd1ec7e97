import EndlessTerminalWidgets
import Glibc
import Synchronization
import Testing

@testable import EndlessTerminal

/// The program the end-to-end tests drive. It runs in a child process: the pty tests spawn
/// this test binary again with `ENDLESS_PTY_DEMO=<mode>` and a filter that selects this
/// suite, with the pty as its terminal. In a normal test run it is skipped.
@Suite("PtyDemoChild", .enabled(if: PtyDemo.mode != nil))
struct PtyDemoChild {
    @Test("the demo app (runs only inside the pty tests)")
    func run() async throws {
        try await PtyDemo.run(mode: PtyDemo.mode ?? "normal")
    }
}

enum PtyDemo {
    static let variable = "ENDLESS_PTY_DEMO"

    static var mode: String? {
        getenv(variable).map { String(cString: $0) }
    }

    /// Where the `crash-report` mode's crash report goes (the test also tells the runtime).
    static let crashReportVariable = "ENDLESS_PTY_CRASH_REPORT"

    /// A tiny app: a line of text and a status bar. `q` quits; `!` crashes with a real
    /// segmentation fault; a termination signal draws BYE and quits (in `stubborn` mode it is
    /// ignored); a resize or a resume redraws. The `stuck-*` modes draw STUCK and then never
    /// read another event: the main actor spins (`stuck-main`), the app's task spins on the
    /// cooperative pool (`stuck-pool`) or waits in a read that never returns (`stuck-syscall`).
    static func run(mode: String) async throws {
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)  // the crash case leaves no core file
        if mode == "crash-report", let path = getenv(crashReportVariable) {
            CrashReport.install(path: String(cString: path), program: "demo")
        }
        // As a static program copied without the backtracer beside it.
        if mode == "crash-report-without-backtracer", let path = getenv(crashReportVariable) {
            CrashReport.install(path: String(cString: path), program: "demo", backtracerFound: false)
        }
        var options = TerminalSession.Options()
        // Only the stuck app is held to the default grace: a child that quits by itself must
        // not be ended while a loaded machine slows its exit from the test runner.
        if !mode.hasPrefix("stuck") { options.terminationGrace = .seconds(120) }
        // The probe tests give the child the environment of the terminal they play.
        let probing = mode.hasPrefix("caps")
        options.environment = probing ? nil : ["TERM": "xterm-256color"]
        // A terminal that answers ends the probe when it has; a loaded machine must not make
        // the answers late. Only "caps-silent" keeps the real deadline, to be waited out.
        if mode == "caps" { options.probeTimeout = .seconds(30) }
        // An app's last screen, to be drawn before the probe; of another size, not at all.
        if mode.hasPrefix("first-frame") {
            var frame = ScreenBuffer(size: mode == "first-frame" ? Size(width: 80, height: 24) : Size(width: 40, height: 12))
            frame.write("SNAPSHOT", at: Point(x: 2, y: 1), style: .bold)
            options.firstFrame = frame
        }
        var keys = 0
        try await TerminalSession.run(options: options) { session in
            func draw(_ text: String) throws {
                var frame = session.makeFrame()
                frame.write(text, at: Point(x: 2, y: 1), style: .bold)
                StatusBar(hints: [KeyHint("q", "quit")], right: ["demo"])
                    .draw(into: &frame, in: Rect(x: 0, y: frame.size.height - 1, width: frame.size.width, height: 1))
                try session.render(frame)
            }
            if probing {
                try draw(describe(session))
            } else {
                let shown = mode.hasPrefix("first-frame") ? " first=\(session.showedFirstFrame)" : ""
                try draw("READY \(session.size.width)x\(session.size.height)\(shown)")
            }
            if mode.hasPrefix("stuck") {
                // READY too: the frame before may never be on screen when the test looks.
                try draw("READY \(session.size.width)x\(session.size.height) STUCK")
                try await getStuck(mode)
            }
            for await event in session.events {
                switch event {
                case .key(KeyEvent(.character("q"))):
                    return
                case .key(KeyEvent(.character("!"))):
                    crash()
                case .terminate:
                    if mode == "stubborn" {
                        try draw("IGNORED")
                    } else {
                        try draw("BYE")
                        return
                    }
                case .resume:
                    try draw("RESUMED")
                case .resize(let size):
                    try draw("SIZE \(size.width)x\(size.height)")
                case .key(let key):
                    keys += 1
                    try draw("KEY \(key) #\(keys)")
                default:
                    break
                }
            }
        }
    }

    /// The capabilities the session found, on one line the pty tests read back.
    static func describe(_ session: TerminalSession) -> String {
        let caps = session.capabilities
        let cell = session.cellPixelSize.map { "\($0.width)x\($0.height)" } ?? "none"
        let origin = caps.passthrough.map { "\($0.paneOrigin.x),\($0.paneOrigin.y)" } ?? "none"
        let mode = GraphicsMode.auto.resolved(for: caps)
        // Short names: the line must fit the 80 columns of the pty.
        return "CAPS m=\(mode) k=\(caps.kitty) s=\(caps.sixel) c=\(cell) t=\(caps.insideTmux) p=\(origin) n=\(caps.terminalName ?? "none") END"
    }

    /// Never returns: the app is stuck the way `mode` says, and only a signal ends it.
    static func getStuck(_ mode: String) async throws {
        switch mode {
        case "stuck-main":
            await MainActor.run { spin() }
        case "stuck-syscall":
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw TestFailure("pipe: errno \(errno)") }
            var byte: UInt8 = 0
            // Nobody writes: blocked in the kernel, on this thread of the pool.
            while true { _ = read(ends[0], &byte, 1) }
        default:
            spin()
        }
    }

    /// Never set: what a tight loop waits for.
    private static let released = Atomic<Bool>(false)

    /// A tight loop the optimizer must keep, and that never ends.
    static func spin() {
        while !released.load(ordering: .relaxed) {}
    }

    /// A store through a pointer no page backs: the kernel's SIGSEGV, not a `kill`.
    @inline(never)
    static func crash() {
        let address = Int(getpid() >= 0 ? 8 : 16)
        UnsafeMutablePointer<Int>(bitPattern: address)?.pointee = 42
    }
}
