/// When a live list refreshes next: every `requested` interval, but never sooner than the
/// refresh cooldown allows, never before a rate limit's `retry-after`, and slower after each
/// rate limit (the interval doubles, up to ``maximumInterval``), creeping back towards the
/// interval asked for only after a run of refreshes that went through.
///
/// A pure value: the view model's timer asks it for the next wait after each refresh, so the
/// policy is tested without a clock.
public struct LiveRefreshSchedule: Hashable, Sendable {
    /// What a live refresh came to, as the schedule needs to know it.
    public enum Outcome: Hashable, Sendable {
        /// The new first page came.
        case refreshed
        /// Inside the cooldown: nothing was sent; a refresh is allowed after `remaining`.
        case coolingDown(remaining: Duration)
        /// The service refused for the rate: wait `retryAfter` when it said.
        case rateLimited(retryAfter: Duration?)
        /// Any other failure.
        case failed
    }

    /// The slowest the schedule backs off to.
    public static let maximumInterval: Duration = .seconds(600)
    /// Refreshes in a row that must go through before the interval shortens again.
    public static let recoveryRun = 3

    /// The interval asked for, raised to the cooldown.
    public let baseInterval: Duration
    /// The interval now: at least ``baseInterval``.
    public private(set) var interval: Duration
    /// Refreshes in a row that went through since the last rate limit.
    public private(set) var successes = 0
    /// Rate limits seen.
    public private(set) var rateLimits = 0

    /// A schedule.
    /// - Parameters:
    ///   - requested: how often to refresh.
    ///   - cooldown: the feed's refresh cooldown: the schedule never asks for refreshes closer together.
    public init(every requested: Duration, cooldown: Duration) {
        baseInterval = max(requested, cooldown, .seconds(1))
        interval = baseInterval
    }

    /// The wait before the next refresh, after one that came to `outcome`.
    /// - Parameters:
    ///   - outcome: how the refresh ended.
    ///   - cooldown: the feed's cooldown, for a refresh that was refused by it.
    /// - Returns: how long to wait.
    public mutating func wait(after outcome: Outcome, cooldown: Duration = .zero) -> Duration {
        switch outcome {
        case .refreshed:
            successes += 1
            if interval > baseInterval, successes >= Self.recoveryRun {
                // Back towards the asked-for interval, a quarter at a time.
                interval = max(baseInterval, interval * 3 / 4)
                successes = 0
            }
            return interval
        case .coolingDown(let remaining):
            // Someone refreshed by hand: the next live refresh is an interval after theirs.
            let sinceTheirs = max(.zero, cooldown - remaining)
            return max(remaining, interval - sinceTheirs)
        case .rateLimited(let retryAfter):
            rateLimits += 1
            successes = 0
            interval = min(Self.maximumInterval, max(interval * 2, retryAfter ?? .zero))
            return max(interval, retryAfter ?? .zero)
        case .failed:
            return interval
        }
    }
}
