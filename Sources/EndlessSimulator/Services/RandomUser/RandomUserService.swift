import Foundation

/// The offline randomuser.me, mounted at `/api/`: users from the generator, procedurally drawn
/// portraits, the live service's headers and its rate limit.
///
/// Routes: `/api/` and `/api/1.4/` generate users; `/api/1.0/` … `/api/1.3/` generate the same
/// people in those versions' shapes (``RandomUserVersion``: street as text, unix-second or
/// local-time dates, no country…), as a client of an older version decodes them; any other
/// `/api/<version>/` answers a plain `Not Found` like the live service; `/api/portraits/…`
/// serves portraits.
struct RandomUserService: ServiceRouter {
    let generator: any UserGenerating
    let portraits: PortraitStore
    let rateLimiter: RateLimiter?
    let now: @Sendable () -> Date

    static let mountPath = SimulatedService.randomUser.mountPath
    /// Where portraits are, below the mount.
    static let portraitFolder = "portraits/"
    static let portraitPrefix = mountPath + portraitFolder

    var mountPath: String { Self.mountPath }
    var listLocation: ListLocation { .key("results") }
    var siteName: String { "randomuser.me" }

    func isAPI(_ request: HTTPRequest) -> Bool {
        !request.path.hasPrefix(Self.portraitPrefix)
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let path = request.path
        if path.hasPrefix(Self.portraitPrefix) {
            return portrait(path.dropFirst(Self.portraitPrefix.count))
        }
        switch Self.apiVersion(of: path) {
        case .current:
            return users(request, version: .current)
        case .older(let version):
            return users(request, version: version)
        case .unknown:
            return SimulatorHost.notFound
        }
    }

    /// A drawn portrait, a rate-limit refusal, or a seeded page the generator has cached.
    func readyResponse(to request: HTTPRequest) -> HTTPResponse? {
        let path = request.path
        if path.hasPrefix(Self.portraitPrefix) {
            guard let key = PortraitKey(path: path.dropFirst(Self.portraitPrefix.count)) else { return SimulatorHost.notFound }
            return portraits.cachedJPEG(for: key).map(Self.jpeg)
        }
        guard Self.apiVersion(of: path) == .current else { return nil }
        let client = request.peer.host
        if let rateLimiter, let rejection = rateLimiter.check(client: client) {
            return rateLimited(rejection, window: rateLimiter.configuration.window)
        }
        guard
            let cached = generator.cachedResponse(
                toQuery: request.query ?? "", now: now(), portraitBaseURL: portraitBaseURL(for: request))
        else { return nil }
        rateLimiter?.record(client: client, users: cached.userCount)
        return Self.usersResponse(cached)
    }

    /// The throttle fault answers like the live rate limit: the "cowboy" JSON and Retry-After.
    func throttled(retryAfter: Duration) -> HTTPResponse {
        let window = rateLimiter?.configuration ?? .default
        return Self.tooManyRequests(requested: window.maxUsers, window: window.window, retryAfter: retryAfter)
    }

    // MARK: - Users

    private func users(_ request: HTTPRequest, version: RandomUserVersion) -> HTTPResponse {
        let client = request.peer.host
        if let rateLimiter, let rejection = rateLimiter.check(client: client) {
            return rateLimited(rejection, window: rateLimiter.configuration.window)
        }
        let generated: GeneratedResponse
        do {
            generated = try generator.respond(
                toQuery: request.query ?? "", now: now(), portraitBaseURL: portraitBaseURL(for: request), version: version)
        } catch {
            // The live service crashes or hangs on the unsupported ones: a JSON 500 says why.
            // A parameter the simulator refuses (an unsafe JSONP callback) is the client's: 400.
            switch error {
            case .unsupportedRequest(let reason):
                var response = Self.json(500, ErrorBody.json(reason))
                response.logNote = "generator-error"
                return response
            case .invalidParameter(_, let reason):
                return Self.json(400, ErrorBody.json(reason))
            }
        }
        rateLimiter?.record(client: client, users: generated.userCount)
        return Self.usersResponse(generated)
    }

    /// Where this request's picture URLs point: the authority it was sent to.
    private func portraitBaseURL(for request: HTTPRequest) -> String {
        let authority = HostHeader.validAuthority(request.headers["Host"]) ?? request.local.authority
        return "http://\(authority)\(Self.portraitPrefix)"
    }

    private func rateLimited(_ rejection: RateLimiter.Rejection, window: Duration) -> HTTPResponse {
        var response = Self.tooManyRequests(
            requested: rejection.requested, window: window, retryAfter: rejection.retryAfter)
        response.logNote = "rate-limited"
        return response
    }

    /// A generated (or cached) body with the live service's headers.
    static func usersResponse(_ generated: GeneratedResponse) -> HTTPResponse {
        var headers = apiHeaders(contentType: generated.contentType)
        if let filename = generated.attachmentFilename {
            headers.set("Content-Disposition", "attachment; filename=\"\(filename)\"")
        }
        return HTTPResponse(status: 200, headers: headers, body: generated.body)
    }

    // MARK: - Portraits

    private func portrait(_ rest: Substring) -> HTTPResponse {
        guard let key = PortraitKey(path: rest) else { return SimulatorHost.notFound }
        return Self.jpeg(portraits.jpeg(for: key))
    }

    /// A portrait: it never changes for a given URL (the API's answers do, without a seed).
    static func jpeg(_ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(
            status: 200,
            headers: [
                "Content-Type": "image/jpeg",
                "Access-Control-Allow-Origin": "*",
                "Cache-Control": "public, max-age=86400",
            ],
            body: body)
    }
}
