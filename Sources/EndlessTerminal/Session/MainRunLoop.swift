import Glibc
import Synchronization
@_spi(ExperimentalCustomExecutors) import _Concurrency

/// A run loop for one thread: it runs the jobs enqueued on it in order and, between them,
/// waits with `poll(2)` on the file descriptors watched on it, until the next timer is due.
///
/// Installed as the main actor's executor (a program's executor factory returns
/// ``installMain()`` and is installed with `_createExecutors(factory:)` before anything uses
/// concurrency; `endless` does), it is the main thread's loop, and a
/// ``TerminalSession`` reads the terminal on it: a key is read, parsed, handled and drawn on
/// one thread, as a pager does. Without it, the main actor runs on dispatch's main queue, which
/// on Linux is drained by a worker thread, so each key crossed from the session's reader thread
/// to that worker: a futex wake and a task switch per key, and dispatch's threads waking one
/// another besides (issue 29).
///
/// Jobs enqueued from the loop's own thread are taken before it waits again; one enqueued from
/// another thread wakes it through a pipe, only when it is waiting. A watched descriptor's
/// handler runs on the loop's thread whenever `poll` finds it readable (or hung up): it must
/// read what is there, or cancel its watch. A timer's action runs on the loop's thread once it
/// is due: the wait's timeout times it, with no task, no dispatch timer and no thread to wake.
package final class MainRunLoop: MainExecutor, @unchecked Sendable {
    // @unchecked: it has no mutable stored property; what changes is behind `state` and `owner`.

    /// A descriptor watched, or a timer set, on the loop; ``cancel()`` stops the calls.
    package final class Registration: Sendable {
        private let onCancel: @Sendable () -> Void

        init(onCancel: @escaping @Sendable () -> Void) {
            self.onCancel = onCancel
        }

        /// Stops the calls: from the loop's thread, at once; from another thread, once a call
        /// already running (if any) returns. Safe to call more than once.
        package func cancel() { onCancel() }
    }

    private struct Watched {
        let descriptor: Int32
        let onReadable: @Sendable () -> Void
    }

    private struct Timer {
        let deadline: ContinuousClock.Instant
        let action: @Sendable () -> Void
    }

    /// What the loop runs next: an actor's job, or an action given to ``perform(_:)``, in one
    /// queue so both run in the order they came.
    private enum Work {
        case job(UnownedJob)
        case action(@Sendable () -> Void)
    }

    private struct State {
        var queued: [Work] = []
        var watched: [UInt64: Watched] = [:]
        var timers: [UInt64: Timer] = [:]
        /// The last registration's number: watches and timers share it, so timers due at the
        /// same instant fire in the order they were set.
        var lastRegistration: UInt64 = 0
        /// Bumped when ``watched`` changes, so the loop rebuilds its poll set only then.
        var watchGeneration: UInt64 = 0
        /// The loop is in, or about to enter, a `poll` with no job queued: work from another
        /// thread must end it through the wake pipe.
        var isWaiting = false
        var isStopped = false
    }

    private let state = Mutex(State())
    /// Ends a waiting `poll`: one byte is written when work comes from another thread.
    private let wakePipe: (read: Int32, write: Int32)
    /// The thread running ``run()``, or 0.
    private let owner = Atomic<UInt>(0)

    private static let installed = Mutex<MainRunLoop?>(nil)

    /// The loop installed as the main actor's executor, if the program installed one.
    package static var main: MainRunLoop? { installed.withLock { $0 } }

    /// Makes the loop that runs the main actor, for a program's executor factory, whose
    /// `mainExecutor` returns it (or the platform's executor, when it is nil). The program then
    /// enqueues its work on the main actor and calls `MainActor.executor.run()` on the main
    /// thread, which runs this loop's ``run()`` until the process exits.
    /// - Returns: the same loop on every call; nil if it could not be made (no pipe left).
    package static func installMain() -> MainRunLoop? {
        installed.withLock { loop in
            if let loop { return loop }
            loop = try? MainRunLoop()
            return loop
        }
    }

    /// A loop that runs nothing until ``run()`` is called on the thread it is to own.
    /// - Throws: when its wake pipe cannot be made.
    package init() throws(TerminalError) {
        wakePipe = try InputReader.makePipe()
    }

    deinit {
        close(wakePipe.read)
        close(wakePipe.write)
    }

    /// Whether the caller is on the thread running the loop.
    package var isCurrent: Bool {
        let owner = owner.load(ordering: .acquiring)
        return owner != 0 && pthread_equal(owner, pthread_self()) != 0
    }

    /// Whether the loop waits, or is about to wait, in `poll` with no job queued: what comes
    /// next must wake it (for tests).
    package var isWaiting: Bool { state.withLock { $0.isWaiting && $0.queued.isEmpty } }

    /// Queues `job` to run on the loop's thread, after the jobs queued before it.
    package func enqueue(_ job: consuming ExecutorJob) {
        queue(.job(UnownedJob(job)))
    }

    /// Runs `action` on the loop's thread, after the jobs and actions queued before it.
    ///
    /// What a job of the main actor would do, for work that is only a call: no task is made,
    /// enqueued and run for it (a browse loop woken for each key or picture made one each time:
    /// issue 29).
    package func perform(_ action: @escaping @Sendable () -> Void) {
        queue(.action(action))
    }

    private func queue(_ work: Work) {
        let wake = state.withLock { state -> Bool in
            state.queued.append(work)
            defer { state.isWaiting = false }
            return state.isWaiting
        }
        if wake { wakeUp() }
    }

    /// Calls `onReadable` on the loop's thread whenever `descriptor` has input, or has hung up
    /// or failed: it must read what is there, or cancel the watch, else it is called again.
    /// - Parameters:
    ///   - descriptor: an open file descriptor the caller keeps open while watched.
    ///   - onReadable: reads the descriptor.
    /// - Returns: the watch; cancel it before closing the descriptor.
    package func watch(_ descriptor: Int32, onReadable: @escaping @Sendable () -> Void) -> Registration {
        let (id, wake) = state.withLock { state -> (UInt64, Bool) in
            state.lastRegistration &+= 1
            state.watched[state.lastRegistration] = Watched(descriptor: descriptor, onReadable: onReadable)
            state.watchGeneration &+= 1
            defer { state.isWaiting = false }
            return (state.lastRegistration, state.isWaiting)
        }
        if wake { wakeUp() }
        return Registration { [weak self] in self?.cancel(id) }
    }

    /// Calls `action` on the loop's thread once `delay` has passed (on the continuous clock);
    /// actions due at the same instant run in the order they were set.
    /// - Returns: the timer; cancelling it before it fires drops the action.
    package func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> Registration {
        let deadline = ContinuousClock.now.advanced(by: max(delay, .zero))
        let (id, wake) = state.withLock { state -> (UInt64, Bool) in
            state.lastRegistration &+= 1
            state.timers[state.lastRegistration] = Timer(deadline: deadline, action: action)
            defer { state.isWaiting = false }
            return (state.lastRegistration, state.isWaiting)
        }
        if wake { wakeUp() }  // its wait was timed for the timers set before
        return Registration { [weak self] in self?.cancel(id) }
    }

    private func cancel(_ id: UInt64) {
        let wake = state.withLock { state -> Bool in
            if state.timers.removeValue(forKey: id) != nil { return false }  // a later wake is harmless
            guard state.watched.removeValue(forKey: id) != nil else { return false }
            state.watchGeneration &+= 1
            defer { state.isWaiting = false }
            return state.isWaiting
        }
        if wake { wakeUp() }
    }

    /// Runs jobs and watched descriptors' handlers on the calling thread until ``stop()``.
    package func run() throws {
        owner.store(pthread_self(), ordering: .releasing)
        defer { owner.store(0, ordering: .releasing) }
        var poller = Poller(wake: wakePipe.read)
        // The work taken from the queue, swapped with it: the two arrays trade places each
        // pass and keep their storage, so queueing allocates nothing once they have grown.
        var taken: [Work] = []
        while true {
            let stopped = state.withLock { state -> Bool in
                swap(&taken, &state.queued)
                return state.isStopped
            }
            if stopped { return }
            for work in taken {
                switch work {
                case .job(let job): job.runSynchronously(on: asUnownedSerialExecutor())
                case .action(let action): action()
                }
            }
            taken.removeAll(keepingCapacity: true)
            // Wait only when nothing is queued; otherwise look at the descriptors without
            // waiting, so a loop kept busy by jobs still reads its input between them.
            let (wait, generation, watched, nextDeadline) = state.withLock { state in
                let wait = state.queued.isEmpty && !state.isStopped
                state.isWaiting = wait
                let changed = state.watchGeneration != poller.generation
                var nextDeadline: ContinuousClock.Instant?
                for timer in state.timers.values where nextDeadline.map({ timer.deadline < $0 }) ?? true {
                    nextDeadline = timer.deadline
                }
                return (wait, state.watchGeneration, changed ? Array(state.watched) : nil, nextDeadline)
            }
            if let watched { poller.rebuild(watched.map { ($0.key, $0.value.descriptor) }, generation: generation) }
            poller.poll(timeout: wait ? Self.timeout(until: nextDeadline) : 0)
            if wait { state.withLock { $0.isWaiting = false } }
            for id in poller.ready {
                // Looked up again: a handler run just before may have cancelled this watch.
                guard let watched = state.withLock({ $0.watched[id] }) else { continue }
                watched.onReadable()
            }
            // Only once the earliest is due: a timer is pending most of the time (a frame held back,
            // the status bar's ageing), and looking through them on every pass cost a key 3 %.
            if let nextDeadline, nextDeadline <= .now { runDueTimers() }
        }
    }

    /// `poll`'s timeout in milliseconds for a wait until `deadline`, rounded up so the timer is
    /// due when the wait ends; -1 (no timeout) without one.
    private static func timeout(until deadline: ContinuousClock.Instant?) -> Int32 {
        guard let deadline else { return -1 }
        let (seconds, attoseconds) = ContinuousClock.now.duration(to: deadline).components
        guard seconds >= 0, seconds < 86_400 else { return seconds < 0 ? 0 : 86_400_000 }
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(max(0, milliseconds))
    }

    private func runDueTimers() {
        let now = ContinuousClock.now
        let due = state.withLock { state -> [(id: UInt64, timer: Timer)] in
            let due = state.timers.filter { $0.value.deadline <= now }
            for id in due.keys { state.timers.removeValue(forKey: id) }
            return due.map { ($0.key, $0.value) }
        }
        for entry in due.sorted(by: { ($0.timer.deadline, $0.id) < ($1.timer.deadline, $1.id) }) { entry.timer.action() }
    }

    /// Ends ``run()`` once the job running (if any) returns. Jobs still queued are not run.
    package func stop() {
        state.withLock { $0.isStopped = true }
        wakeUp()
    }

    /// The main actor's executor is this loop (see ``installMain()``).
    package var isMainExecutor: Bool { self === Self.main }

    /// Traps unless called on the loop's thread: the runtime asks when code claims to be
    /// isolated to the loop (`MainActor.assumeIsolated`) outside any job of it.
    package func checkIsolated() {
        precondition(isCurrent, "expected to run on the MainRunLoop's thread")
    }

    /// Whether the caller is on the loop's thread (the runtime's question, without trapping).
    package func isIsolatingCurrentContext() -> Bool? { isCurrent }

    private func wakeUp() {
        var byte: UInt8 = 1
        _ = write(wakePipe.write, &byte, 1)  // EAGAIN: the pipe is full, so a wake is pending anyway
    }
}

