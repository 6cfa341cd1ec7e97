import Foundation

/// The randomuser.me-compatible service behind the HTTP layer: routing, the live service's
/// headers, the rate limit and fault injection, with generation and portraits delegated.
///
/// Routes: `/api/` and `/api/1.4/` generate users; `/api/1.0/` … `/api/1.3/` answer 501 (the
/// generator speaks v1.4 only, and v1.4 data under an older URL would be silently wrong for
/// clients that decode the old shapes); any other `/api/<version>/` answers a plain
/// `Not Found` like the live service; `/api/portraits/…` serves portraits; the rest is 404.
struct SimulatorService: HTTPHandler {
    let generator: any UserGenerating
    let portraits: PortraitStore
    let faults: FaultInjector?
    let rateLimiter: RateLimiter?
    let now: @Sendable () -> Date

    static let currentVersion = "1.4"
    static let olderVersions: Set<String> = ["1.0", "1.1", "1.2", "1.3"]
    static let portraitPrefix = "/api/portraits/"

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let path = request.path
        if path.hasPrefix(Self.portraitPrefix) {
            return withFaults(request, isAPI: false) {
                portrait(path.dropFirst(Self.portraitPrefix.count))
            }
        }
        switch Self.apiVersion(of: path) {
        case .current:
            return withFaults(request, isAPI: true) { users(request) }
        case .older(let version):
            return Self.json(501, ErrorBody.json(
                "This simulator generates API version \(Self.currentVersion) only; "
                    + "request /api/ or /api/\(Self.currentVersion)/ instead of /api/\(version)/."))
        case .unknown:
            return Self.notFound
        }
    }

    // MARK: - Users

    private func users(_ request: HTTPRequest) -> HTTPResponse {
        let client = request.peer.host
        if let rateLimiter, let rejection = rateLimiter.check(client: client) {
            var response = Self.tooManyRequests(
                requested: rejection.requested, window: rateLimiter.configuration.window,
                retryAfter: rejection.retryAfter)
            response.logNote = "rate-limited"
            return response
        }
        let authority = HostHeader.validAuthority(request.headers["Host"]) ?? request.local.authority
        let generated: GeneratedResponse
        do {
            generated = try generator.respond(
                toQuery: request.query ?? "", now: now(), portraitBaseURL: "http://\(authority)/api/portraits/")
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
        var headers = Self.apiHeaders(contentType: generated.contentType)
        if let filename = generated.attachmentFilename {
            headers.set("Content-Disposition", "attachment; filename=\"\(filename)\"")
        }
        return HTTPResponse(status: 200, headers: headers, body: generated.body)
    }

    // MARK: - Portraits

    private func portrait(_ rest: Substring) -> HTTPResponse {
        guard let key = PortraitKey(path: rest) else { return Self.notFound }
        return HTTPResponse(
            status: 200,
            headers: [
                "Content-Type": "image/jpeg",
                "Access-Control-Allow-Origin": "*",
                // Portraits never change for a given URL; the API's answers do (no seed).
                "Cache-Control": "public, max-age=86400",
            ],
            body: portraits.jpeg(for: key))
    }

    // MARK: - Faults

    /// Applies the fault decided for this request around `answer`.
    private func withFaults(_ request: HTTPRequest, isAPI: Bool, _ answer: () -> HTTPResponse) -> HTTPResponse {
        guard let faults else { return answer() }
        let decision = faults.decide(target: request.pathAndQuery, isAPI: isAPI)
        var response: HTTPResponse
        switch decision.kind {
        case .reset:
            response = HTTPResponse(status: 200)
            response.delivery.reset = true
        case .fail(let status):
            response = FaultPages.errorPage(status: status)
        case .throttle:
            let retryAfter = faults.configuration.throttleRetryAfter
            let window = rateLimiter?.configuration ?? .default
            response = Self.tooManyRequests(requested: window.maxUsers, window: window.window, retryAfter: retryAfter)
        case .html:
            response = FaultPages.blockPage(rayID: ChaosRandom.hash(Array(request.pathAndQuery.utf8)))
        case .emptyResults:
            response = answer()
            if response.status == 200, let emptied = EmptyResults.apply(to: response.body) {
                response.body = emptied
            }
        case .truncate(let fraction):
            response = answer()
            response.delivery.truncatedBodyLength = Int(Double(response.body.count) * fraction)
        case nil:
            response = answer()
        }
        response.delivery.delay = decision.delay
        if let slow = decision.slowBody {
            response.delivery.dribble = .init(chunk: slow.chunkBytes, interval: slow.interval)
        }
        if let note = decision.note {
            response.logNote = [response.logNote, note].compactMap { $0 }.joined(separator: " ")
        }
        return response
    }
}
