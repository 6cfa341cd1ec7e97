/// A fixed-window rate limit: once a client has used `maxUsers` within `window`, further
/// requests are refused until the window ends. By default randomuser.me's (users per IP,
/// refused with 429); CoinGecko counts calls and Unsplash API requests in the same way.
public struct RateLimitConfiguration: Sendable, Equatable {
    /// Users a client may request per window; the request that crosses it is still served.
    public var maxUsers: Int
    /// The window, which starts at a client's first request and restarts when it ends.
    public var window: Duration

    /// 20,000 users, randomuser.me's limit.
    public static let defaultMaxUsers = 20_000
    /// 5 minutes, randomuser.me's window.
    public static let defaultWindow = Duration.seconds(300)
    /// randomuser.me's limit: 20,000 users per 5 minutes.
    public static let `default` = RateLimitConfiguration()

    /// Creates a rate limit.
    /// - Parameters:
    ///   - maxUsers: users per window (at least 1).
    ///   - window: the window's length.
    public init(maxUsers: Int = defaultMaxUsers, window: Duration = defaultWindow) {
        self.maxUsers = max(1, maxUsers)
        self.window = window
    }
}
