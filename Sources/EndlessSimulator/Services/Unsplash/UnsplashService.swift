import Foundation

/// The offline Unsplash, mounted at `/unsplash/`: its API (`photos`, `photos/{id}`,
/// `photos/{id}/download`) and its imgix image host (`images/`).
///
/// `GET photos?page=&per_page=&order_by=` answers the bare JSON array of the live service, with
/// its `Link` (`first`, `prev`, `last`, `next`), `X-Total`, `X-Per-Page` and, when the rate
/// limit is on, `X-Ratelimit-Limit` and `X-Ratelimit-Remaining` headers. `per_page` is clamped
/// to 30 as the live service does; a page past the end is `[]`. API calls need an access key
/// (see ``UnsplashAuthorization``); over the hourly budget they get 403 `Rate Limit Exceeded`
/// as `text/plain`. Images honour imgix's `w`, `h`, `fit`, `crop`, `dpr`, `q` and `fm`, drawn from
/// the photo's scene and cached; they need no key and do not count against the budget. A `w` or
/// `h` past imgix's 8192, a `dpr` past 8 or a number that is not one is a 400; what is drawn is
/// within ``ImgixRequest/Limits``.
struct UnsplashService: ServiceRouter {
    let catalogue: UnsplashCatalogue
    let traits: UnsplashTraitsStore
    let images: PhotoImageStore
    let portraits: PortraitStore
    let rateLimiter: RateLimiter?
    /// The most one image request draws.
    let imageLimits: ImgixRequest.Limits
    /// The downloads each photo has been asked for here (`photos/{id}/download`).
    let downloads: UnsplashDownloadCounts

    static let mountPath = SimulatedService.unsplash.mountPath
    /// Where its imgix images are, below the mount.
    static let imageFolder = "images/"
    static let defaultPerPage = 10
    static let maxPerPage = 30
    /// Old photos without a BlurHash or colour in the live catalogue: one in 97 here too.
    static let untraitedEvery = 97

    var mountPath: String { Self.mountPath }
    var listLocation: ListLocation { .topLevelArray }
    var siteName: String { "api.unsplash.com" }

    init(
        catalogue: UnsplashCatalogue, traits: UnsplashTraitsStore = UnsplashTraitsStore(), images: PhotoImageStore = PhotoImageStore(),
        portraits: PortraitStore = .shared, rateLimiter: RateLimiter?, imageLimits: ImgixRequest.Limits = .default,
        downloads: UnsplashDownloadCounts = UnsplashDownloadCounts()
    ) {
        self.imageLimits = imageLimits
        self.downloads = downloads
        self.catalogue = catalogue
        self.traits = traits
        self.images = images
        self.portraits = portraits
        self.rateLimiter = rateLimiter
    }

    func isAPI(_ request: HTTPRequest) -> Bool {
        !relativePath(request.path).hasPrefix(Self.imageFolder)
    }

    /// The throttle fault: the 429 with the plain-text body an Unsplash engineer described.
    func throttled(retryAfter: Duration) -> HTTPResponse {
        var response = Self.rateLimitExceeded(status: 429, remaining: nil)
        response.headers.set("Retry-After", RetryAfterHeader.seconds(retryAfter))
        return response
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let path = relativePath(request.path)
        let parameters = QueryParameters(request.query ?? "")
        if path.hasPrefix(Self.imageFolder) { return image(path.dropFirst(Self.imageFolder.count), parameters: parameters) }
        guard let key = UnsplashAuthorization.key(authorization: request.headers["Authorization"], query: parameters) else {
            var response = Self.json(401, UnsplashAuthorization.invalidTokenBody)
            response.logNote = "invalid-token"
            return response
        }
        var remaining: Int?
        if let rateLimiter {
            guard let left = rateLimiter.spend(client: key) else {
                var response = Self.rateLimitExceeded(status: 403, remaining: 0)
                response.headers.set("X-Ratelimit-Limit", String(rateLimiter.limit))
                response.logNote = "rate-limited"
                return response
            }
            remaining = left
        }
        let base = "http://\(HostHeader.validAuthority(request.headers["Host"]) ?? request.local.authority)\(Self.mountPath)"
        var response = route(path, parameters: parameters, base: base)
        if let rateLimiter, let remaining {
            response.headers.set("X-Ratelimit-Limit", String(rateLimiter.limit))
            response.headers.set("X-Ratelimit-Remaining", String(remaining))
        }
        return response
    }

