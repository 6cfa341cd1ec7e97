import Synchronization

/// One piece of shared work (a download or a decode) and the callers waiting for its result.
///
/// Every caller holds a ``Ticket``. When the work finishes, every waiter gets the same result.
/// When a waiter's task is cancelled, that waiter alone leaves with `CancellationError`; when
/// the last one leaves, the work's task is cancelled, and the cancellation reaches whatever it
/// is awaiting (a download slot, the loader, another shared task).
///
/// The task's priority is the highest of its waiters'; whoever runs the work can observe it
/// (``setPriorityObserver(_:)``) to move a queued download or decode forward when a visible
/// row joins a prefetch.
///
/// State is behind a `Mutex` rather than on the pipeline's actor so that cancellation
/// handlers, which run synchronously on whatever thread cancels, can leave at once.
final class CoalescedTask<Value: Sendable>: Sendable {
    /// Told the task's new priority when it changes.
    typealias PriorityObserver = @Sendable (ImagePriority) -> Void

    /// A caller's place among the waiters.
    struct Ticket: Sendable {
        fileprivate let id: UInt64
    }

    private struct Waiter {
        var priority: ImagePriority
        var continuation: CheckedContinuation<Value, any Error>?
    }

    private struct State {
        var waiters: [UInt64: Waiter] = [:]
        /// Tickets cancelled before their caller started waiting.
        var leftEarly: Set<UInt64> = []
        var nextID: UInt64 = 0
        var outcome: Result<Value, any Error>?
        var isAbandoned = false
        /// The work runs to its end even when every waiter has left (see ``runToEnd()``).
        var runsToEnd = false
        var task: Task<Void, Never>?
        var priority = ImagePriority.prefetch
        var priorityObserver: PriorityObserver?

        /// Recomputes the priority; returns the observer to notify if it changed.
        mutating func refreshPriority() -> PriorityObserver? {
            // Closures, not key paths: a key path into this generic type is built anew, from
            // its mangled name, each time it is evaluated (issue 29: 0.7 % of the CPU of a
            // held `j` while new pictures arrive).
            let highest = waiters.values.lazy.map { $0.priority }.max() ?? priority
            guard highest != priority else { return nil }
            priority = highest
            return priorityObserver
        }
    }

    /// What a leaving waiter has to do once the lock is released.
    private struct Departure {
        var continuation: CheckedContinuation<Value, any Error>?
        var taskToCancel: Task<Void, Never>?
        var observer: PriorityObserver?
        var priority: ImagePriority
    }

    private let state = Mutex(State())
    /// Told about every waiter that leaves because its task was cancelled.
    private let onWaiterCancelled: @Sendable () -> Void

    private init(onWaiterCancelled: @escaping @Sendable () -> Void) {
        self.onWaiterCancelled = onWaiterCancelled
    }

    /// Creates a task with its first waiter; then ``start(priority:_:completion:)`` it and
    /// wait with ``value(for:)``.
    /// - Parameters:
    ///   - priority: the first waiter's priority.
    ///   - onWaiterCancelled: told whenever a waiter leaves because it was cancelled.
    /// - Returns: the task and the first waiter's ticket.
    static func withFirstWaiter(
        priority: ImagePriority, onWaiterCancelled: @escaping @Sendable () -> Void = {}
    ) -> (task: CoalescedTask, ticket: Ticket) {
        let task = CoalescedTask(onWaiterCancelled: onWaiterCancelled)
        let ticket = task.state.withLock { state in
            state.nextID = 1
            state.priority = priority
            state.waiters[0] = Waiter(priority: priority, continuation: nil)
            return Ticket(id: 0)
        }
        return (task, ticket)
    }

    /// The highest priority among the waiters.
    var priority: ImagePriority { state.withLock { $0.priority } }

    /// How many callers are suspended waiting for the result (tests wait on it).
    var suspendedWaiters: Int { state.withLock { $0.waiters.values.count { $0.continuation != nil } } }

    /// Adds a waiter, unless the work has already ended (finished, or abandoned by every
    /// waiter): the caller must then start a new task.
    /// - Returns: the waiter's ticket, or `nil` if the task can no longer be joined.
    func reserve(priority: ImagePriority) -> Ticket? {
        let (ticket, observer, current) = state.withLock { state -> (Ticket?, PriorityObserver?, ImagePriority) in
            guard state.outcome == nil, !state.isAbandoned else { return (nil, nil, state.priority) }
            let id = state.nextID
            state.nextID += 1
            state.waiters[id] = Waiter(priority: priority, continuation: nil)
            return (Ticket(id: id), state.refreshPriority(), state.priority)
        }
        observer?(current)
        return ticket
    }

