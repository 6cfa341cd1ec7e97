extension HTTPClient {
    /// How a client retries, how long it lets a request take, how much it downloads, and
    /// whether it shares identical GETs.
    public struct Configuration: Sendable {
        /// When and how to retry failed attempts.
        public var retryPolicy: RetryPolicy
        /// The longest a request may take, all attempts and waits included, on the client's
        /// clock; `nil` for no limit.
        public var deadline: Duration?
        /// The largest response body accepted, in bytes.
        public var maxBodyBytes: Int
        /// Whether concurrent identical GETs share one execution.
        public var coalescesIdenticalGETs: Bool
        /// What logs, cURL renderings and error messages hide, and which headers stay behind
        /// when a redirect leaves the origin. Give it the run's keys
        /// (``Redactor/adding(secrets:)``); what each request carries is added to it.
        public var redactor: Redactor

        /// 30 s for a request, retries and waits included.
        public static let defaultDeadline: Duration = .seconds(30)
        /// 10 MiB.
        public static let defaultMaxBodyBytes = 10 * 1024 * 1024
        /// The defaults: ``RetryPolicy/default``, 30 s deadline, 10 MiB bodies, coalescing on.
        public static let `default` = Configuration()

        /// Creates a configuration; every parameter defaults to the matching `default…`.
        ///
        /// - Parameters:
        ///   - retryPolicy: When and how to retry.
        ///   - deadline: The overall limit per request, or `nil` for none.
        ///   - maxBodyBytes: The largest response body accepted.
        ///   - coalescesIdenticalGETs: Whether concurrent identical GETs share one execution.
        ///   - redactor: What logs, cURL renderings and errors hide.
        public init(
            retryPolicy: RetryPolicy = .default,
            deadline: Duration? = defaultDeadline,
            maxBodyBytes: Int = defaultMaxBodyBytes,
            coalescesIdenticalGETs: Bool = true,
            redactor: Redactor = .default
        ) {
            self.retryPolicy = retryPolicy
            self.deadline = deadline
            self.maxBodyBytes = max(0, maxBodyBytes)
            self.coalescesIdenticalGETs = coalescesIdenticalGETs
            self.redactor = redactor
        }
    }
}
