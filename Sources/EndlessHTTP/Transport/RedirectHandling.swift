/// What ``HTTPClient`` asks of a transport when a server redirects: which headers are
/// credentials (the redactor's secret headers, which stay behind when a redirect leaves the
/// origin) and who hears of each hop.
public struct RedirectHandling: Sendable {
    /// Decides which headers are secret, and redacts the URLs of hops and refusals.
    public var redactor: Redactor
    /// Called for each redirect followed, as it happens, from the transport's own thread.
    public var report: @Sendable (RedirectHop) -> Void

    /// Creates the handling.
    ///
    /// - Parameters:
    ///   - redactor: What counts as secret.
    ///   - report: Receives each hop followed.
    public init(redactor: Redactor = .default, report: @escaping @Sendable (RedirectHop) -> Void = { _ in }) {
        self.redactor = redactor
        self.report = report
    }

    /// Secrets as the default redactor sees them; hops go nowhere.
    public static let `default` = RedirectHandling()
}
