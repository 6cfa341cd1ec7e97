import EndlessShared
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A typed HTTP client: builds requests from endpoints, sends them over a transport, checks
/// and decodes the answers, retries what is worth retrying, and never lets a request outlive
/// its deadline or download more than its limit.
///
/// ```swift
/// let client = HTTPClient(baseURL: try HTTPClient.baseURL(parsing: "https://randomuser.me/api/"))
/// let page = try await client.send(Endpoint<Page>(path: "", query: [URLQueryItem(name: "results", value: "20")]))
/// let portrait = try await client.data(from: portraitURL, accepting: .images)
/// ```
///
/// Concurrent identical GETs (same URL, headers, accepted types and result type) share one
/// execution (attempts, retries, decoding and the first caller's `validate`) and its result;
/// cancelling one awaiter leaves the others waiting, and the transfer is cancelled only when
/// every awaiter has gone. A finished request is not cached. Every request is reported
/// to the client's monitors with secrets redacted, and ``inFlightCount`` /
/// ``inFlightCountUpdates()`` / ``observeInFlightCount(_:)`` tell how many are running.
public actor HTTPClient {
    /// The URL that endpoint paths are appended to, if any.
    public nonisolated let baseURL: URL?
    /// How this client retries, times out, limits bodies and coalesces.
    public nonisolated let configuration: Configuration

    private let executor: RequestExecutor
    private let coalescer = RequestCoalescer()
    private let inFlight: InFlightCounter
    private var lastRequestID = 0

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: The URL endpoint paths are appended to, such as
    ///     `https://randomuser.me/api/`; `nil` for a client that only fetches absolute URLs.
    ///   - configuration: Retry policy, deadline, body limit and coalescing.
    ///   - transport: The network; a ``CurlTransport`` by default.
    ///   - clock: The clock for backoff waits, deadlines and durations; inject a manual
    ///     clock in tests.
    ///   - monitors: Receive every request's events, already redacted.
    public init(
        baseURL: URL? = nil,
        configuration: Configuration = .default,
        transport: any HTTPTransport = CurlTransport(),
        clock: any Clock<Duration> = ContinuousClock(),
        monitors: [any HTTPEventMonitor] = []
    ) {
        self.baseURL = baseURL
        self.configuration = configuration
        let inFlight = InFlightCounter()
        self.inFlight = inFlight
        let stopwatch = Stopwatch(clock)
        self.executor = RequestExecutor(
            transport: transport, configuration: configuration, clock: stopwatch, monitors: monitors,
            inFlight: inFlight, deadlines: DeadlineWatch(clock: stopwatch), redactor: configuration.redactor, now: { Date() })
    }

    /// Sends `endpoint` below ``baseURL`` and decodes its response.
    ///
    /// - Parameter endpoint: What to send and how to read the answer.
    /// - Returns: The decoded, validated response.
    /// - Throws: ``HTTPError``: `invalidRequest` when no URL can be built (nothing is sent);
    ///   `status`, `unexpectedContentType`, `decoding`, `rejected`, `transport` or
    ///   `bodyTooLarge` from the last attempt; `deadlineExceeded`; `cancelled`.
    public func send<Response>(_ endpoint: Endpoint<Response>) async throws(HTTPError) -> Response {
        guard let baseURL else {
            throw .invalidRequest(reason: "this client has no base URL, so the path \"\(endpoint.path)\" has nothing to go below")
        }
        let request = try endpoint.urlRequest(relativeTo: baseURL)
        let exchange = Exchange(
            request: request, method: endpoint.method, accepted: endpoint.acceptedContentTypes,
            process: { response in endpoint.read(response) })
        return try await perform(exchange, headers: endpoint.headers).get()
    }

    /// Fetches an absolute URL as raw bytes, with the same retries, deadline, body limit and
    /// coalescing as ``send(_:)``.
    ///
    /// - Parameters:
    ///   - url: An absolute http or https URL, such as a portrait's address.
    ///   - headers: Extra request headers.
    ///   - accepting: Media types accepted in the response, such as ``AcceptedContentTypes/images``;
    ///     anything by default.
    /// - Returns: The successful (2xx) response with its body.
    /// - Throws: ``HTTPError``, as for ``send(_:)`` except `decoding` and `rejected`.
    public func data(
        from url: URL, headers: HTTPHeaders = [:], accepting: AcceptedContentTypes = .any
    ) async throws(HTTPError) -> HTTPResponse {
        var headers = headers
        if headers["Accept"] == nil, let accept = accepting.acceptHeaderValue {
            headers["Accept"] = accept
        }
        let request = URLRequest.make(method: .get, url: try URLBuilder.validateAbsolute(url), headers: headers, body: nil)
        let exchange = Exchange<HTTPResponse>(
            request: request, method: .get, accepted: accepting, process: { .success($0) })
        return try await perform(exchange, headers: headers).get()
    }

    /// The number of requests running now: each shared GET counts once, and a request
    /// waiting to retry still counts.
    public nonisolated var inFlightCount: Int { inFlight.count }

    /// The number of requests running: the current value at once, then every change.
    ///
    /// - Returns: A stream that ends when the client is released; a slow reader sees the
    ///   latest value.
    public nonisolated func inFlightCountUpdates() -> AsyncStream<Int> {
        inFlight.updates()
    }

    /// Calls `change` with the number of requests running now, then with every change, in
    /// order, on the thread that counted: no task in between (a status bar posts it into its
    /// own event queue).
    ///
    /// - Parameter change: takes the count; it must return quickly.
    /// - Returns: stops the calls.
    public nonisolated func observeInFlightCount(_ change: @escaping @Sendable (Int) -> Void) -> @Sendable () -> Void {
        let id = inFlight.observe(change)
        return { [inFlight] in inFlight.stopObserving(id) }
    }

    /// The `curl` command that reproduces `endpoint`'s request, secrets redacted.
    ///
    /// - Parameter endpoint: The endpoint to render.
    /// - Returns: A shell command line.
    /// - Throws: ``HTTPError/invalidRequest(reason:)`` when no URL can be built.
    public nonisolated func curlCommand<Response>(for endpoint: Endpoint<Response>) throws(HTTPError) -> String {
        guard let baseURL else { throw .invalidRequest(reason: "this client has no base URL") }
        return RequestSnapshot(try endpoint.urlRequest(relativeTo: baseURL), redactor: configuration.redactor).curlCommand
    }

    /// The redactor for what this client's users report: the configuration's, plus the
    /// secrets of the base URL (a key in its query, a password) and `secrets`, such as the key
    /// an API client sends. An API client passes the errors it builds from response text
    /// through it, so a server echoing a key cannot get it shown.
    ///
    /// - Parameter secrets: More literal secrets; nil and empty ones are skipped.
    /// - Returns: The redactor.
    public nonisolated func redactor(adding secrets: [String?] = []) -> Redactor {
        let fromURL = baseURL.map { configuration.redactor.secrets(inURL: $0.absoluteString) } ?? []
        return configuration.redactor.adding(secrets: fromURL + secrets.compactMap { $0 })
    }

    /// Parses a base URL given by a person (a flag or setting), refusing anything that cannot
    /// be the base of http(s) requests.
    ///
    /// - Parameter string: The URL text, such as `http://127.0.0.1:8080/api/`.
    /// - Returns: The URL.
    /// - Throws: ``HTTPError/invalidRequest(reason:)`` saying what is wrong with it.
    public static func baseURL(parsing string: String) throws(HTTPError) -> URL {
        try URLBuilder.parseBase(string)
    }

    private func perform<Value: Sendable>(_ exchange: Exchange<Value>, headers: HTTPHeaders) async -> Result<Value, HTTPError> {
        lastRequestID += 1
        let requestID = lastRequestID
        let executor = self.executor
        guard configuration.coalescesIdenticalGETs, exchange.method == .get, let url = exchange.request.url else {
            return await executor.run(exchange, requestID: requestID)
        }
        let key = RequestCoalescer.Key(
            method: exchange.method.rawValue, url: url.absoluteString, headers: headers.canonicalForm,
            resultType: ObjectIdentifier(Value.self), accepted: exchange.accepted)
        let snapshot = executor.snapshot(of: exchange.request, redactor: configuration.redactor.addingSecrets(of: exchange.request))
        return await coalescer.run(
            key: key, callerID: requestID,
            onJoin: { leader in executor.emit(requestID, snapshot, .joined(requestID: leader)) },
            operation: { cancelFlight in await executor.run(exchange, requestID: requestID, cancellingOwnTask: cancelFlight) })
    }
}
