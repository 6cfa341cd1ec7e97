import Endless
import Synchronization
import Testing

/// Everything a ``ScriptedPageSource`` remembers, behind its Mutex.
struct SourceState<Item: Identifiable & Sendable>: Sendable {
    struct Script: Sendable {
        var page: Int?
        var response: ScriptedPageSource<Item>.Response
        var remaining: Int
    }

    struct Observer {
        var isSatisfied: @Sendable (SourceState) -> Bool
        var resumer: OnceResumer
    }

    var isGated: Bool
    var passes = 0
    var nextWaiterID = 0
    var waiting: [(id: Int, key: Int?, continuation: CheckedContinuation<Void, any Error>)] = []
    var cancelledBeforeWaiting: Set<Int> = []
    var requests: [PageRequest<Int>] = []
    var cancelledRequests: [PageRequest<Int>] = []
    var completedRequests: [PageRequest<Int>] = []
    var scripts: [Script] = []
    var observers: [Observer] = []

    init(isGated: Bool) { self.isGated = isGated }

    /// The first script for `page` (or for any page), used up by one load.
    mutating func takeScript(forPage page: Int) -> ScriptedPageSource<Item>.Response? {
        guard let index = scripts.firstIndex(where: { $0.page == nil || $0.page == page }) else { return nil }
        let response = scripts[index].response
        scripts[index].remaining -= 1
        if scripts[index].remaining <= 0 { scripts.remove(at: index) }
        return response
    }

    /// Removes and returns the observers whose condition now holds.
    mutating func satisfiedObservers() -> [OnceResumer] {
        let snapshot = self
        let ready = observers.filter { $0.isSatisfied(snapshot) }
        observers.removeAll { $0.isSatisfied(snapshot) }
        return ready.map(\.resumer)
    }
}

extension ScriptedPageSource {
    // MARK: Scripting

    /// Makes the next `times` loads of `page` (or of any page) answer `response` instead.
    /// Scripts are used in the order given.
    ///
    /// - Parameters:
    ///   - response: what to answer.
    ///   - page: the page it applies to; `nil` for whichever page is loaded next.
    ///   - times: how many loads it applies to.
    public func script(_ response: Response, forPage page: Int? = nil, times: Int = 1) {
        change { $0.scripts.append(SourceState<Item>.Script(page: page, response: response, remaining: max(1, times))) }
    }

    /// How many scripted loads are left (a script for `times` loads counts `times`).
    public var scriptedLoadsLeft: Int { state.withLock { $0.scripts.reduce(0) { $0 + $1.remaining } } }

    /// Forgets every script not used yet: later loads answer their pages as usual.
    public func removeAllScripts() {
        change { $0.scripts.removeAll() }
    }

    // MARK: The gate

    /// Whether loads wait at the gate.
    public var isGated: Bool { state.withLock { $0.isGated } }

    /// How many loads are waiting at the gate.
    public var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Lets `count` loads through the gate: those waiting first (oldest first), then, if fewer
    /// are waiting, the next ones to arrive.
    ///
    /// - Parameter count: how many loads to let through.
    public func release(_ count: Int = 1) {
        let released = change { state -> [CheckedContinuation<Void, any Error>] in
            let now = min(count, state.waiting.count)
            state.passes += count - now
            defer { state.waiting.removeFirst(now) }
            return state.waiting.prefix(now).map(\.continuation)
        }
        for continuation in released { continuation.resume() }
    }

    /// Lets the waiting load of one page through, whatever its place in the queue, so a test
    /// can make pages land out of order.
    ///
    /// - Parameter key: the key of the waiting request (`nil`: a refresh with no key).
    /// - Returns: whether such a load was waiting (and is now released).
    @discardableResult
    public func release(key: Int?) -> Bool {
        let released = change { state -> CheckedContinuation<Void, any Error>? in
            guard let index = state.waiting.firstIndex(where: { $0.key == key }) else { return nil }
            return state.waiting.remove(at: index).continuation
        }
        released?.resume()
        return released != nil
    }

    /// The keys of the loads waiting at the gate, oldest first.
    public var waitingKeys: [Int?] { state.withLock { $0.waiting.map(\.key) } }

