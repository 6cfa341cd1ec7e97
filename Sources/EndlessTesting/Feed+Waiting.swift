import Endless
import Observation

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
    /// - Parameter condition: what to wait for. If the task is cancelled first (a test's time
    ///   limit), the wait ends without it.
    public func wait(until condition: (Feed) -> Bool) async {
        // Returns early only if the task is cancelled (a test's time limit ran out).
        while !condition(self), !Task.isCancelled {
            // Spelled out rather than through OnceResumer.wait, so every closure here stays on
            // the main actor: the condition reads the feed.
            let resumer = OnceResumer()
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
                resumer.resume()
            }
        }
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
    /// - Parameter source: the gated source the feed loads from. If the task is cancelled
    ///   first (a test's time limit), the wait ends without it.
    public func waitUntilParked<Item>(at source: ScriptedPageSource<Item>) async {
        while !Task.isCancelled {
            let inFlight = loadsInFlight
            let waiting = source.waitingCount
            if inFlight == waiting { return }
            // Something is on its way: a load to the gate, or a page back to the feed.
            await Self.race(
                { await self.wait { $0.loadsInFlight != inFlight } },
                { await source.waitingCountChanged(from: waiting) })
        }
    }

    /// Suspends until every load this feed has in flight is asleep on `clock` (a source's
    /// latency, as ``ScriptedPageSource`` spends it) and every page that came back has been
    /// applied: time can move on. For sources with latency on a manual clock, as
    /// ``waitUntilParked(at:)`` is for gated ones; the feed must not sleep on the clock itself
    /// meanwhile (no automatic retry wait, no refresh indicator).
    ///
    /// - Parameter clock: the clock the source's latency runs on. If the task is cancelled
    ///   first, the wait ends without it.
    public func waitUntilLoadsSleep(on clock: ManualClock) async {
        while !Task.isCancelled {
            let inFlight = loadsInFlight
            let sleeping = clock.sleeperCount
            if inFlight == sleeping { return }
            await Self.race(
                { await self.wait { $0.loadsInFlight != inFlight } },
                { await clock.sleepers(atLeast: sleeping + 1) })
        }
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
