import Endless
import Observation
import Testing

extension Feed {
    /// Suspends until `condition` holds, re-checking it after every change the feed makes.
    ///
    /// This is how a test waits for a page to land without sleeping or polling: it uses
    /// Observation, so `condition` must read observable state (`items`, `loadStates`,
    /// `pageKeys`, …), not the clock or the source.
    ///
    /// ```swift
    /// feed.itemAppeared(at: 19)
    /// source.release()
    /// await feed.wait { $0.items.count == 40 }
    /// ```
    ///
    /// The wait is bounded: if the condition does not hold within `limit`, it records an issue
    /// at the caller's line and returns false, so a broken feed fails the test in seconds
    /// instead of hanging it. Before indexing what the condition promised, `#require` it:
    /// `try #require(await feed.wait { $0.items.count >= 40 })`.
    ///
    /// - Parameters:
    ///   - limit: how long to wait (times ``TimeBudget/scale``); a condition a test waits for
    ///     holds within milliseconds.
    ///   - fileID: the caller's file, where the issue is recorded.
    ///   - filePath: the caller's file path, for the issue.
    ///   - line: the caller's line, for the issue.
    ///   - column: the caller's column, for the issue.
    ///   - condition: what to wait for.
    /// - Returns: whether `condition` holds; false if the time ran out or the task was
    ///   cancelled first (a test's time limit).
    @discardableResult
    public func wait(
        within limit: Duration = TimeBudget.standardWait,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        until condition: (Feed) -> Bool
    ) async -> Bool {
        let ending = await wait(until: .now + TimeBudget.scaled(limit), condition)
        if ending == .timedOut {
            OnceResumer.recordTimeout(
                "the feed's condition", limit: limit,
                at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        }
        return ending == .resumed
    }

    /// Suspends until `condition` holds, the task is cancelled or `deadline` passes.
    func wait(until deadline: ContinuousClock.Instant, _ condition: (Feed) -> Bool) async -> OnceResumer.Ending {
        while !condition(self) {
            // Spelled out rather than through OnceResumer.suspend, so every closure here stays
            // on the main actor: the condition reads the feed.
            let resumer = OnceResumer()
            let timer = resumer.endOnTimeout(at: deadline)
            defer { Watchdog.shared.forget(timer) }
            await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    resumer.install(continuation)
                    // Registered synchronously right after the check above, so no change can
                    // slip in between.
                    withObservationTracking {
                        _ = condition(self)
                    } onChange: {
                        resumer.resume()
                    }
                }
            } onCancel: {
                resumer.end(.cancelled)
            }
            if let ending = resumer.ending, ending != .resumed { return ending }
        }
        return .resumed
    }

    /// Suspends until every load this feed has in flight is waiting at `source`'s gate and
    /// every page that came back has been applied: the feed is at rest until the test lets a
    /// load through (``ScriptedPageSource/release(_:)``, ``ScriptedPageSource/release(key:)``).
    ///
    /// ```swift
    /// feed.itemAppeared(at: 19)
    /// await feed.waitUntilParked(at: source)
    /// #expect(source.waitingKeys == [1, 2, 3])   // three appends in flight
    /// ```
    ///
    /// - Parameters:
    ///   - source: the gated source the feed loads from.
    ///   - limit: how long to wait (times ``TimeBudget/scale``) before giving up and recording
    ///     an issue.
    ///   - fileID: the caller's file, where the issue is recorded.
    ///   - filePath: the caller's file path, for the issue.
    ///   - line: the caller's line, for the issue.
    ///   - column: the caller's column, for the issue.
    /// - Returns: whether the feed is parked; false if the time ran out or the task was
    ///   cancelled first (a test's time limit).
    @discardableResult
    public func waitUntilParked<Item>(
        at source: ScriptedPageSource<Item>, within limit: Duration = TimeBudget.standardWait,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> Bool {
        await waitUntilSettled(
            within: limit, at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            what: "every load in flight to wait at the gate", count: { source.waitingCount },
            countChanged: { count, deadline in _ = await source.waitingCountChanged(from: count, until: deadline) })
    }

    /// Suspends until every load this feed has in flight is asleep on `clock` (a source's
    /// latency, as ``ScriptedPageSource`` spends it) and every page that came back has been
    /// applied: time can move on. For sources with latency on a manual clock, as
    /// ``waitUntilParked(at:within:fileID:filePath:line:column:)`` is for gated ones; the feed
    /// must not sleep on the clock itself meanwhile (no automatic retry wait, no refresh
    /// indicator).
    ///
    /// - Parameters:
    ///   - clock: the clock the source's latency runs on.
    ///   - limit: how long to wait (times ``TimeBudget/scale``) before giving up and recording
    ///     an issue.
    ///   - fileID: the caller's file, where the issue is recorded.
    ///   - filePath: the caller's file path, for the issue.
    ///   - line: the caller's line, for the issue.
    ///   - column: the caller's column, for the issue.
    /// - Returns: whether every load sleeps; false if the time ran out or the task was
    ///   cancelled first (a test's time limit).
    @discardableResult
    public func waitUntilLoadsSleep(
        on clock: ManualClock, within limit: Duration = TimeBudget.standardWait,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) async -> Bool {
        await waitUntilSettled(
            within: limit, at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
            what: "every load in flight to sleep on the clock", count: { clock.sleeperCount },
            countChanged: { count, deadline in _ = await clock.sleepers(atLeast: count + 1, until: deadline) })
    }

    /// Suspends until as many loads are in flight as `count` says are parked.
    private func waitUntilSettled(
        within limit: Duration, at location: SourceLocation, what: String, count: () -> Int,
        countChanged: @escaping @Sendable (Int, ContinuousClock.Instant) async -> Void
    ) async -> Bool {
        let deadline = ContinuousClock.now + TimeBudget.scaled(limit)
        while !Task.isCancelled {
            let inFlight = loadsInFlight
            let parked = count()
            if inFlight == parked { return true }
            if ContinuousClock.now >= deadline {
                OnceResumer.recordTimeout("\(what) (\(inFlight) in flight, \(parked) there)", limit: limit, at: location)
                return false
            }
            // Something is on its way: a load to where it parks, or a page back to the feed.
            await Self.race(
                { _ = await self.wait(until: deadline) { $0.loadsInFlight != inFlight } },
                { await countChanged(parked, deadline) })
        }
        return false
    }

    private static func race(
        _ first: @escaping @MainActor () async -> Void, _ second: @escaping @Sendable () async -> Void
    ) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await first() }
            group.addTask { await second() }
            await group.next()
            group.cancelAll()
        }
    }
}