    /// Opens the gate: every waiting load goes on, and later loads do not wait.
    public func openGate() {
        let released = change { state -> [CheckedContinuation<Void, any Error>] in
            state.isGated = false
            defer { state.waiting.removeAll() }
            return state.waiting.map(\.continuation)
        }
        for continuation in released { continuation.resume() }
    }

    /// Closes the gate: later loads wait for ``release(_:)`` or ``openGate()``.
    public func closeGate() {
        change {
            $0.isGated = true
            $0.passes = 0
        }
    }

    // MARK: The record

    /// Every request received, in order.
    public var requests: [PageRequest<Int>] { state.withLock { $0.requests } }
    /// The requests whose load saw its task cancelled and threw `CancellationError`.
    public var cancelledRequests: [PageRequest<Int>] {
        state.withLock { $0.cancelledRequests }
    }
    /// The requests answered (with a page or a scripted failure).
    public var completedRequests: [PageRequest<Int>] {
        state.withLock { $0.completedRequests }
    }

    /// Suspends until at least `count` requests have been received.
    ///
    /// - Parameters:
    ///   - count: the number of requests to wait for.
    ///   - limit: how long to wait in real time (times ``TimeBudget/scale``) before giving up
    ///     and recording an issue.
    ///   - fileID: the caller's file, where the issue is recorded.
    ///   - filePath: the caller's file path, for the issue.
    ///   - line: the caller's line, for the issue.
    ///   - column: the caller's column, for the issue.
    /// - Returns: whether it happened; false if the time ran out or the task was cancelled first
    ///   (a test's time limit).
    @discardableResult
    public func requests(
        atLeast count: Int, within limit: Duration = TimeBudget.standardWait,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> Bool {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return await observe("\(count) requests (\(requests.count) received)", within: limit, at: location) {
            $0.requests.count >= count
        }
    }

    /// Suspends until at least `count` loads are waiting at the gate.
    ///
    /// - Parameters:
    ///   - count: the number of waiting loads to wait for.
    ///   - limit: how long to wait in real time (times ``TimeBudget/scale``) before giving up
    ///     and recording an issue.
    ///   - fileID: the caller's file, where the issue is recorded.
    ///   - filePath: the caller's file path, for the issue.
    ///   - line: the caller's line, for the issue.
    ///   - column: the caller's column, for the issue.
    /// - Returns: whether it happened; false if the time ran out or the task was cancelled first
    ///   (a test's time limit).
    @discardableResult
    public func waitingRequests(
        atLeast count: Int, within limit: Duration = TimeBudget.standardWait,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> Bool {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return await observe("\(count) loads at the gate (\(waitingCount) there)", within: limit, at: location) {
            $0.waiting.count >= count
        }
    }

    /// Suspends until the number of loads waiting at the gate is no longer `count`: one has
    /// arrived, or been released or cancelled.
    ///
    /// - Parameters:
    ///   - count: the number last seen.
    ///   - limit: how long to wait in real time (times ``TimeBudget/scale``) before giving up
    ///     and recording an issue.
    ///   - fileID: the caller's file, where the issue is recorded.
    ///   - filePath: the caller's file path, for the issue.
    ///   - line: the caller's line, for the issue.
    ///   - column: the caller's column, for the issue.
    /// - Returns: whether it happened; false if the time ran out or the task was cancelled first
    ///   (a test's time limit).
    @discardableResult
    public func waitingCountChanged(
        from count: Int, within limit: Duration = TimeBudget.standardWait,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> Bool {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return await observe("the loads at the gate to change from \(count)", within: limit, at: location) {
            $0.waiting.count != count
        }
    }

    /// Suspends until the number of loads waiting at the gate is no longer `count`, the task
    /// is cancelled, or `deadline` passes.
    func waitingCountChanged(from count: Int, until deadline: ContinuousClock.Instant) async -> OnceResumer.Ending {
        await observe(until: deadline) { $0.waiting.count != count }
    }

    /// Suspends until at least `count` loads have been answered (with a page or a scripted
    /// failure).
    ///
    /// - Parameters:
    ///   - count: the number of answered loads to wait for.
    ///   - limit: how long to wait in real time (times ``TimeBudget/scale``) before giving up
    ///     and recording an issue.
    ///   - fileID: the caller's file, where the issue is recorded.
    ///   - filePath: the caller's file path, for the issue.
    ///   - line: the caller's line, for the issue.
    ///   - column: the caller's column, for the issue.
    /// - Returns: whether it happened; false if the time ran out or the task was cancelled first
    ///   (a test's time limit).
    @discardableResult
    public func completions(
        atLeast count: Int, within limit: Duration = TimeBudget.standardWait,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> Bool {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return await observe("\(count) answered loads (\(completedRequests.count) answered)", within: limit, at: location) {
            $0.completedRequests.count >= count
        }
    }

    /// Suspends until at least `count` loads have been cancelled.
    ///
    /// - Parameters:
    ///   - count: the number of cancellations to wait for.
    ///   - limit: how long to wait in real time (times ``TimeBudget/scale``) before giving up
    ///     and recording an issue.
    ///   - fileID: the caller's file, where the issue is recorded.
    ///   - filePath: the caller's file path, for the issue.
    ///   - line: the caller's line, for the issue.
    ///   - column: the caller's column, for the issue.
    /// - Returns: whether it happened; false if the time ran out or the task was cancelled first
    ///   (a test's time limit).
    @discardableResult
    public func cancellations(
        atLeast count: Int, within limit: Duration = TimeBudget.standardWait,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> Bool {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        return await observe("\(count) cancelled loads (\(cancelledRequests.count) cancelled)", within: limit, at: location) {
            $0.cancelledRequests.count >= count
        }
    }

    // MARK: Internals

    /// Mutates the state and wakes the observers the change satisfies.
    @discardableResult
    func change<T>(_ body: (inout SourceState<Item>) -> T) -> T {
        let (result, ready) = state.withLock { state in
            let result = body(&state)
            return (result, state.satisfiedObservers())
        }
        for resumer in ready { resumer.resume() }
        return result
    }

    /// Suspends until the state satisfies `isSatisfied`, the task is cancelled, or `limit`
    /// passes, in which case it records that `what` did not happen.
    private func observe(
        _ what: @autoclosure () -> String, within limit: Duration, at location: SourceLocation,
        _ isSatisfied: @escaping @Sendable (SourceState<Item>) -> Bool
    ) async -> Bool {
        let ending = await observe(until: .now + TimeBudget.scaled(limit), isSatisfied)
        if ending == .timedOut { OnceResumer.recordTimeout(what(), limit: limit, at: location) }
        return ending == .resumed
    }

    /// Suspends until the state satisfies `isSatisfied`, the task is cancelled, or `deadline`
    /// passes.
    private func observe(
        until deadline: ContinuousClock.Instant, _ isSatisfied: @escaping @Sendable (SourceState<Item>) -> Bool
    ) async -> OnceResumer.Ending {
        let resumer = OnceResumer()
        return await resumer.suspend(until: deadline) {
            let ready = self.state.withLock { state -> Bool in
                if isSatisfied(state) { return true }
                state.observers.append(SourceState<Item>.Observer(isSatisfied: isSatisfied, resumer: resumer))
                return false
            }
            if ready { resumer.resume() }
        }
    }

    /// Waits at the gate if it is closed and no pass is left.
    func passGate(key: Int?) async throws {
        let id = state.withLock { state -> Int? in
            guard state.isGated else { return nil }
            if state.passes > 0 {
                state.passes -= 1
                return nil
            }
            defer { state.nextWaiterID += 1 }
            return state.nextWaiterID
        }
        guard let id else { return }
        if ignoresCancellation {
            try await wait(asWaiter: id, key: key)
            return
        }
        try await withTaskCancellationHandler {
            try await wait(asWaiter: id, key: key)
        } onCancel: {
            let waiter = change { state -> CheckedContinuation<Void, any Error>? in
                if let index = state.waiting.firstIndex(where: { $0.id == id }) {
                    return state.waiting.remove(at: index).continuation
                }
                state.cancelledBeforeWaiting.insert(id)
                return nil
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    private func wait(asWaiter id: Int, key: Int?) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let outcome = change { state -> Result<Void, any Error>? in
                if state.cancelledBeforeWaiting.remove(id) != nil { return .failure(CancellationError()) }
                // Released or opened between the check and now.
                if !state.isGated { return .success(()) }
                if state.passes > 0 {
                    state.passes -= 1
                    return .success(())
                }
                state.waiting.append((id, key, continuation))
                return nil
            }
            if let outcome { continuation.resume(with: outcome) }
        }
    }
}
