import Dispatch
import Foundation
import Synchronization

/// `PRAGMA quick_check` of the file a ``PageCache`` opened, on a thread of its own and a
/// read-only connection of its own, so that the first page of a launch never waits for it.
///
/// quick_check reads every page of the file: 6 ms for a feed at its 8 MiB limit, four times
/// that for four feeds, on every launch. Opening checks only what is cheap and catches most
/// damage at once: SQLite's first statement fails with `SQLITE_NOTADB` for a file that is not
/// a database, and with `SQLITE_CORRUPT` for one shorter than its header says (it compares
/// the header's page count with the file's size, counting the WAL, which a check of our own
/// would get wrong after a crash mid-checkpoint). The rest (a damaged page in the middle)
/// is what this check finds, while the cache serves pages:
///
/// - It starts after the first use's statements have run (``start()``), on a thread at the
///   lowest priority (nice 19), and reads nothing until ``delay`` has passed: a launch's
///   first rows come within that, and reading 8 MiB beside them, even at nice 19 on the other
///   core, made them 4 ms later. Being late is fine.
/// - WAL lets its connection read beside the cache's own; the pages the cache serves
///   meanwhile are pages SQLite read without error (a statement that meets damage fails, and
///   the cache rebuilds then, as ever).
/// - What it finds is acted on by the cache's next use (``damage``): the file is moved aside
///   and rebuilt there, under the cache's lock, with the usual notice.
/// - ``cancel()`` stops it within a few microseconds of its thread running (through
///   ``SQLiteCancellation``); ``waitUntilFinished()`` returns once its connection is closed.
///   The cache does both when it goes away, so no connection of a closed cache is left, and
///   the cache's own connection, closing last, checkpoints and removes the WAL as before.
///   A process that exits mid-check simply ends the thread: it never writes.
///
/// A check runs once: a second ``start()`` does nothing, and one after ``cancel()`` only
/// records the check as abandoned. The cache makes one check per file it opens that held
/// pages before (a file it created needs none), so once per file in an app, which has one
/// cache.
final class IntegrityCheck: Sendable {
    /// What the check concluded.
    enum Outcome: Sendable, Equatable {
        /// quick_check said `ok`.
        case passed
        /// The file is damaged: quick_check's first finding (and how many more), or the error
        /// that stopped it reading (`database disk image is malformed`).
        case damaged(String)
        /// The check did not finish (cancelled, the file gone, a lock held too long): it
        /// says nothing about the file.
        case abandoned(String)
    }

    /// What a test can watch, to hold the check at a known point.
    enum Event: Sendable, Equatable {
        /// On the check's thread: its read transaction is open (it holds a snapshot of the
        /// file), quick_check is about to run.
        case checking
        /// On the thread that waits for the check to finish (the cache going away), before
        /// it waits.
        case awaited
    }

    private struct State {
        var started = false
        var outcome: Outcome?
        var waiters: [CheckedContinuation<Outcome, Never>] = []
    }

    /// The file, opened again read-only.
    let path: String
    let busyTimeout: Duration
    /// How long after ``start()`` the check begins reading.
    let delay: Duration
    /// Signalled by ``cancel()``, to end the wait before the check at once.
    private let wakeUp = DispatchSemaphore(value: 0)
    private let observe: @Sendable (Event) -> Void
    private let cancellation = SQLiteCancellation()
    private let state = Mutex(State())
    /// Entered while the thread runs; left once its connection is closed.
    private let running = DispatchGroup()

    /// How long an app's check waits before it reads: well past a launch's first rows.
    static let launchDelay: Duration = .seconds(2)

    /// A check of `path`, not started yet.
    /// - Parameters:
    ///   - path: the database file.
    ///   - busyTimeout: how long its connection waits for a lock.
    ///   - delay: how long after starting it begins reading; none by default (tests).
    ///   - observe: hears each ``Event``; tests hold the check with it.
    init(path: String, busyTimeout: Duration, delay: Duration = .zero, observe: @escaping @Sendable (Event) -> Void = { _ in }) {
        self.path = path
        self.busyTimeout = busyTimeout
        self.delay = delay
        self.observe = observe
    }

    /// Starts the check on a thread of its own, once; after ``cancel()``, records it as
    /// abandoned instead. Returns at once.
    func start() {
        let starts = state.withLock { state in
            guard !state.started, state.outcome == nil else { return false }
            state.started = true
            // Under the lock, so that no one sees it started and not yet running.
            running.enter()
            return true
        }
        guard starts else { return }
        if cancellation.isCancelled {
            finish(.abandoned("cancelled"))
            running.leave()
            return
        }
        let thread = Thread { [self] in
            // Linux keeps a nice value per thread: this lowers this thread's alone.
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.niceness)
            if delay > .zero {
                let nanoseconds = delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000
                _ = wakeUp.wait(timeout: .now() + .nanoseconds(Int(nanoseconds)))
            }
            finish(cancellation.isCancelled ? .abandoned("cancelled") : check())
            running.leave()
        }
        thread.name = "page-cache-check"
        thread.start()
    }

    /// The lowest priority: the check runs when nothing else wants the processor.
    static let niceness: Int32 = 19

    /// Opens the file read-only and runs quick_check in a read transaction; the connection
    /// is closed on return, which ends the transaction.
    private func check() -> Outcome {
        do throws(SQLiteError) {
            let database = try SQLiteDatabase(
                path: path, options: SQLiteDatabase.Options(busyTimeout: busyTimeout, create: false, readOnly: true))
            database.stop(when: cancellation)
            // The snapshot quick_check reads is taken here, by the first read.
            try database.execute("BEGIN")
            _ = try database.userVersion()
            observe(.checking)
            if cancellation.isCancelled { return .abandoned("cancelled") }
            let findings = try database.quickCheck()
            guard let first = findings.first else { return .passed }
            let more = findings.count > 1 ? " and \(findings.count - 1) more" : ""
            return .damaged("quick_check: \(first)\(more)")
        } catch  where error.isDamage {
            return .damaged(error.message)
        } catch  where error.isInterrupted && cancellation.isCancelled {
            return .abandoned("cancelled")
        } catch {
            return .abandoned(error.description)
        }
    }

    private func finish(_ outcome: Outcome) {
        let waiters = state.withLock { state in
            state.outcome = outcome
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }

    /// Stops the check if it runs, or keeps it from starting; does not wait (see
    /// ``waitUntilFinished()``).
    func cancel() {
        cancellation.cancel()
        wakeUp.signal()
    }

    /// Blocks until the check's thread has closed its connection; at once when it never
    /// started. For the cache going away, after ``cancel()``.
    func waitUntilFinished() {
        observe(.awaited)
        running.wait()
    }

    /// The outcome, if the check has finished; nil while it runs or before it starts.
    var finishedOutcome: Outcome? { state.withLock { $0.outcome } }

    /// The damage found, once the check has found it; nil while it runs, and when the file
    /// passed or the check was abandoned.
    var damage: String? {
        state.withLock { state in
            if case .damaged(let reason) = state.outcome { reason } else { nil }
        }
    }

    /// What the check concluded, waiting for it if it runs; `abandoned` at once for a check
    /// that was never started.
    /// - Returns: the outcome.
    func outcome() async -> Outcome {
        await withCheckedContinuation { continuation in
            let ready: Outcome? = state.withLock { state in
                if let outcome = state.outcome { return outcome }
                if !state.started { return .abandoned("not started") }
                state.waiters.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
