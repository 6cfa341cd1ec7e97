import Glibc

/// The limits and timeouts that keep one client from exhausting the server.
///
/// The defaults suit a loopback server for one person; tests shorten the timeouts.
public struct ServerLimits: Sendable, Equatable {
    /// Longest request line; longer ones get 414.
    public var maxRequestLineBytes: Int
    /// Largest header section (everything after the request line); larger ones get 431.
    public var maxHeaderBytes: Int
    /// Most header fields in one request; more get 431.
    public var maxHeaderCount: Int
    /// Largest request body the server reads (and discards); larger ones get 413.
    public var maxBodyBytes: Int
    /// Most connections open at once; the excess are answered 503 and closed.
    public var maxConnections: Int
    /// How long a keep-alive connection may sit between requests before it is closed.
    public var idleTimeout: Duration
    /// How long a whole request may take to arrive, from its first byte to its last. It is
    /// total, not per byte, so a client sending a byte a second is cut off.
    public var readTimeout: Duration
    /// How long a response may make no progress because the client does not read.
    public var writeTimeout: Duration
    /// How long shutdown waits for in-flight responses before closing what remains.
    public var shutdownGracePeriod: Duration
    /// Threads that run the request handler for API requests (generation), off the I/O thread.
    public var workerThreads: Int
    /// Threads that run the request handler for assets (pictures drawn or resized on demand):
    /// a lane of their own, so that API requests never wait behind a slow render.
    public var assetWorkerThreads: Int
    /// Most bytes of responses held in memory for all clients at once. Clients that do not
    /// read hold theirs until the write timeout; past this budget, requests are answered
    /// `503` with `Retry-After` instead of being generated. One response of any size can
    /// always go out while nothing else is held.
    public var maxBufferedResponseBytes: Int

    /// 8 KiB, as the issue and most servers allow.
    public static let defaultMaxRequestLineBytes = 8 * 1024
    /// 32 KiB of header fields.
    public static let defaultMaxHeaderBytes = 32 * 1024
    /// 100 header fields, as nginx and Node allow.
    public static let defaultMaxHeaderCount = 100
    /// 64 KiB: GET and HEAD need no body; this only lets odd clients be answered.
    public static let defaultMaxBodyBytes = 64 * 1024
    /// Enough for an app and a benchmark at once.
    public static let defaultMaxConnections = 256
    /// 15 s between requests on a keep-alive connection.
    public static let defaultIdleTimeout = Duration.seconds(15)
    /// 10 s for a whole request to arrive.
    public static let defaultReadTimeout = Duration.seconds(10)
    /// 30 s without progress on a response.
    public static let defaultWriteTimeout = Duration.seconds(30)
    /// 5 s for in-flight responses at shutdown.
    public static let defaultShutdownGracePeriod = Duration.seconds(5)
    /// One per core, at least two, so one long generation never holds up the rest.
    public static let defaultWorkerThreads = max(2, min(8, ProcessInfoCores.count))
    /// As many as the API lane: two 2048-pixel PNGs at once took every worker of a single
    /// lane for seconds, and a one-user page waited 8.7 s behind them.
    public static let defaultAssetWorkerThreads = defaultWorkerThreads
    /// 64 MiB: a dozen of the largest pages (5,000 users), or thousands of ordinary ones.
    public static let defaultMaxBufferedResponseBytes = 64 * 1024 * 1024

    /// Creates limits; every parameter defaults to the `default…` constant of the same name.
    ///
    /// - Parameters:
    ///   - maxRequestLineBytes: longest request line before 414.
    ///   - maxHeaderBytes: largest header section before 431.
    ///   - maxHeaderCount: most header fields before 431.
    ///   - maxBodyBytes: largest request body before 413.
    ///   - maxConnections: most open connections before 503.
    ///   - idleTimeout: keep-alive idle time before the server closes.
    ///   - readTimeout: total time allowed for one request to arrive.
    ///   - writeTimeout: time a response may stall on a client that does not read.
    ///   - shutdownGracePeriod: time in-flight responses get at shutdown.
    ///   - workerThreads: threads running the handler for API requests.
    ///   - assetWorkerThreads: threads running the handler for assets (pictures).
    ///   - maxBufferedResponseBytes: response bytes held for clients before requests get 503.
    public init(
        maxRequestLineBytes: Int = defaultMaxRequestLineBytes,
        maxHeaderBytes: Int = defaultMaxHeaderBytes,
        maxHeaderCount: Int = defaultMaxHeaderCount,
        maxBodyBytes: Int = defaultMaxBodyBytes,
        maxConnections: Int = defaultMaxConnections,
        idleTimeout: Duration = defaultIdleTimeout,
        readTimeout: Duration = defaultReadTimeout,
        writeTimeout: Duration = defaultWriteTimeout,
        shutdownGracePeriod: Duration = defaultShutdownGracePeriod,
        workerThreads: Int = defaultWorkerThreads,
        assetWorkerThreads: Int = defaultAssetWorkerThreads,
        maxBufferedResponseBytes: Int = defaultMaxBufferedResponseBytes
    ) {
        self.maxRequestLineBytes = max(16, maxRequestLineBytes)
        self.maxHeaderBytes = max(0, maxHeaderBytes)
        self.maxHeaderCount = max(0, maxHeaderCount)
        self.maxBodyBytes = max(0, maxBodyBytes)
        self.maxConnections = max(1, maxConnections)
        self.idleTimeout = idleTimeout
        self.readTimeout = readTimeout
        self.writeTimeout = writeTimeout
        self.shutdownGracePeriod = shutdownGracePeriod
        self.workerThreads = max(1, workerThreads)
        self.assetWorkerThreads = max(1, assetWorkerThreads)
        self.maxBufferedResponseBytes = max(0, maxBufferedResponseBytes)
    }
}

extension ServerLimits {
    /// The worker threads of `lane`.
    func workerThreads(for lane: WorkLane) -> Int {
        switch lane {
        case .api: workerThreads
        case .assets: assetWorkerThreads
        }
    }
}

/// The number of online cores, read once.
enum ProcessInfoCores {
    static let count: Int = {
        let online = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return online > 0 ? Int(online) : 1
    }()
}
