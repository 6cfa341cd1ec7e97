/// What answers the requests of one offline service the host mounts at a path: randomuser.me
/// at `/api/`, reqres at `/reqres/`, and so on. Made by its ``SimulatedService`` descriptor
/// from the service's settings.
///
/// A router answers only what is its service's own (routes, data, auth, its rate limit); the
/// host routes to it by path and applies the fault flags to every service alike.
protocol ServiceRouter: Sendable {
    /// Where it is mounted: its descriptor's ``SimulatedService/mountPath``, a path that starts
    /// and ends with `/`, e.g. `/reqres/`. The path without its last slash reaches it too.
    var mountPath: String { get }

    /// Where the list of items sits in this service's API bodies, for the empty-results fault.
    var listLocation: ListLocation { get }

    /// Answers a request whose path is under ``mountPath``.
    func respond(to request: HTTPRequest) -> HTTPResponse

    /// The answer to a request when it is at hand without computing (a cached portrait or
    /// page, a refusal), else nil. Called on the server's I/O thread, so it must be quick.
    func readyResponse(to request: HTTPRequest) -> HTTPResponse?

    /// Whether a request is an API call (every fault applies) or an asset such as a picture
    /// (only the transport faults: latency, fail, reset, truncate, slow body).
    func isAPI(_ request: HTTPRequest) -> Bool

    /// What the throttle fault answers: the service's own 429.
    func throttled(retryAfter: Duration) -> HTTPResponse

    /// The host name the real service runs on, e.g. `randomuser.me`, for block pages.
    var siteName: String { get }

    /// What the HTML fault answers: the block page a CDN shows in front of the real service.
    func blocked(rayID: UInt64) -> HTTPResponse
}

extension ServiceRouter {
    /// Nothing is ready: every request is computed on a worker.
    func readyResponse(to request: HTTPRequest) -> HTTPResponse? { nil }

    /// Whether `path` is under the mount.
    func mounts(_ path: String) -> Bool {
        path.hasPrefix(mountPath) || path == String(mountPath.dropLast())
    }

    /// The path below the mount, without a leading slash: `users/2` for `/reqres/api/users/2`.
    func relativePath(_ path: String) -> Substring {
        path.hasPrefix(mountPath) ? path.dropFirst(mountPath.count) : ""
    }

    /// A Cloudflare "you have been blocked" page naming ``siteName``.
    func blocked(rayID: UInt64) -> HTTPResponse {
        FaultPages.blockPage(site: siteName, rayID: rayID)
    }

    /// A plain 429 with `Retry-After` in whole seconds, for services that have no body of their own.
    func throttled(retryAfter: Duration) -> HTTPResponse {
        var response = HTTPResponse.text(429, "Too Many Requests")
        response.headers.set("Retry-After", RetryAfterHeader.seconds(retryAfter))
        return response
    }
}

/// Where a JSON API body keeps its list of items.
enum ListLocation: Sendable, Equatable {
    /// Under a key of the top-level object: `results` (randomuser.me), `data` (reqres).
    case key(String)
    /// The body is the array itself (Unsplash, CoinGecko).
    case topLevelArray
    /// No list to empty.
    case none
}

/// `Retry-After` values as the services send them: whole seconds, rounded up, at least 1.
enum RetryAfterHeader {
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(max(1, seconds + (attoseconds > 0 ? 1 : 0)))
    }
}
