import Synchronization

/// Runs identical GETs once and gives every awaiter the result.
///
/// The first caller for a key starts a flight (an unstructured task running the whole
/// request: attempts, retries, decoding). Later callers with the same key wait for it. An
/// awaiter that is cancelled leaves at once with ``HTTPError/cancelled``; the flight goes on
/// for the others and is cancelled only when the last awaiter has left. A finished flight is
/// forgotten immediately: this is deduplication of concurrent work, not a cache.
final class RequestCoalescer: Sendable {
    /// What makes two requests the same: method, URL, headers, what is done with the body
    /// (the result type) and which content types are accepted.
    struct Key: Hashable, Sendable {
        var method: String
        var url: String
        var headers: [String]
        var resultType: ObjectIdentifier
        var accepted: AcceptedContentTypes
    }

    private typealias Waiter = CheckedContinuation<Result<any Sendable, HTTPError>, Never>

    private struct Flight {
        let leaderID: Int
        var waiters: [Int: Waiter]
        var task: Task<Void, Never>?
    }

    private struct State {
        var flights: [Key: Flight] = [:]
        /// Callers that were cancelled before they could register as waiters.
        var cancelledEarly: Set<Int> = []
        /// Callers between entering `run` and registering.
        var arriving: Set<Int> = []
    }

    private let state = Mutex(State())

    /// Runs `operation` for `key`, or joins the flight already running it.
    ///
    /// - Parameters:
    ///   - key: The request's identity.
    ///   - callerID: The caller's request number, unique within the client.
    ///   - onJoin: Called with the leader's number when this caller joins an existing flight.
    ///   - operation: The whole request, run once per flight in its own task. It is given a
    ///     function that cancels that task (for the request's deadline, which then needs no
    ///     task of its own: see ``RequestExecutor``).
    /// - Returns: The flight's result, or ``HTTPError/cancelled`` if this caller was cancelled.
    func run<Value: Sendable>(
        key: Key, callerID: Int,
        onJoin: @Sendable (_ leaderID: Int) -> Void,
        operation: @escaping @Sendable (_ cancelFlight: @escaping @Sendable () -> Void) async -> Result<Value, HTTPError>
    ) async -> Result<Value, HTTPError> {
        state.withLock { _ = $0.arriving.insert(callerID) }
        let erased = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: Waiter) in
                let registration = state.withLock { state -> (cancelled: Bool, leader: Int?) in
                    state.arriving.remove(callerID)
                    if state.cancelledEarly.remove(callerID) != nil { return (true, nil) }
                    if var flight = state.flights[key] {
                        flight.waiters[callerID] = continuation
                        state.flights[key] = flight
                        return (false, flight.leaderID)
                    }
                    var flight = Flight(leaderID: callerID, waiters: [callerID: continuation])
                    flight.task = Task { [self] in
                        let result = await operation { [self] in cancelFlight(key: key, leaderID: callerID) }
                        finish(key: key, leaderID: callerID, with: result.map { $0 as any Sendable })
                    }
                    state.flights[key] = flight
                    return (false, nil)
                }
                if registration.cancelled {
                    continuation.resume(returning: .failure(.cancelled))
                } else if let leader = registration.leader {
                    onJoin(leader)
                }
            }
        } onCancel: {
            leave(key: key, callerID: callerID)
        }
        switch erased {
        case .success(let value):
            // The key includes the result type, so every value of a flight has this type.
            guard let typed = value as? Value else {
                return .failure(.invalidRequest(reason: "internal error: a shared request produced \(type(of: value))"))
            }
            return .success(typed)
        case .failure(let error):
            return .failure(error)
        }
    }

    /// Removes a cancelled caller; cancels the flight when nobody is left waiting for it.
    private func leave(key: Key, callerID: Int) {
        let (waiter, orphan) = state.withLock { state -> (Waiter?, Task<Void, Never>?) in
            if state.arriving.contains(callerID) {
                state.cancelledEarly.insert(callerID)
                return (nil, nil)
            }
            guard var flight = state.flights[key], let waiter = flight.waiters.removeValue(forKey: callerID) else {
                return (nil, nil)  // Already answered.
            }
            if flight.waiters.isEmpty {
                state.flights[key] = nil
                return (waiter, flight.task)
            }
            state.flights[key] = flight
            return (waiter, nil)
        }
        orphan?.cancel()
        waiter?.resume(returning: .failure(.cancelled))
    }

    /// Cancels the task of a flight, if it is still the one running for `key`.
    private func cancelFlight(key: Key, leaderID: Int) {
        let task = state.withLock { state in
            state.flights[key].flatMap { $0.leaderID == leaderID ? $0.task : nil }
        }
        task?.cancel()
    }

    /// Delivers a flight's result to everyone still waiting and forgets the flight.
    private func finish(key: Key, leaderID: Int, with result: Result<any Sendable, HTTPError>) {
        let waiters = state.withLock { state -> [Waiter] in
            // A flight abandoned by everyone may have been replaced by a newer one.
            guard let flight = state.flights[key], flight.leaderID == leaderID else { return [] }
            state.flights[key] = nil
            return Array(flight.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: result) }
    }
}