/// The loop's `poll` set: the wake pipe first, then the watched descriptors.
private struct Poller {
    var generation: UInt64 = .max
    private var descriptors: [pollfd]
    private var ids: [UInt64] = []
    private var drain = [UInt8](repeating: 0, count: 64)

    init(wake: Int32) {
        descriptors = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
    }

    mutating func rebuild(_ watched: [(id: UInt64, descriptor: Int32)], generation: UInt64) {
        self.generation = generation
        descriptors.removeSubrange(1...)
        ids.removeAll(keepingCapacity: true)
        for (id, descriptor) in watched.sorted(by: { $0.id < $1.id }) {
            descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
            ids.append(id)
        }
    }

    /// The watches the last ``poll(timeout:)`` found ready. Kept, and emptied by the next
    /// poll, so a key's poll allocates nothing (a new array each time was 2 % of a held `j`).
    private(set) var ready: [UInt64] = []

    /// Polls, waiting up to `timeout` milliseconds (-1: until something is ready), and leaves
    /// the watches ready in ``ready``.
    mutating func poll(timeout: Int32) {
        ready.removeAll(keepingCapacity: true)
        let count = Glibc.poll(&descriptors, nfds_t(descriptors.count), timeout)
        guard count > 0 else { return }  // 0, or EINTR: the loop comes round again
        if descriptors[0].revents != 0 {
            while read(descriptors[0].fd, &drain, drain.count) > 0 {}
        }
        for index in descriptors.indices.dropFirst() where descriptors[index].revents != 0 {
            ready.append(ids[index - 1])
        }
    }
}
