import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a transport does when a server redirects, as curl and browsers do: a redirect within
/// the origin is followed as it is; one to another scheme, host or port is followed without
/// the request's credentials (`Authorization`, `Proxy-Authorization`, `Cookie`, and every
/// header the redactor deems secret, such as `x-api-key`); one from `https` to `http`, or to
/// a scheme other than `http(s)`, is refused.
///
/// FoundationNetworking copies every header of the request into the redirected one, whatever
/// the new origin (a 307 to another port received `Authorization: Client-ID …`), so the
/// transport's delegate applies this policy to each hop. Query items are left alone: the new
/// URL is the server's `Location`, which replaces the old query rather than inheriting it.
enum RedirectPolicy {
    enum Decision {
        /// Send `request` (credentials removed if the origin changed).
        case follow(URLRequest, RedirectHop)
        /// Do not follow.
        case refuse(RedirectRefusal)
    }

    /// Headers never carried to another origin, whatever the redactor says.
    static let credentialHeaders = ["Authorization", "Proxy-Authorization", "Cookie"]

    /// Decides one hop.
    ///
    /// - Parameters:
    ///   - status: The redirect's status.
    ///   - previous: The URL that answered with the redirect.
    ///   - next: The request URLSession proposes to send next (a copy of the previous one, every
    ///     header included, with the new URL).
    ///   - redactor: Which headers are secret, and how URLs are shown in the hop.
    /// - Returns: The request to send and the hop to report, or why not to follow.
    static func decide(status: Int, from previous: URL?, to next: URLRequest, redactor: Redactor) -> Decision {
        guard let url = next.url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return .refuse(.unsupportedScheme(next.url?.scheme ?? ""))
        }
        if previous?.scheme?.lowercased() == "https", scheme == "http" {
            return .refuse(.leavesHTTPS)
        }
        let from = previous.map(redactor.redact) ?? ""
        let to = redactor.redact(url)
        guard let previous, Origin(previous) == Origin(url) else {
            var request = next
            var dropped: [String] = []
            let present = (request.allHTTPHeaderFields ?? [:]).keys.sorted()
            for name in present
            where redactor.isSecretHeader(name) || credentialHeaders.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
                request.setValue(nil, forHTTPHeaderField: name)
                dropped.append(name)
            }
            return .follow(request, RedirectHop(status: status, from: from, to: to, droppedHeaders: dropped, leavesOrigin: true))
        }
        return .follow(next, RedirectHop(status: status, from: from, to: to, leavesOrigin: false))
    }

    /// A URL's origin: scheme, host and port (the scheme's default when none is written).
    struct Origin: Equatable {
        let scheme: String
        let host: String
        let port: Int?

        init(_ url: URL) {
            scheme = url.scheme?.lowercased() ?? ""
            host = url.host?.lowercased() ?? ""
            port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
        }
    }
}