    private func route(_ path: Substring, parameters: QueryParameters, base: String) -> HTTPResponse {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        if parts == ["search", "photos"] { return search(parameters: parameters, base: base) }
        guard parts.first == "photos" else { return Self.json(404, #"{"errors":["Couldn't find the page you were looking for"]}"#) }
        switch parts.count {
        case 1:
            return list(parameters: parameters, base: base)
        case 2, 3:
            guard let record = catalogue.photo(id: String(parts[1])) else { return Self.json(404, #"{"errors":["Couldn't find Photo"]}"#) }
            if parts.count == 3 {
                guard parts[2] == "download" else { return Self.json(404, #"{"errors":["Couldn't find the page you were looking for"]}"#) }
                // The download event: counted, and answered with the full-size image's address.
                downloads.record(record.index)
                var body = TextBuffer(capacity: 200)
                body.append("{\"url\":")
                body.appendJSONString(record.fullImageURL(base: base).utf8)
                body.append(UInt8(ascii: "}"))
                return Self.json(200, body.bytes)
            }
            var body = TextBuffer(capacity: 4096)
            append(record, to: &body, base: base, full: true)
            return Self.json(200, body.bytes)
        default:
            return Self.json(404, #"{"errors":["Couldn't find the page you were looking for"]}"#)
        }
    }

    /// `GET photos`: the bare array, and the paging headers.
    private func list(parameters: QueryParameters, base: String) -> HTTPResponse {
        // Read as the live service reads them: a page that is not a positive number is the
        // first, a huge one is past the end; per_page is clamped to 1...30; an unknown order is
        // `latest`.
        let page = parameters.integer("page", in: 1...NumericParameter.maximumPage).clamped(default: 1)
        let perPage = parameters.integer("per_page", in: 1...Self.maxPerPage).clamped(default: Self.defaultPerPage)
        let order = parameters.last("order_by").flatMap(UnsplashCatalogue.Order.init(rawValue:)) ?? .latest
        let indices = catalogue.page(page, perPage: perPage, order: order)
        var body = TextBuffer(capacity: 64 + indices.count * 3000)
        body.append(UInt8(ascii: "["))
        for (position, index) in indices.enumerated() {
            if position > 0 { body.append(UInt8(ascii: ",")) }
            append(catalogue.photo(at: index), to: &body, base: base, full: false)
        }
        body.append(UInt8(ascii: "]"))
        var response = Self.json(200, body.bytes)
        response.headers.set("X-Total", String(catalogue.count))
        response.headers.set("X-Per-Page", String(perPage))
        response.headers.set("Link", Self.link(page: page, perPage: perPage, total: catalogue.count, order: order, base: base))
        return response
    }

    /// `GET search/photos`: `{"total":N,"total_pages":N,"results":[…]}`, with the same paging
    /// headers as the list. No `query` is the live 400.
    private func search(parameters: QueryParameters, base: String) -> HTTPResponse {
        guard let text = parameters.last("query"), !text.isEmpty else { return Self.json(400, #"{"errors":["query is missing"]}"#) }
        let words = SearchWords(text)
        let page = parameters.integer("page", in: 1...NumericParameter.maximumPage).clamped(default: 1)
        let perPage = parameters.integer("per_page", in: 1...Self.maxPerPage).clamped(default: Self.defaultPerPage)
        let latest = parameters.last("order_by") == "latest"
        let found = catalogue.search(words, latest: latest)
        let pages = PageSlice.pageCount(count: found.count, perPage: perPage)
        let slice = found[PageSlice.positions(page: page, perPage: perPage, count: found.count)]
        var body = TextBuffer(capacity: 96 + slice.count * 3000)
        body.append("{\"total\":")
        body.append(number: found.count)
        body.append(",\"total_pages\":")
        body.append(number: pages)
        body.append(",\"results\":[")
        for (position, index) in slice.enumerated() {
            if position > 0 { body.append(UInt8(ascii: ",")) }
            append(catalogue.photo(at: index), to: &body, base: base, full: false)
        }
        body.append("]}")
        var response = Self.json(200, body.bytes)
        response.headers.set("X-Total", String(found.count))
        response.headers.set("X-Per-Page", String(perPage))
        let query = "query=\(Self.queryEncoded(words.words.joined(separator: " ")))\(latest ? "&order_by=latest" : "")"
        var links: [String] = []
        if page > 1 { links.append("<\(base)search/photos?\(query)&page=\(min(page - 1, max(1, pages)))&per_page=\(perPage)>; rel=\"prev\"") }
        if page < pages { links.append("<\(base)search/photos?\(query)&page=\(page + 1)&per_page=\(perPage)>; rel=\"next\"") }
        if !links.isEmpty { response.headers.set("Link", links.joined(separator: ", ")) }
        return response
    }

    /// Letters and digits as they are, everything else percent-encoded.
    static func queryEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): out.unicodeScalars.append(Unicode.Scalar(byte))
            default: out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
            }
        }
        return out
    }

    private func append(_ record: UnsplashPhotoRecord, to body: inout TextBuffer, base: String, full: Bool) {
        let traits = record.index % Self.untraitedEvery == Self.untraitedEvery - 1 ? nil : traits.traits(of: record)
        record.appendJSON(
            to: &body, base: base, traits: traits, photographer: catalogue.photographers[record.photographer], full: full,
            downloaded: full ? downloads.count(of: record.index) : 0)
    }

    /// `<…?page=1&per_page=10>; rel="first", <…>; rel="prev", <…>; rel="last", <…>; rel="next"`:
    /// `first` and `prev` from page 2 on, `last` and `next` before the last page.
    static func link(page: Int, perPage: Int, total: Int, order: UnsplashCatalogue.Order, base: String) -> String {
        let last = max(1, PageSlice.pageCount(count: total, perPage: perPage))
        func url(_ number: Int) -> String {
            "<\(base)photos?page=\(number)&per_page=\(perPage)\(order == .latest ? "" : "&order_by=\(order.rawValue)")>"
        }
        var links: [String] = []
        if page > 1 {
            links.append("\(url(1)); rel=\"first\"")
            links.append("\(url(min(page - 1, last))); rel=\"prev\"")
        }
        if page < last {
            links.append("\(url(last)); rel=\"last\"")
            links.append("\(url(page + 1)); rel=\"next\"")
        }
        return links.joined(separator: ", ")
    }

    // MARK: - Images

    private func image(_ name: Substring, parameters: QueryParameters) -> HTTPResponse {
        if name.hasPrefix("profile-") {
            guard let user = catalogue.photographer(id: String(name.dropFirst("profile-".count))) else { return SimulatorHost.notFound }
            return RandomUserService.jpeg(portraits.jpeg(for: user.face))
        }
        // `small/…` is the S3 copy of the 400-pixel size, with no parameters of its own.
        let isSmall = name.hasPrefix("small/")
        let imageName = isSmall ? name.dropFirst("small/".count) : name
        let request: ImgixRequest
        do throws(ImgixRequest.Invalid) {
            request = try ImgixRequest(isSmall ? QueryParameters("w=400&fm=jpg&q=80") : parameters)
        } catch {
            return .text(400, "Invalid value for \(error.parameter): \(error.value)")
        }
        guard let record = catalogue.photo(imageName: String(imageName)) else { return SimulatorHost.notFound }
        let plan = request.plan(originalWidth: record.width, originalHeight: record.height, limits: imageLimits)
        let bytes = images.image(of: record, plan: plan)
        guard !bytes.isEmpty else { return .text(500, "the image could not be encoded") }
        return HTTPResponse(
            status: 200,
            headers: [
                "Content-Type": plan.format == .png ? "image/png" : "image/jpeg",
                "Cache-Control": "public, max-age=31536000",
                "Access-Control-Allow-Origin": "*",
            ],
            body: bytes)
    }

    // MARK: - Responses

    static func rateLimitExceeded(status: Int, remaining: Int?) -> HTTPResponse {
        var response = HTTPResponse.text(status, "Rate Limit Exceeded")
        if let remaining { response.headers.set("X-Ratelimit-Remaining", String(remaining)) }
        return response
    }

    static func json(_ status: Int, _ body: String) -> HTTPResponse {
        json(status, Array(body.utf8))
    }

    static func json(_ status: Int, _ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [
                "Content-Type": "application/json", "Access-Control-Allow-Origin": "*",
                "Cache-Control": "no-cache, no-store, must-revalidate", "Accept-Version": "v1",
            ],
            body: body)
    }
}
