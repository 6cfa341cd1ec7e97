import Glibc

/// The last resort behind every "the process ends within ..." promise: a kernel timer that
/// sends SIGKILL when it expires.
///
/// Ending a process gracefully takes steps that can block: writing the restore sequence to a
/// terminal that reads nothing (a frozen emulator, a full pty), `tcsetattr` waiting for that
/// output to drain, the Swift runtime's backtracer reading a crashed process. A thread stuck
/// there cannot also watch the clock, and the other threads may be stuck or suspended (the
/// backtracer pauses them all). A POSIX timer needs no thread: armed before such a step, it
/// kills the process when the step takes too long. The exit status then says SIGKILL, not the
/// signal that asked for the end; the end itself is what was promised.
///
/// The timer is created in ``prepare()``, outside any signal handler; ``arm(milliseconds:)``
/// only calls `timer_settime`, which is async-signal-safe.
enum ProcessDeadline {
    /// The timer's handle as a bit pattern (a `timer_t` is a pointer, and 0 a valid timer), or
    /// nil when the system would not create one.
    private static let timer: Int? = {
        var event = sigevent()
        event.sigev_notify = Int32(SIGEV_SIGNAL)
        event.sigev_signo = SIGKILL
        var created: timer_t?
        guard timer_create(CLOCK_MONOTONIC, &event, &created) == 0 else { return nil }
        return Int(bitPattern: created)
    }()

    /// Creates the timer, once per process (one system call). Call it before anything that
    /// may ``arm(milliseconds:)`` from a signal handler.
    static func prepare() {
        _ = timer
    }

    /// Kills the process `milliseconds` from now unless it has ended by then; a later call
    /// moves the deadline. Async-signal-safe once ``prepare()`` has run.
    static func arm(milliseconds: Int) {
        guard let timer else { return }
        var expiry = itimerspec()
        expiry.it_value.tv_sec = milliseconds / 1000
        expiry.it_value.tv_nsec = (milliseconds % 1000) * 1_000_000
        _ = timer_settime(timer_t(bitPattern: timer), 0, &expiry, nil)
    }
}
