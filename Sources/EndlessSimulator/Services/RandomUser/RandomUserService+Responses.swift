/// Version routing and the responses the service writes itself.
extension RandomUserService {
    enum APIVersion: Equatable {
        case current
        case older(RandomUserVersion)
        case unknown
    }

    /// `/api`, `/api/`, `/api/1.4`, `/api/1.4/` are current; `/api/1.0/` … `/api/1.3/` are
    /// older; everything else, including paths outside the mount, is unknown.
    static func apiVersion(of path: String) -> APIVersion {
        guard path == String(mountPath.dropLast()) || path.hasPrefix(mountPath) else { return .unknown }
        var rest = path.dropFirst(mountPath.count - 1)
        if rest.hasPrefix("/") { rest = rest.dropFirst() }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        if rest.isEmpty { return .current }
        guard let version = RandomUserVersion(rawValue: String(rest)) else { return .unknown }
        return version == .current ? .current : .older(version)
    }

    /// The live service's headers on every API answer.
    static func apiHeaders(contentType: String) -> HTTPHeaders {
        [
            "Content-Type": contentType,
            "Access-Control-Allow-Origin": "*",
            "Cache-Control": "no-cache",
        ]
    }

    static func json(_ status: Int, _ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: status, headers: apiHeaders(contentType: "application/json; charset=utf-8"), body: body)
    }

    /// 429 with the live service's "cowboy" JSON and a Retry-After in whole seconds.
    static func tooManyRequests(requested: Int, window: Duration, retryAfter: Duration) -> HTTPResponse {
        var response = json(429, ErrorBody.json(rateLimitMessage(requested: requested, window: window)))
        response.headers.set("Retry-After", RetryAfterHeader.seconds(retryAfter))
        return response
    }

    /// The live service's 429 message, with the window in words.
    static func rateLimitMessage(requested: Int, window: Duration) -> String {
        "Whoa, ease up there cowboy. You've requested \(requested) users in the last \(describe(window)). "
            + "Help us keep this service free and spare some resources for others."
    }

    /// `5 minutes`, `1 minute`, `30 seconds`.
    static func describe(_ window: Duration) -> String {
        let seconds = window.components.seconds
        if seconds >= 60, seconds % 60 == 0 {
            let minutes = seconds / 60
            return minutes == 1 ? "1 minute" : "\(minutes) minutes"
        }
        return seconds == 1 ? "1 second" : "\(seconds) seconds"
    }
}
