import Foundation

/// A randomuser.me-compatible server: users from the generator, procedurally drawn portraits,
/// the live service's headers and rate limit, and optional fault injection, over HTTP/1.1 on
/// its own threads.
///
/// Embedded in the app:
/// ```swift
/// let server = SimulatorServer(configuration: SimulatorConfiguration(data: try .builtIn()))
/// let baseURL = try server.start()      // http://127.0.0.1:41235/api/
/// defer { server.stop() }
/// ```
/// As `endless serve`: ``run(onStart:)`` blocks until SIGINT or SIGTERM.
///
/// It never runs on the Swift concurrency pool: one I/O thread polls non-blocking sockets
/// and a few worker threads generate, so the app's tasks are never held up by it.
public final class SimulatorServer: Sendable {
    /// The configuration the server was made with.
    public let configuration: SimulatorConfiguration
    private let http: HTTPServer

    /// Creates a server; nothing is bound until ``start()``.
    /// - Parameter configuration: where to listen and what to serve.
    public init(configuration: SimulatorConfiguration) {
        self.configuration = configuration
        let service = SimulatorService(
            generator: RandomUserGenerator(data: configuration.data),
            portraits: PortraitStore.shared,
            faults: configuration.faults.isEnabled ? FaultInjector(configuration: configuration.faults) : nil,
            rateLimiter: configuration.rateLimit.map { RateLimiter(configuration: $0, clock: configuration.clock) },
            now: configuration.now)
        http = HTTPServer(
            options: .init(
                host: configuration.host, port: configuration.port, limits: configuration.limits,
                log: configuration.log),
            handler: service)
    }

    /// Binds and starts serving.
    ///
    /// - Returns: the API's base URL, e.g. `http://127.0.0.1:41235/api/`, with the real port
    ///   when port 0 was configured. A wildcard bind (0.0.0.0, ::) reports loopback.
    /// - Throws: ``SimulatorServerError`` when the address cannot be bound or the server was
    ///   already started.
    @discardableResult
    public func start() throws(SimulatorServerError) -> URL {
        let address = try http.start()
        return Self.baseURL(for: address)
    }

    /// The API's base URL while running, nil before ``start()`` and after ``stop()``.
    public var baseURL: URL? {
        http.address.map(Self.baseURL(for:))
    }

    /// Stops gracefully: no new connections, idle ones closed, in-flight responses finished
    /// (within ``ServerLimits/shutdownGracePeriod``). Returns when every socket and thread of
    /// the server is gone. Blocks the calling thread meanwhile; harmless to call twice.
    public func stop() {
        http.stop()
    }

    static func baseURL(for address: SocketAddress) -> URL {
        var host = address
        if host.host == "0.0.0.0" { host.host = "127.0.0.1" }
        if host.host == "::" { host.host = "::1" }
        // The authority is numeric, so the URL is always valid.
        return URL(string: "http://\(host.authority)/api/") ?? URL(fileURLWithPath: "/")
    }
}
