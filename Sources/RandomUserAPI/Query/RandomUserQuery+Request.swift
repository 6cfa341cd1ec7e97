import Foundation

extension RandomUserQuery {
    /// The query items, in a fixed order, leaving out what is unset: `results`, `page`,
    /// `seed`, `gender`, `nat` (`NL,GB`), `inc`, `exc` (`name,email`), `password`.
    public var queryItems: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let results { items.append(URLQueryItem(name: "results", value: String(results))) }
        if let page { items.append(URLQueryItem(name: "page", value: String(page))) }
        if let seed { items.append(URLQueryItem(name: "seed", value: seed)) }
        if let gender { items.append(URLQueryItem(name: "gender", value: gender.rawValue)) }
        if !nationalities.isEmpty {
            items.append(URLQueryItem(name: "nat", value: nationalities.map(\.rawValue).joined(separator: ",")))
        }
        if !included.isEmpty {
            items.append(URLQueryItem(name: "inc", value: included.map(\.rawValue).joined(separator: ",")))
        }
        if !excluded.isEmpty {
            items.append(URLQueryItem(name: "exc", value: excluded.map(\.rawValue).joined(separator: ",")))
        }
        if let password { items.append(URLQueryItem(name: "password", value: password.queryValue)) }
        return items
    }

    /// The path to request, relative to ``baseURL`` (which is treated as a directory):
    /// - API root `https://randomuser.me/api/`: `""`, or `"1.4/"` with a version;
    /// - versioned root `…/api/1.4/`: `""`;
    /// - server root `http://127.0.0.1:8080/`: `"api/"`, or `"api/1.4/"` with a version.
    ///
    /// So a base URL that already ends in `/api/` never gets a second `api/`.
    public var path: String {
        switch Self.baseKind(baseURL) {
        case .apiRoot: version.map { "\($0.rawValue)/" } ?? ""
        case .versionedRoot: ""
        case .serverRoot: "api/" + (version.map { "\($0.rawValue)/" } ?? "")
        }
    }

    /// The full request URL: ``baseURL``, then ``path``, then the query items.
    ///
    /// Query values are percent-encoded strictly (everything but letters, digits, `-._~`
    /// and `,`): the service's query parser reads `+` as a space, so a seed such as `a+b`
    /// must travel as `a%2Bb`.
    public var url: URL {
        // `validate()` guarantees an absolute http(s) base URL, so components exist; the
        // fallback only keeps this total.
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else { return baseURL }
        var basePath = components.percentEncodedPath
        if !basePath.hasSuffix("/") { basePath += "/" }
        components.percentEncodedPath = basePath + path
        let items = queryItems
        components.percentEncodedQuery =
            items.isEmpty
            ? nil
            : items.map { "\(Self.encode($0.name))=\(Self.encode($0.value ?? ""))" }.joined(separator: "&")
        components.fragment = nil
        return components.url ?? baseURL
    }

    // MARK: - Base URL

    private enum BaseKind { case apiRoot, versionedRoot(APIVersion), serverRoot }

    private static func baseKind(_ url: URL) -> BaseKind {
        let parts = url.path.split(separator: "/")
        if parts.last == "api" { return .apiRoot }
        if parts.count >= 2, parts[parts.count - 2] == "api", let version = APIVersion(rawValue: String(parts[parts.count - 1])) {
            return .versionedRoot(version)
        }
        return .serverRoot
    }

    static func validateBaseURL(_ url: URL, version: APIVersion?) throws(RandomUserQueryError) {
        let text = url.absoluteString
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .invalidBaseURL(text, reason: "it is not an http or https URL")
        }
        guard let host = url.host, !host.isEmpty else {
            throw .invalidBaseURL(text, reason: "it has no host")
        }
        if url.query != nil || url.fragment != nil {
            throw .invalidBaseURL(text, reason: "it has a query or fragment; the query builds its own")
        }
        if case .versionedRoot(let baseVersion) = baseKind(url), let version, version != baseVersion {
            throw .invalidBaseURL(
                text, reason: "it names API version \(baseVersion.rawValue) but the query asks for \(version.rawValue)")
        }
    }

    private static let unreserved: Set<UInt8> = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~,".utf8)

    private static func encode(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            if unreserved.contains(byte) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                output += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return output
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
