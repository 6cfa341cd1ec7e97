import CoinGeckoAPI
import EndlessHTTP
import ReqresAPI
import Testing
import UnsplashAPI

@testable import EndlessApp

/// The app's own account of each service's errors (which flag gives a key) keeps what the
/// service's error says of the network: the page cache's status line reads it through them.
@Suite("The app's feed errors keep how the request failed")
struct FeedErrorKindTests {
    @Test("photos: a spent budget is rate-limited; requests kept back for the person were not sent; no connection is no answer")
    func photos() {
        #expect(PhotosFeedError(.rateLimited(status: 403, limit: 50)).requestFailureKind == .rateLimited)
        #expect(PhotosFeedError(.holdingBack(remaining: 5, limit: 50)).requestFailureKind == .notSent)
        #expect(PhotosFeedError(.unauthorized(messages: ["OAuth error: The access token is invalid"])).requestFailureKind == .badAnswer)
        #expect(PhotosFeedError(.http(.transport(code: .timedOut, message: "timed out"))).requestFailureKind == .noAnswer)
    }

    @Test("coins: the API's and its CDN's rate limits, a refused key, no connection")
    func coins() {
        let limit = CoinGeckoError.RateLimit(retryAfter: .seconds(119), message: "slow down", source: .cloudflare)
        #expect(CoinsFeedError(.rateLimited(limit)).requestFailureKind == .rateLimited)
        #expect(CoinsFeedError(.refused(code: 10002, message: "API Key Missing", httpStatus: 401)).requestFailureKind == .badAnswer)
        #expect(CoinsFeedError(.http(.transport(code: .cannotConnectToHost, message: "refused"))).requestFailureKind == .noAnswer)
    }

    @Test("users: a refused key is an answer; a 429 is a rate limit")
    func users() {
        #expect(UsersFeedError(.missingAPIKey(message: "Missing API key.", howToGetOne: nil)).requestFailureKind == .badAnswer)
        #expect(UsersFeedError(.http(.status(code: 429, retryAfter: nil, snippet: ""))).requestFailureKind == .rateLimited)
    }
}
