extension RandomUserAPIError: CustomStringConvertible {
    /// What happened and what to do, in one or two sentences for a person.
    public var description: String {
        switch self {
        case .rateLimited(let status, let message):
            return "randomuser.me is rate-limiting this address (HTTP \(status)): \"\(message)\". "
                + "It allows about 20,000 people per 5 minutes per IP address; wait a few minutes, "
                + "or ask for fewer people per request."
        case .serviceError(let status, let message):
            let advice =
                Self.isTransientStatus(status)
                ? "This is usually temporary; try again in a minute."
                : "Check the request's parameters."
            return "the service reported an error (HTTP \(status)): \"\(message)\". \(advice)"
        case .htmlPage(let status, let title, let snippet, let isBlockPage):
            let page = title.map { "an HTML page titled \"\($0)\"" } ?? "an HTML page"
            let head = "the server sent \(page) (HTTP \(status)) where JSON was expected"
            let text = snippet.isEmpty ? "" : ": \"\(snippet)\""
            if isBlockPage {
                return "\(head); it looks like a block page from a firewall or proxy between you and "
                    + "the API\(text). Try another network, or point the API base URL at another "
                    + "server (the embedded simulator needs no network)."
            }
            if Self.isTransientStatus(status) {
                return "\(head), a gateway error page\(text). The service or a proxy is having "
                    + "trouble; try again in a minute."
            }
            return "\(head)\(text). Check that the API base URL points at a randomuser.me-compatible "
                + "API (e.g. https://randomuser.me/api/), not a website."
        case .emptyResults(let requested):
            return "the service answered with no people although the request asked for \(requested) "
                + "(info.results = \(requested)). This is a known randomuser.me fault, seen since 2026, "
                + "that passes on its own; retry the request."
        case .unsupportedVersion(let reported):
            let version = reported.map { "version \"\($0)\"" } ?? "a version before 1.0"
            return "the server answered in the legacy 0.x format (\(version)), which this client "
                + "does not read. Use API version 1.0–1.4: request /api/ or /api/1.4/ (check the "
                + "API base URL and version)."
        case .unexpectedStatus(let status, let snippet):
            let text = snippet.isEmpty ? "an empty body" : "the body \"\(snippet)\""
            let advice =
                Self.isTransientStatus(status)
                ? "The server is having trouble; try again in a minute."
                : "Check that the API base URL points at a randomuser.me-compatible API."
            return "the server answered HTTP \(status) with \(text). \(advice)"
        case .invalidBody(let reason, let snippet):
            let start = snippet.isEmpty ? "" : " The body starts: \"\(snippet)\"."
            return "the response is not a randomuser.me body: \(reason).\(start) Check that the API "
                + "base URL points at a randomuser.me-compatible API."
        }
    }
}
