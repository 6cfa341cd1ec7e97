import Glibc
import Synchronization

/// What SIGSEGV, SIGILL, SIGABRT, SIGBUS, SIGFPE and SIGTRAP do, for the whole process.
///
/// The handler restores the terminal if a session has it changed, lets ``CrashReport`` make
/// its file and say where it is (when the program asked for one), calls the handler that was
/// there before (the Swift runtime's, which runs its backtracer and writes the crash report),
/// then ends the process with the signal's default action. The runtime's handler returns
/// instead of ending the process, counting on the fault to strike again; a signal sent with
/// `kill` never does, so this handler ends it itself. The wait status is "killed by the
/// signal" (128 + N in a shell), as for any crash.
///
/// Installed once, by the first session or ``CrashReport/install(path:program:)``, and never
/// removed: the restore does nothing while no session has the terminal, and dying of the
/// signal is what the default action would do.
///
/// - `SA_NODEFER` and the runtime's own mask: the runtime's backtracer reads the crashed
///   process through a thread it clones from the crashing one. With the signal blocked there,
///   as a handler without `SA_NODEFER` leaves it, that thread's first read of an unmapped
///   address (a register's value) killed the process halfway through the report.
/// - One thread reports. Another thread crashing meanwhile waits for the process to end (the
///   runtime pauses it anyway); a fault inside the handler itself ends the process at once.
/// - Under ThreadSanitizer nothing is installed: its interceptors are not safe to enter from
///   a signal that struck inside its own runtime (a `write` from this handler hit one of its
///   internal CHECKs), so fatal signals are left to it, as `make tsan` expects.
enum FatalSignals {
    /// The signals the Swift runtime's crash handler takes, but SIGQUIT, which a session
    /// relays as a request to end. ``CrashReport`` adds it back outside sessions.
    static let handled: [Int32] = [SIGSEGV, SIGILL, SIGABRT, SIGBUS, SIGFPE, SIGTRAP]
    private static let installed = Atomic<Bool>(false)
    private static let quitInstalled = Atomic<Bool>(false)
    /// The thread reporting a crash (its `pthread_t`), or 0.
    private static let reportingThread = Atomic<UInt>(0)
    /// The actions that were installed before ours, indexed by signal number.
    nonisolated(unsafe) private static let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: SignalRelay.signalSlots)

    /// Whether this process runs under ThreadSanitizer (its runtime is linked in). A nil
    /// handle is RTLD_DEFAULT: the symbols already loaded. (`dlopen(nil, RTLD_NOW)` instead
    /// would bind every lazy symbol of the program first: 2 ms of every launch.)
    static let underThreadSanitizer: Bool = dlsym(nil, "__tsan_init") != nil

    /// Installs the handler for the fatal signals, once per process.
    static func installOnce() {
        guard !underThreadSanitizer else { return }
        guard installed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        // Every `static let` the handler reads is initialized here, not in the handler (see
        // SignalRelay on Swift's one-time initializers).
        _ = reportingThread.load(ordering: .relaxed)
        _ = SignalRelay.armed.load(ordering: .relaxed)
        _ = CrashReport.isInstalled
        for signal in handled { install(signal) }
    }

    /// Also handles SIGQUIT as a crash, as the Swift runtime does, so that its report goes
    /// where ``CrashReport`` says. A session still relays it while open, and puts this back.
    static func installForQuit() {
        guard !underThreadSanitizer else { return }
        guard quitInstalled.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        install(SIGQUIT)
    }

    private static func install(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler = .init(sa_sigaction: { signal, info, context in
            FatalSignals.handle(signal, info: info, context: context)
        })
        // SA_SIGINFO: the previous handler gets the real fault address and registers.
        action.sa_flags = SA_ONSTACK | SA_SIGINFO | SA_NODEFER
        // As the runtime's handler: everything blocked but the crash signals themselves.
        sigfillset(&action.sa_mask)
        for crash in handled + [SIGQUIT] { sigdelset(&action.sa_mask, crash) }
        sigaction(signal, &action, previousActions + Int(signal))
    }

    /// The handler: restore, prepare the crash report, run the previous handler, die of the
    /// signal. Async-signal-safe (what the previous handler does is its own business).
    private static func handle(_ signal: Int32, info: UnsafeMutablePointer<siginfo_t>?, context: UnsafeMutableRawPointer?) {
        let thread = UInt(pthread_self())
        let claim = reportingThread.compareExchange(expected: 0, desired: thread, ordering: .acquiringAndReleasing)
        if !claim.exchanged {
            // A fault in this handler: no second report.
            if claim.original == thread { SignalRelay.dieOf(signal) }
            // Another thread's crash is being reported; the process ends with it.
            while true { pause() }
        }
        SignalRelay.restoreNow()
        CrashReport.prepare(for: signal)
        let previous = previousActions[Int(signal)]
        let address = unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self)
        // 0 is SIG_DFL and 1 is SIG_IGN: nothing to call.
        if address > 1 {
            if previous.sa_flags & SA_SIGINFO != 0 {
                previous.__sigaction_handler.sa_sigaction?(signal, info, context)
            } else {
                previous.__sigaction_handler.sa_handler?(signal)
            }
        }
        SignalRelay.dieOf(signal)
    }
}
