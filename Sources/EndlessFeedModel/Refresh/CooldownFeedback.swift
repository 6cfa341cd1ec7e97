/// What a pull to refresh shows when it comes inside the refresh cooldown, so nothing is sent.
public enum CooldownFeedback: Hashable, Sendable {
    /// At once, how long until a refresh is allowed.
    case notice
    /// The refresh spinner for the feed's minimum indicator time, as if it had refreshed, then
    /// the notice: the pull always feels answered (the CoinGecko seed: 0.5 s, one network
    /// refresh every 3 s).
    case spinnerThenNotice
}
