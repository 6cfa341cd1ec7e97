import Glibc

/// One client connection, owned by the I/O thread (never shared, so it needs no lock).
final class HTTPConnection {
    enum Phase: Equatable {
        /// Waiting for (the rest of) a request.
        case reading
        /// The handler is computing the response on a worker thread.
        case processing
        /// A response is being written (or waits for its delay, or its next dribble).
        case sending
        /// The response is done and our side is shut: discarding input until the client
        /// closes too, so a reset does not destroy the response in flight.
        case lingering(until: ContinuousClock.Instant)
    }

    /// What is being answered, for the log line and the HEAD and keep-alive decisions.
    struct Exchange {
        var method: String
        var target: String
        var isHead: Bool
        var isHTTP10 = false
        var keepAlive: Bool
        var startedAt: ContinuousClock.Instant
        var status = 0
        var bodyBytes = 0
        var note: String?
    }

    /// How the current response's bytes go out.
    ///
    /// The head and the body are kept apart and written together with one `sendmsg`, so the
    /// body the handler produced is never copied; it is freed as soon as the kernel has it all.
    struct Outgoing {
        var head: [UInt8]
        /// Empty for HEAD responses (their head still announces the length).
        var body: [UInt8]
        /// Bytes of head and body handed to the kernel so far.
        var sent = 0
        /// Sending stops here: the end of the body, or earlier for a truncated body.
        var end: Int
        var truncated: Bool
        var reset: Bool
        var dribble: HTTPResponse.Delivery.Dribble?
        /// Where the current dribble piece ends.
        var allowedEnd: Int
        /// Nothing is sent before this instant (latency, or the pause between dribbles).
        var notBefore: ContinuousClock.Instant?
        var lastProgress: ContinuousClock.Instant
        /// A `100 Continue`: when it is out, the connection goes back to reading the request.
        var isInterim = false

        var headLength: Int { head.count }
        /// What this response holds in memory, as the server's buffer budget counts it.
        var heldBytes: Int { head.count + body.count }
    }

    let id: UInt64
    let fd: Int32
    let peer: SocketAddress
    let local: SocketAddress
    /// Accepted beyond the connection cap: it only gets a 503.
    let isOverflow: Bool

    var phase = Phase.reading
    var input: [UInt8] = []
    var parser: HTTPRequestParser
    /// When the first byte of the request being read arrived (the read timeout's start).
    var requestStartedAt: ContinuousClock.Instant?
    /// When the connection last became idle (the idle timeout's start).
    var idleSince: ContinuousClock.Instant
    var exchange: Exchange?
    var outgoing: Outgoing?
    /// Set at shutdown: the next response closes the connection.
    var closeAfterResponse = false
    /// The client shut its sending side: answer what has arrived, then close.
    var inputClosed = false
    /// A `100 Continue` went out for the request being read, so it is not sent twice.
    var sentContinue = false

    init(
        id: UInt64, fd: Int32, peer: SocketAddress, local: SocketAddress, isOverflow: Bool,
        limits: ServerLimits, now: ContinuousClock.Instant
    ) {
        self.id = id
        self.fd = fd
        self.peer = peer
        self.local = local
        self.isOverflow = isOverflow
        self.parser = HTTPRequestParser(limits: limits)
        self.idleSince = now
    }

    /// The poll events this connection waits for now.
    func pollEvents(now: ContinuousClock.Instant) -> Int16 {
        switch phase {
        case .reading, .lingering: return Int16(POLLIN)
        case .processing: return 0
        case .sending:
            if let notBefore = outgoing?.notBefore, now < notBefore { return 0 }
            return Int16(POLLOUT)
        }
    }

    /// The next instant something must happen on this connection without any I/O.
    func deadline(limits: ServerLimits) -> ContinuousClock.Instant? {
        switch phase {
        case .reading:
            if let started = requestStartedAt { return started + limits.readTimeout }
            return idleSince + limits.idleTimeout
        case .processing:
            return nil
        case .sending:
            guard let outgoing else { return nil }
            return outgoing.notBefore ?? outgoing.lastProgress + limits.writeTimeout
        case .lingering(let until):
            return until
        }
    }
}
