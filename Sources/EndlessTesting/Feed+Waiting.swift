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
    /// - Parameter condition: what to wait for.
    public func wait(until condition: (Feed) -> Bool) async {
        while !condition(self) {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                // Registered synchronously on the main actor right after the check above, so no
                // change can slip in between.
                withObservationTracking {
                    _ = condition(self)
                } onChange: {
                    continuation.resume()
                }
            }
        }
    }
}
