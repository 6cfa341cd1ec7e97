import Foundation

/// Offline versions of the services the feeds browse, on one loopback port, over HTTP/1.1 on
/// its own threads: every service of the catalogue (``SimulatedService/all``: randomuser.me,
/// reqres.in, Unsplash, CoinGecko), each on its own mount path and made from its own settings.
/// The fault flags apply to every service alike.
///
/// Embedded in the app:
/// ```swift
/// let server = SimulatorServer(configuration: SimulatorConfiguration(data: try .builtIn()))
/// let people = try server.start()                  // http://127.0.0.1:41235/api/
/// let users = server.baseURL(of: .reqres)          // http://127.0.0.1:41235/reqres/api/
/// defer { server.stop() }
/// ```
/// As `endless serve`: ``run(onStart:)`` blocks until SIGINT or SIGTERM.
///
/// It never runs on the Swift concurrency pool: one I/O thread polls non-blocking sockets
/// and a few worker threads generate, so the app's tasks are never held up by it.
public final class SimulatorServer: Sendable {
    private let http: HTTPServer
    /// The handler of a server made with ``init(preparing:host:port:limits:log:)``.
    private let preparing: PreparingHost?

    /// Creates a server; nothing is bound until ``start()``.
    /// - Parameter configuration: where to listen and what to serve.
    public init(configuration: SimulatorConfiguration) {
        http = HTTPServer(
            options: .init(
                host: configuration.host, port: configuration.port, limits: configuration.limits,
                log: configuration.log),
            handler: Self.host(configuration))
        preparing = nil
    }

    /// Creates a server that builds its services on a thread of its own when the first request
    /// comes (or ``prepare()`` says so), so that ``start()`` binds at once and the caller can go
    /// on: the app draws its first screen from the page cache before anything is built, and a
    /// run that asks for nothing builds nothing. Requests that come before the services are
    /// ready wait for them; if `prepare` throws, every request is answered 503 with its error.
    ///
    /// Where and how to listen are given here, since the server binds before the
    /// configuration exists: the prepared configuration's host, port, limits and log are
    /// not used.
    /// - Parameters:
    ///   - prepare: makes the configuration (loading the generator's lists); called once, on
    ///     the preparing thread.
    ///   - host: the address to bind (default loopback).
    ///   - port: the port to bind (default 0, any free one).
    ///   - limits: limits and timeouts.
    ///   - log: where per-request log lines go (default nowhere).
    public init(
        preparing prepare: @escaping @Sendable () throws -> SimulatorConfiguration,
        host: String = SimulatorConfiguration.defaultHost, port: UInt16 = SimulatorConfiguration.defaultPort,
        limits: ServerLimits = ServerLimits(), log: (@Sendable (String) -> Void)? = nil
    ) {
        let preparing = PreparingHost { try Self.host(prepare()) }
        http = HTTPServer(options: .init(host: host, port: port, limits: limits, log: log), handler: preparing)
        self.preparing = preparing
    }

    /// Starts building the services now rather than at the first request, for a caller that
    /// is about to ask (an app with no page cache to open on). Does nothing once started, or
    /// for a server made from a configuration.
    public func prepare() {
        preparing?.startBuilding()
    }

    /// The services a configuration describes, behind one handler: every service of the
    /// catalogue, each made from its own settings.
    private static func host(_ configuration: SimulatorConfiguration) -> SimulatorHost {
        let environment = ServiceEnvironment(
            data: configuration.data, clock: configuration.clock, now: configuration.now, portraits: .shared)
        return SimulatorHost(
            services: SimulatedService.all.map { $0.makeRouter(configuration.services, environment) },
            faults: configuration.faults.isEnabled ? FaultInjector(configuration: configuration.faults) : nil)
    }

    /// Binds and starts serving.
    ///
    /// - Returns: the randomuser.me API's base URL, e.g. `http://127.0.0.1:41235/api/` (the
    ///   other services' are ``baseURL(of:)``), with the real port
    ///   when port 0 was configured. A wildcard bind (0.0.0.0, ::) reports loopback.
    /// - Throws: ``SimulatorServerError`` when the address cannot be bound or the server was
    ///   already started.
    @discardableResult
    public func start() throws(SimulatorServerError) -> URL {
        let address = try http.start()
        return Self.baseURL(for: address)
    }

    /// The randomuser.me API's base URL while running, nil before ``start()`` and after ``stop()``.
    public var baseURL: URL? {
        http.address.map(Self.baseURL(for:))
    }

    /// A service's API root while running (`http://127.0.0.1:41235/reqres/api/`), nil before
    /// ``start()`` and after ``stop()``.
    /// - Parameter service: which service.
    public func baseURL(of service: SimulatedService) -> URL? {
        http.address.map { Self.apiRoot(of: service, at: $0) }
    }

    /// Stops gracefully: no new connections, idle ones closed, in-flight responses finished
    /// (within ``ServerLimits/shutdownGracePeriod``). Returns when every socket and thread of
    /// the server is gone. Blocks the calling thread meanwhile; harmless to call twice.
    public func stop() {
        http.stop()
    }

    /// randomuser.me's API root: what ``start()`` reports.
    static func baseURL(for address: SocketAddress) -> URL {
        apiRoot(of: .randomUser, at: address)
    }

    /// `http://127.0.0.1:41235/reqres/api/`.
    static func apiRoot(of service: SimulatedService, at address: SocketAddress) -> URL {
        rootURL(for: address).appendingPathComponent(String(service.apiRootPath.dropFirst()), isDirectory: true)
    }

    /// `http://127.0.0.1:41235/`: a wildcard bind (0.0.0.0, ::) reports loopback, and IPv6
    /// loopback is `localhost` (URLSession on Linux refuses IPv6 literals in URLs; localhost
    /// reaches ::1 as well).
    static func rootURL(for address: SocketAddress) -> URL {
        var host = address
        if host.host == "0.0.0.0" { host.host = "127.0.0.1" }
        let authority = host.host == "::" || host.host == "::1" ? "localhost:\(host.port)" : host.authority
        // The authority is a number or localhost, so the URL is always valid.
        return URL(string: "http://\(authority)/") ?? URL(fileURLWithPath: "/")
    }
}