    /// Starts the work. Its result (or error) goes to every waiter.
    /// - Parameters:
    ///   - priority: the Swift task priority to run at.
    ///   - work: the shared work; it can read ``priority`` and set a priority observer.
    ///   - completion: runs when the work is done, before the waiters are resumed, so that
    ///     whoever receives the result sees the task already forgotten by the pipeline.
    func start(
        priority: TaskPriority,
        _ work: @escaping @Sendable () async throws -> Value,
        completion: @escaping @Sendable () async -> Void
    ) {
        let task = Task.detached(priority: priority) {
            let outcome: Result<Value, any Error>
            do { outcome = .success(try await work()) } catch { outcome = .failure(error) }
            await completion()
            self.finish(outcome)
        }
        let abandoned = state.withLock { state in
            state.task = task
            return state.isAbandoned
        }
        if abandoned { task.cancel() }
    }

    /// Waits for the result on behalf of `ticket`'s caller.
    /// - Throws: the work's error, or `CancellationError` if this caller's task is cancelled
    ///   (the work goes on while other waiters remain).
    func value(for ticket: Ticket) async throws -> Value {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                let ready = state.withLock { state -> Result<Value, any Error>? in
                    if state.leftEarly.remove(ticket.id) != nil { return .failure(CancellationError()) }
                    if let outcome = state.outcome {
                        state.waiters.removeValue(forKey: ticket.id)
                        return outcome
                    }
                    state.waiters[ticket.id]?.continuation = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            leave(ticket)
        }
    }

    /// Changes the priority of a waiter (a decode waiting on a download, when the decode's
    /// own priority rises).
    func updatePriority(_ ticket: Ticket, to priority: ImagePriority) {
        let (observer, current) = state.withLock { state in
            state.waiters[ticket.id]?.priority = priority
            return (state.refreshPriority(), state.priority)
        }
        observer?(current)
    }

    /// Sets (or clears, with `nil`) the function told when the priority changes, and tells it
    /// the current priority at once, so no change between reading and observing is lost.
    func setPriorityObserver(_ observer: PriorityObserver?) {
        let current = state.withLock { state in
            state.priorityObserver = observer
            return state.priority
        }
        observer?(current)
    }

    /// From now on, the last waiter to leave does not cancel the work: it runs to its end and
    /// its result goes to nobody (a download that has started, whose bytes are worth keeping).
    /// Nobody can join it once abandoned, as with work that is cancelled.
    func runToEnd() {
        state.withLock { $0.runsToEnd = true }
    }

    /// Removes a cancelled waiter; the last one out cancels the work (unless it runs to its
    /// end: ``runToEnd()``). A waiter that has not
    /// yet asked for the ``value(for:)`` gets `CancellationError` when it does.
    func leave(_ ticket: Ticket) {
        let departure = state.withLock { state -> Departure? in
            // Not found: already resumed with the result, nothing to undo.
            guard let waiter = state.waiters.removeValue(forKey: ticket.id) else { return nil }
            if waiter.continuation == nil { state.leftEarly.insert(ticket.id) }
            var taskToCancel: Task<Void, Never>?
            if state.waiters.isEmpty, state.outcome == nil {
                state.isAbandoned = true
                taskToCancel = state.runsToEnd ? nil : state.task
            }
            return Departure(
                continuation: waiter.continuation, taskToCancel: taskToCancel,
                observer: state.refreshPriority(), priority: state.priority)
        }
        guard let departure else { return }
        onWaiterCancelled()
        // Outside the lock: cancelling runs the work's cancellation handlers synchronously,
        // down to the download's place in its gate's queue. Before the waiter resumes, so
        // whoever the waiter tells finds the work already gone (resumed first, a thread
        // preempted between the two let a freed slot start the abandoned download).
        departure.taskToCancel?.cancel()
        departure.continuation?.resume(throwing: CancellationError())
        departure.observer?(departure.priority)
    }

    private func finish(_ outcome: Result<Value, any Error>) {
        let continuations = state.withLock { state in
            state.outcome = outcome
            state.priorityObserver = nil
            state.task = nil
            let continuations = state.waiters.values.compactMap { $0.continuation }
            // Waiters without a continuation yet find the outcome when they arrive.
            state.waiters = state.waiters.filter { $0.value.continuation == nil }
            return continuations
        }
        for continuation in continuations { continuation.resume(with: outcome) }
    }
}
