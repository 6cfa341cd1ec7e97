import CoinGeckoAPI
import Endless
import EndlessFeedModel
import EndlessHTTP
import Foundation

/// A CoinGecko error as the app explains it: a key refusal says which flag or variable gives
/// one, a rate limit how long to wait, an unknown currency which flag picks another. The live
/// timer reads its rate limit (``RateLimitedFailure``).
struct CoinsFeedError: Error, CustomStringConvertible, LocalizedError, RateLimitedFailure, RequestFailure {
    let error: CoinGeckoError

    init(_ error: CoinGeckoError) {
        self.error = error
    }

    /// The service's account of how the request failed, for the status line.
    var requestFailureKind: RequestFailureKind { error.requestFailureKind }

    var description: String {
        switch error {
        case .refused(let code, _, _) where (10_000..<10_100).contains(code):
            return "\(error.description) Pass --demo-key KEY (a demo key starts CG-), set \(CoinsFeed.demoKeyVariable), "
                + "or leave both out for keyless use."
        case .invalidCurrency:
            return "\(error.description) Choose it with --vs-currency."
        case .rateLimited(let limit) where limit.retryAfter == nil && limit.source == .api:
            return "\(error.description) A demo key (--demo-key) has a higher limit."
        default:
            return error.description
        }
    }

    var errorDescription: String? { description }
    var isRateLimit: Bool { error.isRateLimit }
    var retryAfter: Duration? { error.retryAfter }
}
