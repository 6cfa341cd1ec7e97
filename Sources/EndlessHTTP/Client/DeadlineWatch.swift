import EndlessShared
import Synchronization

/// Ends the requests of a client that outlast its deadline, with one sleeping task for all of
/// them instead of one for each.
///
/// Racing every request against a sleep of its own made a task group, a child task for the
/// sleep and a timer per request, most of them cancelled a few milliseconds later: a held `j`
/// over pictures from the embedded simulator started one for each picture (issue 29). Here a
/// request is a dictionary entry; the one sleeper waits on the injected clock until the
/// earliest deadline, expires what is due, and sleeps again for the next.
///
/// Every request of a client has the same deadline, so a new one is almost never due before
/// those already watched: the sleeper is left alone as requests come and go, and a watch that
/// emptied keeps it until its time comes (one wake per deadline, not a timer made and
/// cancelled per request).
final class DeadlineWatch: Sendable {
    /// A request being watched, to pass to ``stop(_:)``.
    struct Ticket: Sendable {
        fileprivate let id: UInt64
    }

    private struct Entry {
        let due: Duration
        let expire: @Sendable () -> Void
    }

    private struct State {
        var entries: [UInt64: Entry] = [:]
        var nextID: UInt64 = 0
        /// Until when the sleeper sleeps, if one does.
        var sleeperDue: Duration?
    }

    private let state = Mutex(State())
    private let clock: Stopwatch

    /// Creates a watch timing deadlines on `clock`.
    init(clock: Stopwatch) {
        self.clock = clock
    }

    /// Calls `expire` once `due` has come on the clock, unless ``stop(_:)`` comes first.
    /// - Parameters:
    ///   - due: when, on the clock.
    ///   - expire: ends the request; called on the sleeper's task, outside the watch's lock.
    /// - Returns: the ticket to stop watching with.
    func watch(until due: Duration, expire: @escaping @Sendable () -> Void) -> Ticket {
        let (id, sleepUntil) = state.withLock { state -> (UInt64, Duration?) in
            state.nextID &+= 1
            state.entries[state.nextID] = Entry(due: due, expire: expire)
            if let sleeperDue = state.sleeperDue, sleeperDue <= due { return (state.nextID, nil) }
            state.sleeperDue = due
            return (state.nextID, due)
        }
        if let sleepUntil { sleep(until: sleepUntil) }
        return Ticket(id: id)
    }

    /// Stops watching a request.
    /// - Returns: false if its deadline came first (its `expire` has been or is being called).
    func stop(_ ticket: Ticket) -> Bool {
        state.withLock { $0.entries.removeValue(forKey: ticket.id) != nil }
    }

    /// Requests being watched (for tests).
    var count: Int { state.withLock { $0.entries.count } }

    /// Starts a sleeper until `due`. One that started earlier for a later time finds, when it
    /// wakes, that it is no longer the watch's, and ends.
    private func sleep(until due: Duration) {
        Task { [weak self, clock] in
            try? await clock.sleepUntil(due)
            self?.wake(sleptUntil: due)
        }
    }

    /// Expires what is due, and sleeps again until the next deadline if any is watched.
    private func wake(sleptUntil due: Duration) {
        let now = clock.elapsed()
        let (expired, next) = state.withLock { state -> ([Entry], Duration?) in
            guard state.sleeperDue == due else { return ([], nil) }  // a sleeper for an earlier time took over
            let expired = state.entries.filter { $0.value.due <= now }
            for id in expired.keys { state.entries.removeValue(forKey: id) }
            state.sleeperDue = state.entries.values.map(\.due).min()
            return (Array(expired.values), state.sleeperDue)
        }
        if let next { sleep(until: next) }
        for entry in expired { entry.expire() }
    }
}
