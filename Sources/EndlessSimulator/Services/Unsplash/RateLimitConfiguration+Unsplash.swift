extension RateLimitConfiguration {
    /// Unsplash's hourly budget, per access key: `limit` API requests an hour (50 for a demo
    /// key), counted from each key's first request in a window; image requests do not count.
    /// The live service sends no reset header.
    /// - Parameter limit: requests an hour and key (at least 1).
    static func unsplash(limit: Int) -> RateLimitConfiguration {
        RateLimitConfiguration(maxUsers: limit, window: .seconds(3600))
    }
}
