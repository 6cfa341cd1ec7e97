/// How a call to ``Feed/refresh(ignoringCooldown:scope:)`` ended.
public enum RefreshOutcome: Sendable, CustomStringConvertible {
    /// The new first page replaced the items.
    case refreshed
    /// The refresh failed; the old items are still shown and `loadStates.refresh` is failed.
    case failed(any Error)
    /// The last refresh started less than `FeedConfiguration.refreshCooldown` ago, so nothing
    /// was loaded. Not an error: show "refresh in 2 s" and let the person try again.
    case coolingDown(remaining: Duration)

    /// `refreshed`, `failed(<error>)` or `coolingDown(<remaining>)`.
    public var description: String {
        switch self {
        case .refreshed: "refreshed"
        case .failed(let error): "failed(\(error))"
        case .coolingDown(let remaining): "coolingDown(\(remaining))"
        }
    }
}
