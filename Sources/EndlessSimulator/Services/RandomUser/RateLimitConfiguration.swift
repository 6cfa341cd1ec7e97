/// The live service's rate limit: once a client (by IP) has requested `maxUsers` users within
/// `window`, further requests get 429 until the window ends.
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
