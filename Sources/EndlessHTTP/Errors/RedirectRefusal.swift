/// Why ``HTTPClient`` refused to follow a redirect (``HTTPError/redirectRefused(from:to:reason:)``).
public enum RedirectRefusal: Sendable, Hashable {
    /// From `https` to plain `http`: the request, and whatever it carries, would cross the
    /// network unencrypted. Browsers and curl refuse it too.
    case leavesHTTPS
    /// To a scheme that is not `http` or `https`, such as `file` or `ftp`.
    case unsupportedScheme(String)
}
