import EndlessTesting
import Testing

@testable import EndlessApp

extension BrowseLoop {
    /// The next event in the loop's inbox, waiting at most `limit` (times
    /// ``TimeBudget/scale``) for one: a timer's, a feed's change.
    ///
    /// A test that awaits the inbox for an event that never comes (a tick the loop did not set,
    /// a deadline the manual clock was not advanced to) would hang the whole run: this records
    /// an issue at the caller's line and returns nil instead.
    ///
    /// - Parameters:
    ///   - event: what the test waits for, for the issue.
    ///   - limit: the budget in an ordinary debug build.
    ///   - sourceLocation: where the issue is recorded.
    /// - Returns: the event, or nil when none came in time (or the inbox was finished).
    func nextEvent(
        _ event: String, within limit: Duration = TimeBudget.standardWait,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Event? {
        do {
            return try await withTimeout(limit) { await self.inbox.next() }
        } catch {
            Issue.record(error, "no event came to the loop: \(event)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// Handles the inbox's events, each waited for as ``nextEvent(_:within:sourceLocation:)``
    /// does, while `condition` holds: at most 1,000, a bound and not a count (every loop hears
    /// every feed's change, so other tests' changes come here too, one after another).
    ///
    /// - Parameters:
    ///   - event: what the test waits for, for the issue.
    ///   - sourceLocation: where an issue is recorded.
    ///   - condition: what keeps the test waiting.
    func handleEvents(
        _ event: String, sourceLocation: SourceLocation = #_sourceLocation, while condition: () -> Bool
    ) async throws {
        for _ in 0..<1_000 where condition() {
            guard let next = await nextEvent(event, sourceLocation: sourceLocation) else { return }
            _ = try process(next)
        }
    }
}
