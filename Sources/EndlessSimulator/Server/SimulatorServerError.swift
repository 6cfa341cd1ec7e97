/// Why the simulator server could not start.
public enum SimulatorServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The configured host is neither a numeric address nor a resolvable name.
    case invalidHost(String, reason: String)
    /// The address could not be bound or listened on, e.g. the port is in use.
    case bindFailed(host: String, port: UInt16, reason: String)
    /// The kernel refused a socket (file descriptors exhausted, …).
    case socketFailed(String)
    /// `start()` was called on a server that is already running or has been stopped.
    case alreadyStarted

    /// A sentence a person can act on.
    public var description: String {
        switch self {
        case .invalidHost(let host, let reason):
            "cannot listen on host \"\(host)\": \(reason); use a numeric address such as 127.0.0.1"
        case .bindFailed(let host, let port, let reason):
            "cannot listen on \(host):\(port): \(reason)"
                + (port == 0 ? "" : "; choose another port, or 0 for any free one")
        case .socketFailed(let reason):
            "cannot create a socket: \(reason)"
        case .alreadyStarted:
            "the server was already started; create a new SimulatorServer to start again"
        }
    }
}
