import Synchronization

/// What the last answer said about the hourly request budget: `X-Ratelimit-Limit` and
/// `X-Ratelimit-Remaining` (50 an hour for a demo key, 5,000 in production; there is no
/// reset header: the window is an hour).
public struct UnsplashRateLimit: Hashable, Sendable {
    /// Requests allowed per hour.
    public var limit: Int?
    /// Requests left in this hour.
    public var remaining: Int

    /// Creates a status.
    /// - Parameters:
    ///   - limit: requests per hour, if the service said.
    ///   - remaining: requests left.
    public init(limit: Int?, remaining: Int) {
        self.limit = limit
        self.remaining = remaining
    }

    /// `41 requests left this hour`.
    public var summary: String {
        remaining == 1 ? "1 request left this hour" : "\(remaining) requests left this hour"
    }

    /// Reads the two headers; nil without a valid `X-Ratelimit-Remaining`.
    static func read(limit: String?, remaining: String?) -> UnsplashRateLimit? {
        guard let remaining = remaining.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), remaining >= 0 else {
            return nil
        }
        return UnsplashRateLimit(limit: limit.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }, remaining: remaining)
    }
}

/// The latest rate-limit status a client saw, shared by its copies (a client is a value, and
/// the page source, the details and the status bar hold copies of it).
final class UnsplashRateLimitRecord: Sendable {
    private let latest = Mutex<UnsplashRateLimit?>(nil)

    var value: UnsplashRateLimit? { latest.withLock { $0 } }

    func record(_ status: UnsplashRateLimit?) {
        guard let status else { return }
        latest.withLock { $0 = status }
    }

    /// The budget is spent: the service refused a request for it.
    func exhausted() {
        latest.withLock { $0 = UnsplashRateLimit(limit: $0?.limit, remaining: 0) }
    }
}
