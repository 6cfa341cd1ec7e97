import Endless

/// The live list (`--live`): a refresh on a timer that keeps inside the rate limit it has seen.
extension FeedViewModel {
    /// Makes the list refresh itself every `interval` once started (or at once, when it is):
    /// never faster than the cooldown, and slower after a rate limit, per ``LiveRefreshSchedule``.
    /// - Parameter interval: how often to refresh; nil stops.
    public func setLive(every interval: Duration?) {
        liveInterval = interval
        liveTask?.cancel()
        liveTask = nil
        live = nil
        if let interval, feed.pageKeys.isEmpty == false || feed.loadStates.refresh.isLoading {
            startLiveTimer(every: interval)
        }
    }

    /// Holds the timer while the list is hidden (a hidden tab spends no requests); ``start()``
    /// lets it go on.
    public func pauseLive() {
        isLivePaused = true
    }

    func startLiveTimer(every interval: Duration) {
        let cooldown = feed.configuration.refreshCooldown
        live = LiveState(schedule: LiveRefreshSchedule(every: interval, cooldown: cooldown))
        liveTask = Task { [weak self, clock] in
            var schedule = LiveRefreshSchedule(every: interval, cooldown: cooldown)
            var wait = schedule.interval
            while true {
                do {
                    try await clock.sleep(for: wait)
                } catch {
                    return
                }
                guard let model = self else { return }
                if model.isLivePaused {
                    wait = schedule.interval
                    continue
                }
                let outcome = await model.refresh(answeringCooldown: false)
                guard !Task.isCancelled else { return }
                wait = schedule.wait(after: Self.liveOutcome(outcome), cooldown: cooldown)
                model.live = LiveState(schedule: schedule)
            }
        }
    }

    /// What a refresh came to, as the schedule reads it: a rate limit is a failure whose error
    /// says so (``RateLimitedFailure``).
    static func liveOutcome(_ outcome: RefreshOutcome) -> LiveRefreshSchedule.Outcome {
        switch outcome {
        case .refreshed: return .refreshed
        case .coolingDown(let remaining): return .coolingDown(remaining: remaining)
        case .failed(let error):
            if let limited = error as? any RateLimitedFailure, limited.isRateLimit {
                return .rateLimited(retryAfter: limited.retryAfter)
            }
            return .failed
        }
    }
}

/// How far the last refresh moved the selected item, so the list can scroll along with it.
public struct SelectionMove: Hashable, Sendable {
    /// Rows the item moved: positive when it went down the list.
    public let delta: Int
    /// Changes with every move, so each is applied once.
    public let serial: Int
}

/// What the header says about a live list: how often it refreshes now, and whether it slowed
/// down for a rate limit.
public struct LiveState: Hashable, Sendable {
    /// The interval now.
    public let interval: Duration
    /// Whether a rate limit made it slower than asked.
    public let isBackingOff: Bool

    init(schedule: LiveRefreshSchedule) {
        interval = schedule.interval
        isBackingOff = schedule.interval > schedule.baseInterval
    }

    /// `live 30 s`, or `live 60 s (rate limited)`.
    public var label: String {
        let seconds = interval.components.seconds
        return "live \(seconds) s" + (isBackingOff ? " (rate limited)" : "")
    }
}
