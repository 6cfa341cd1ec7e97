import Glibc
import Synchronization

/// Signal handling for a session, written for what a signal handler may do.
///
/// A handler can interrupt any thread at any instruction, including one inside `malloc` or
/// holding a lock, so it may only call async-signal-safe functions (`write`, `tcsetattr`,
/// `sigaction`, `raise`) and touch memory that already exists. Everything the handlers read
/// is therefore allocated and filled by ``arm(restore:original:input:output:notify:)`` before
/// they are installed: the restore bytes and the original termios live in buffers allocated
/// once, and the descriptors and flags are lock-free atomics. The handlers are `@convention(c)`
/// closures that capture nothing and never allocate, retain or lock.
///
/// One caveat Swift cannot remove: a `static let` is reached through a one-time initializer
/// check. ``arm(restore:original:input:output:notify:)`` touches every one of them first, so in
/// a handler that check is a single atomic load that finds them initialized. A tiny C target
/// holding these buffers would remove even that (see the report of issue 6).
///
/// - Termination (SIGINT, SIGTERM, SIGHUP, SIGQUIT), resize (SIGWINCH), stop and continue
///   (SIGTSTP, SIGCONT) are relayed as one byte each through a non-blocking pipe to the
///   session's reader thread, which turns them into events. A termination signal also starts
///   the ``TerminationWatchdog``'s clock: an app that has not ended by the session's grace is
///   ended for it. A second termination signal before the app has finished restores the
///   terminal and dies of the signal at once.
/// - Fatal signals (SIGSEGV, SIGILL, SIGABRT, SIGBUS, SIGFPE, SIGTRAP) are ``FatalSignals``'
///   business: handled for the whole process, not only while a session is open.
enum SignalRelay {
    static let relayed: [Int32] = [SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT]
    /// The relayed signals that ask the program to end.
    static let termination: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    static let restoreCapacity = 512
    static let signalSlots = 65

