import Foundation

/// Everything a ``SimulatorServer`` needs: where to listen, what to generate from, which
/// faults to inject, each service's settings, the limits, and where request log lines go.
public struct SimulatorConfiguration: Sendable {
    /// The address to bind; loopback unless another is asked for explicitly.
    public var host: String
    /// The port to bind; 0 for an ephemeral one (the bound port is in `start()`'s URL).
    public var port: UInt16
    /// The lists users are generated from.
    public var data: GeneratorData
    /// Injected faults; none by default.
    public var faults: FaultConfiguration
    /// Each service's own settings (rate limits, sizes), read from its flags.
    public var services: ServiceSettings
    /// The clock the rate-limit windows run on.
    public var clock: any Clock<Duration>
    /// The instant users' ages are computed at, and the simulated market's prices, read per request.
    public var now: @Sendable () -> Date
    /// Request-size limits, timeouts and the connection cap.
    public var limits: ServerLimits
    /// Receives one line per request: method, path and query, status, body bytes, duration,
    /// and any fault, e.g. `GET /api/?results=5 200 7342B 2.1ms`. Called on the server's I/O
    /// thread, so it should be quick (print, append to a buffer).
    public var log: (@Sendable (String) -> Void)?

    /// Loopback only: nothing outside this machine can reach the simulator unless asked.
    public static let defaultHost = "127.0.0.1"
    /// 0: any free port, reported by `start()`.
    public static let defaultPort: UInt16 = 0

    /// Creates a configuration; everything but the data has a default.
    ///
    /// - Parameters:
    ///   - data: the generator's lists, e.g. `try GeneratorData.builtIn()`.
    ///   - host: the address to bind (default loopback).
    ///   - port: the port to bind (default 0, any free one).
    ///   - faults: faults to inject (default none).
    ///   - services: each service's settings (default each one's defaults).
    ///   - clock: the clock for rate-limit windows (default the continuous clock).
    ///   - now: the instant ages are computed at (default the current date).
    ///   - limits: limits and timeouts (default ``ServerLimits/init(maxRequestLineBytes:maxHeaderBytes:maxHeaderCount:maxBodyBytes:maxConnections:idleTimeout:readTimeout:writeTimeout:shutdownGracePeriod:workerThreads:)``).
    ///   - log: where per-request log lines go (default nowhere).
    public init(
        data: GeneratorData,
        host: String = defaultHost,
        port: UInt16 = defaultPort,
        faults: FaultConfiguration = .none,
        services: ServiceSettings = ServiceSettings(),
        clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() },
        limits: ServerLimits = ServerLimits(),
        log: (@Sendable (String) -> Void)? = nil
    ) {
        self.data = data
        self.host = host
        self.port = port
        self.faults = faults
        self.services = services
        self.clock = clock
        self.now = now
        self.limits = limits
        self.log = log
    }
}
