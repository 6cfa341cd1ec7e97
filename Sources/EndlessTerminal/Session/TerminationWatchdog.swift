import Glibc
import Synchronization

/// The guarantee behind ``TerminalSession/Options/terminationGrace``: after SIGINT, SIGTERM,
/// SIGHUP or SIGQUIT the process ends within the grace, whatever its threads are doing.
///
/// The session delivers the signal as ``TerminalEvent/terminate(_:)``, and a responsive app
/// quits by itself, flushing what it keeps. An app whose main actor spins in a loop, whose
/// cooperative pool is blocked, or that waits for a lock that never comes never reads that
/// event. So the relay's signal handler also writes the signal's number to this watchdog's
/// pipe, and the watchdog, a thread of its own (neither the main thread nor the pool) waiting
/// in `poll`, ends the process once the grace has passed: it restores the terminal unless the
/// app has, then dies of the signal, so the exit status is the signal's as a shell expects.
/// If restoring blocks (a terminal that reads nothing), ``ProcessDeadline`` kills the process
/// 250 ms later.
///
/// Once asked, the deadline holds even if the session closes meanwhile: an app that gives the
/// terminal back and then hangs on its way out (in `exit`, in a library's teardown) ends too.
///
/// After its start the thread only calls system functions on memory that already exists; it
/// never allocates or locks, since a stuck thread may hold the allocator's lock or any other.
/// Its signal mask is empty, so a process-directed signal always has a thread that takes it
/// at once, whatever the other threads block.
enum TerminationWatchdog {
    /// How long the restore may take once the grace is over.
    static let restoreBudgetMilliseconds = 250
    /// The ends of the watchdog's pipe (open for the life of the process), or -1 before it starts.
    private static let wakeDescriptor = Atomic<Int32>(-1)
    private static let readDescriptor = Atomic<Int32>(-1)
    /// The grace in nanoseconds, or -1 for none (the app alone decides when to end).
    private static let graceNanoseconds = Atomic<Int64>(-1)
    private static let started = Atomic<Bool>(false)

    /// Sets the grace for the termination signals to come, and starts the thread the first time
    /// a grace is set.
    ///
    /// - Parameter grace: how long the app has to end by itself; nil turns the watchdog off.
    /// - Throws: ``TerminalError/systemCall(_:errno:)`` when the thread cannot start.
    static func start(grace: Duration?) throws(TerminalError) {
        guard let grace else {
            graceNanoseconds.store(-1, ordering: .releasing)
            return
        }
        let (seconds, attoseconds) = grace.components
        // Capped at a century, so that the sum cannot overflow.
        let nanoseconds = min(max(0, seconds), 3_153_600_000) * 1_000_000_000 + max(0, attoseconds) / 1_000_000_000
        graceNanoseconds.store(nanoseconds, ordering: .releasing)
        guard !started.load(ordering: .acquiring) else { return }
        ProcessDeadline.prepare()
        let pipe = try InputReader.makePipe()
        guard started.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            close(pipe.read)
            close(pipe.write)
            return
        }
        readDescriptor.store(pipe.read, ordering: .releasing)
        // Before the thread runs: a signal meanwhile waits in the pipe.
        wakeDescriptor.store(pipe.write, ordering: .releasing)
        var handle = pthread_t()
        let result = pthread_create(
            &handle, nil,
            { _ in
                TerminationWatchdog.run(reading: TerminationWatchdog.readDescriptor.load(ordering: .acquiring))
            }, nil)
        guard result == 0 else {
            wakeDescriptor.store(-1, ordering: .releasing)
            close(pipe.read)
            close(pipe.write)
            started.store(false, ordering: .releasing)
            throw .systemCall("pthread_create", errno: result)
        }
        pthread_detach(handle)
    }

    /// Starts the clock for `signal`, unless a grace is off. Async-signal-safe: one byte to a
    /// non-blocking pipe.
    static func notify(_ signal: Int32) {
        guard graceNanoseconds.load(ordering: .acquiring) >= 0 else { return }
        var byte = UInt8(truncatingIfNeeded: signal)
        _ = write(wakeDescriptor.load(ordering: .acquiring), &byte, 1)
    }

    /// The thread: waits for a signal's byte, then for the grace, then ends the process.
    private static func run(reading descriptor: Int32) -> Never {
        var open = sigset_t()
        sigemptyset(&open)
        pthread_sigmask(SIG_SETMASK, &open, nil)
        var signal: Int32 = 0
        var deadline: Int64 = 0
        while true {
            var timeout: Int32 = -1
            if signal != 0 {
                let remaining = deadline - monotonicNanoseconds()
                if remaining <= 0 { end(of: signal) }
                timeout = Int32(clamping: (remaining + 999_999) / 1_000_000)
            }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, timeout) > 0 else { continue }
            var byte: UInt8 = 0
            while read(descriptor, &byte, 1) == 1 {
                let grace = graceNanoseconds.load(ordering: .acquiring)
                // The first signal sets the deadline; later ones the relay handles itself.
                if signal == 0 && grace >= 0 {
                    signal = Int32(byte)
                    deadline = monotonicNanoseconds() + grace
                }
            }
        }
    }

    /// Restores the terminal (within ``restoreBudgetMilliseconds``) and dies of `signal`.
    private static func end(of signal: Int32) -> Never {
        ProcessDeadline.arm(milliseconds: restoreBudgetMilliseconds)
        SignalRelay.restoreNow()
        SignalRelay.dieOf(signal)
    }

    private static func monotonicNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}