    static let notifyDescriptor = Atomic<Int32>(-1)
    static let inputDescriptor = Atomic<Int32>(-1)
    static let outputDescriptor = Atomic<Int32>(-1)
    /// Two restore buffers, so the bytes can be replaced while handlers are installed: the
    /// new ones go into the slot not in use, then the slot flips.
    static let restoreSlot = Atomic<Int>(0)
    static let restoreByteCount0 = Atomic<Int>(0)
    static let restoreByteCount1 = Atomic<Int>(0)
    /// True while the terminal is changed and not yet restored.
    static let armed = Atomic<Bool>(false)
    static let terminationRequests = Atomic<Int32>(0)
    /// SIGCONTs seen by the handler, so the session can tell its own resume from another.
    static let continueCount = Atomic<Int>(0)
    // Raw buffers, not Swift collections, and no Mutex: a handler must not allocate, retain
    // or lock. They are written only by arm(), before the handlers that read them exist.
    nonisolated(unsafe) static let restoreBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * restoreCapacity)
    nonisolated(unsafe) static let originalSettings = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    /// The actions that were installed before the relay's, indexed by signal number.
    nonisolated(unsafe) static let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: signalSlots)
    static let exitHookInstalled = Atomic<Bool>(false)

    /// Fills the buffers the handlers read. Call before ``install()``.
    static func arm(restore: [UInt8], original: termios, input: Int32, output: Int32, notify: Int32) {
        restoreSlot.store(0, ordering: .releasing)
        fill(slot: 0, with: restore)
        originalSettings.pointee = original
        inputDescriptor.store(input, ordering: .releasing)
        outputDescriptor.store(output, ordering: .releasing)
        notifyDescriptor.store(notify, ordering: .releasing)
        terminationRequests.store(0, ordering: .releasing)
        _ = continueCount.load(ordering: .relaxed)
        armed.store(true, ordering: .releasing)
        if !exitHookInstalled.exchange(true, ordering: .acquiringAndReleasing) {
            // exit() from anywhere (not only the session's own paths) leaves a sane terminal.
            atexit { SignalRelay.restoreNow() }
        }
    }

    /// Replaces the restore bytes while the handlers may run: a handler sees the old bytes
    /// or the new ones, never a mix.
    static func replaceRestore(_ restore: [UInt8]) {
        let next = 1 - restoreSlot.load(ordering: .acquiring)
        fill(slot: next, with: restore)
        restoreSlot.store(next, ordering: .releasing)
    }

    private static func fill(slot: Int, with restore: [UInt8]) {
        let count = min(restore.count, restoreCapacity)
        let base = restoreBytes + slot * restoreCapacity
        for index in 0..<count { base[index] = restore[index] }
        if slot == 0 {
            restoreByteCount0.store(count, ordering: .releasing)
        } else {
            restoreByteCount1.store(count, ordering: .releasing)
        }
    }

    /// Marks the terminal as changed again after a suspend.
    static func rearm() {
        armed.store(true, ordering: .releasing)
    }

    /// Installs the relay's handlers, remembering the previous ones, and the process's fatal
    /// signal handlers if they are not yet.
    static func install() {
        FatalSignals.installOnce()
        for signal in relayed {
            var action = sigaction()
            action.__sigaction_handler = .init(sa_handler: { signal in SignalRelay.relay(signal) })
            action.sa_flags = SA_RESTART
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, previousActions + Int(signal))
        }
    }

    /// Puts back the handlers that were there before ``install()``. The fatal signal handlers
    /// stay: they restore the terminal only while it is changed.
    static func uninstall() {
        for signal in relayed {
            sigaction(signal, previousActions + Int(signal), nil)
        }
        notifyDescriptor.store(-1, ordering: .releasing)
    }

    /// Writes the restore bytes and the original termios, once. Async-signal-safe.
    static func restoreNow() {
        guard armed.exchange(false, ordering: .acquiringAndReleasing) else { return }
        let output = outputDescriptor.load(ordering: .acquiring)
        let slot = restoreSlot.load(ordering: .acquiring)
        let total = slot == 0 ? restoreByteCount0.load(ordering: .acquiring) : restoreByteCount1.load(ordering: .acquiring)
        let bytes = restoreBytes + slot * restoreCapacity
        writeFromSignalHandler(output, bytes, count: total)
        _ = tcsetattr(inputDescriptor.load(ordering: .acquiring), TCSADRAIN, originalSettings)
    }

    /// The relay handler: one byte per signal into the pipe. Async-signal-safe.
    static func relay(_ signal: Int32) {
        let savedErrno = errno
        defer { errno = savedErrno }
        if signal == SIGINT || signal == SIGTERM || signal == SIGHUP || signal == SIGQUIT {
            if terminationRequests.wrappingAdd(1, ordering: .relaxed).oldValue > 0 {
                // The app was already asked to end and has not: end now, as the signal would.
                restoreNow()
                dieOf(signal)
            }
            // The app gets the event below; if it is too busy to read it, the watchdog ends it.
            TerminationWatchdog.notify(signal)
        }
        if signal == SIGCONT { continueCount.wrappingAdd(1, ordering: .relaxed) }
        var byte = UInt8(truncatingIfNeeded: signal)
        _ = write(notifyDescriptor.load(ordering: .relaxed), &byte, 1)
    }

    /// Ends the process with `signal`'s default action, from any thread, even inside that
    /// signal's handler: the action is reset, the signal unblocked on this thread and raised.
    /// The wait status is then "killed by `signal`" (128 + N in a shell), as for any crash.
    static func dieOf(_ signal: Int32) -> Never {
        var defaultAction = sigaction()
        sigemptyset(&defaultAction.sa_mask)
        sigaction(signal, &defaultAction, nil)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        raise(signal)
        // Only a signal whose default is to continue (none of ours) gets here.
        _exit(128 + signal)
    }

    /// Stops the process the way the shell expects (SIGTSTP with its default action), and
    /// returns once it is continued.
    ///
    /// The signal is raised on this thread with SIGTSTP unblocked here, so it is delivered
    /// before `raise` returns: Dispatch's worker threads block most signals, and a signal
    /// left pending there would never stop anything. A process in an orphaned process group
    /// (no shell to resume it) is not stopped at all, as POSIX requires.
    static func stopProcess() {
        var defaultAction = sigaction()
        var ours = sigaction()
        sigemptyset(&defaultAction.sa_mask)
        sigaction(SIGTSTP, &defaultAction, &ours)
        var stop = sigset_t()
        var previousMask = sigset_t()
        sigemptyset(&stop)
        sigaddset(&stop, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &stop, &previousMask)
        raise(SIGTSTP)
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        sigaction(SIGTSTP, &ours, nil)
    }

    /// Unblocks the relayed signals on the calling thread, so that a process-directed signal
    /// always has a thread to land on (Dispatch's workers block them).
    static func unblockRelayedSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in relayed { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
}
