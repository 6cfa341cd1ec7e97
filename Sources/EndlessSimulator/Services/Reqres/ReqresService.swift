import Foundation

/// The offline reqres.in, mounted at `/reqres/`: its API at `/reqres/api/` and its avatars at
/// `/reqres/img/faces/`.
///
/// `GET api/users?page=&per_page=` answers the real list shape (`page`, `per_page`, `total`,
/// `total_pages`, `data`, `support`), sliced as the open-source original slices it, so a page
/// past the end has `data: []`; `GET api/users/{id}` answers `{"data":…,"support":…}`, or 404
/// `{}` for an id it does not have. API calls need an `x-api-key` header, as the real service
/// has since 2025 (any non-empty key; none is a 401 with the real body). `delay=N` holds the
/// answer N seconds (at most 10), as on the real service.
///
/// Numbers are read as the original reads them, leniently, through ``NumericParameter``: a
/// `page` or `per_page` that is not a positive whole number is the default, a page past
/// ``NumericParameter/maximumPage`` is that page (past the end all the same), and a `per_page`
/// past ``ReqresDirectory/maxUserCount`` is that many.
struct ReqresService: ServiceRouter {
    let directory: ReqresDirectory
    let portraits: PortraitStore
    /// The longest `delay` honoured, in seconds (``maxDelaySeconds`` unless a test asks for less).
    let maxDelay: Int

    init(directory: ReqresDirectory, portraits: PortraitStore, maxDelay: Int = Self.maxDelaySeconds) {
        self.directory = directory
        self.portraits = portraits
        self.maxDelay = max(0, maxDelay)
    }

    static let mountPath = SimulatedService.reqres.mountPath
    /// Its API, below the mount.
    static let apiPrefix = SimulatedService.reqres.apiPath
    /// The real service's page size when none is asked for.
    static let defaultPerPage = 6
    /// The longest `delay` honoured, in seconds.
    static let maxDelaySeconds = 10
    static let apiKeyHeader = "x-api-key"
    /// The free key the real service documents; the simulator accepts any non-empty key.
    static let freeAPIKey = "reqres-free-v1"

    var mountPath: String { Self.mountPath }
    var listLocation: ListLocation { .key("data") }
    var siteName: String { "reqres.in" }

    func isAPI(_ request: HTTPRequest) -> Bool {
        relativePath(request.path).hasPrefix(Self.apiPrefix)
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let path = relativePath(request.path)
        if path.hasPrefix("img/faces/") { return avatar(path.dropFirst("img/faces/".count)) }
        guard path.hasPrefix(Self.apiPrefix) else { return SimulatorHost.notFound }
        let parameters = QueryParameters(request.query ?? "")
        guard let key = request.headers[Self.apiKeyHeader], !key.trimmingCharacters(in: .whitespaces).isEmpty else {
            var response = Self.json(
                401, #"{"error":"Missing API key.","how_to_get_one":"https://reqres.in/signup"}"#)
            response.logNote = "missing-api-key"
            return response
        }
        var response = route(path.dropFirst(Self.apiPrefix.count), parameters: parameters, request: request)
        let delay = parameters.integer("delay", in: 0...maxDelay).clamped(default: 0)
        if delay > 0 {
            response.delivery.delay = .seconds(delay)
        }
        return response
    }

    private func route(_ path: Substring, parameters: QueryParameters, request: HTTPRequest) -> HTTPResponse {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.first == "users" else { return Self.json(404, "{}") }
        let avatarBase = "http://\(HostHeader.validAuthority(request.headers["Host"]) ?? request.local.authority)\(Self.mountPath)"
        switch parts.count {
        case 1:
            return list(parameters: parameters, avatarBase: avatarBase)
        case 2:
            guard let id = NumericParameter.integer(parts[1], in: 1...directory.count).value, let user = directory.user(id: id)
            else { return Self.json(404, "{}") }
            var body = TextBuffer(capacity: 400)
            body.append("{\"data\":")
            user.appendJSON(to: &body, avatarBase: avatarBase)
            body.append(",\"support\":")
            Self.appendSupport(to: &body)
            body.append(UInt8(ascii: "}"))
            return Self.json(200, body.bytes)
        default:
            return Self.json(404, "{}")
        }
    }

    /// `{"page":2,"per_page":6,"total":12,"total_pages":2,"data":[…],"support":{…}}`.
    private func list(parameters: QueryParameters, avatarBase: String) -> HTTPResponse {
        // The original reads numbers leniently: anything that is not a positive whole number
        // means the default.
        let page = parameters.integer("page", in: 1...NumericParameter.maximumPage).clampedAbove(default: 1)
        let perPage = parameters.integer("per_page", in: 1...ReqresDirectory.maxUserCount).clampedAbove(default: Self.defaultPerPage)
        let total = directory.count
        let users = directory.users(page: page, perPage: perPage)
        var body = TextBuffer(capacity: 256 + users.count * 180)
        body.append("{\"page\":")
        body.append(number: page)
        body.append(",\"per_page\":")
        body.append(number: perPage)
        body.append(",\"total\":")
        body.append(number: total)
        body.append(",\"total_pages\":")
        body.append(number: PageSlice.pageCount(count: total, perPage: perPage))
        body.append(",\"data\":[")
        for (index, user) in users.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            user.appendJSON(to: &body, avatarBase: avatarBase)
        }
        body.append("],\"support\":")
        Self.appendSupport(to: &body)
        body.append(UInt8(ascii: "}"))
        return Self.json(200, body.bytes)
    }

    /// `7-image.jpg`: a face drawn for that user.
    private func avatar(_ name: Substring) -> HTTPResponse {
        guard name.hasSuffix("-image.jpg"),
            let id = NumericParameter.integer(name.dropLast("-image.jpg".count), in: 1...directory.count).value,
            let user = directory.user(id: id)
        else { return SimulatorHost.notFound }
        let key = PortraitKey(gender: user.face, index: id % (user.face.maxIndex + 1), size: .large)
        return RandomUserService.jpeg(portraits.jpeg(for: key))
    }

    private static func appendSupport(to body: inout TextBuffer) {
        body.append(
            #"{"url":"https://reqres.in/#support-heading","text":"To keep ReqRes free, contributions towards server costs are appreciated!"}"#
        )
    }

    static func json(_ status: Int, _ body: String) -> HTTPResponse {
        json(status, Array(body.utf8))
    }

    static func json(_ status: Int, _ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: ["Content-Type": "application/json; charset=utf-8", "Access-Control-Allow-Origin": "*"],
            body: body)
    }
}
