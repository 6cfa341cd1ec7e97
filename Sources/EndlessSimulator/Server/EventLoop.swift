import EndlessHTTP
import Glibc

/// The I/O thread's state and its poll loop: it accepts, reads, parses, hands requests to the
/// worker pool and writes responses, all with non-blocking sockets. It lives on one thread
/// for its whole life (created there by ``HTTPServer``), so it needs no locks; other threads
/// reach it only through the ``LoopMailbox``.
final class EventLoop {
    struct Settings: Sendable {
        var limits: ServerLimits
        var handler: any HTTPHandler
        var log: (@Sendable (String) -> Void)?
        /// Hides secret query values in the log's lines.
        var logRedactor: Redactor
        /// The `Server` header value.
        var serverName: String
        var statistics: ServerStatistics
    }

    let settings: Settings
    var limits: ServerLimits { settings.limits }
    var statistics: ServerStatistics { settings.statistics }
    let mailbox: LoopMailbox
    private(set) var listenFD: Int32
    var connections: [UInt64: HTTPConnection] = [:]
    /// Connections within the cap (overflow ones are not counted).
    var activeCount = 0
    private var nextID: UInt64 = 1
    private var acceptPausedUntil: ContinuousClock.Instant?
    var shuttingDown = false
    private var graceDeadline: ContinuousClock.Instant?
    let clock = ContinuousClock()
    /// Scratch space for recv, reused by every read on this thread.
    var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    /// Requests waiting for or with the workers, one queue per ``WorkLane``, indexed by
    /// ``laneIndex(_:)``.
    var lanes: [LaneQueue]
    /// Answers the handler had ready, to send before this loop turn ends.
    var readyAnswers: [LoopMailbox.Completion] = []
    /// Bytes of responses held for clients, counted against `limits.maxBufferedResponseBytes`.
    var heldResponseBytes = 0
    /// Response bytes freed since memory was last given back to the system.
    var releasedSinceTrim = 0

    /// - Parameter lanes: one queue per ``WorkLane``, in `WorkLane.allCases` order.
    init(listenFD: Int32, mailbox: LoopMailbox, lanes: [LaneQueue], settings: Settings) {
        self.listenFD = listenFD
        self.mailbox = mailbox
        assert(lanes.map(\.lane) == WorkLane.allCases && lanes.indices.allSatisfy { Self.laneIndex(lanes[$0].lane) == $0 })
        self.lanes = lanes
        self.settings = settings
    }

    /// Runs until a stop request has been honoured: every connection answered or closed.
    func run() {
        var pollFDs: [pollfd] = []
        var order: [UInt64] = []
        while true {
            var now = clock.now
            if shuttingDown {
                if connections.isEmpty { break }
                if let graceDeadline, now >= graceDeadline { closeAll(); break }
            }

            pollFDs.removeAll(keepingCapacity: true)
            order.removeAll(keepingCapacity: true)
            pollFDs.append(pollfd(fd: mailbox.wakeReadFD, events: Int16(POLLIN), revents: 0))
            let accepting = listenFD >= 0 && (acceptPausedUntil.map { now >= $0 } ?? true)
            if accepting { acceptPausedUntil = nil }
            // The listening socket is always at index 1 so the indexes below stay fixed.
            pollFDs.append(pollfd(fd: accepting ? listenFD : -1, events: Int16(POLLIN), revents: 0))
            var nextDeadline = graceDeadline ?? acceptPausedUntil
            for (id, connection) in connections {
                order.append(id)
                pollFDs.append(pollfd(fd: connection.fd, events: connection.pollEvents(now: now), revents: 0))
                if let deadline = connection.deadline(limits: limits) {
                    nextDeadline = nextDeadline.map { min($0, deadline) } ?? deadline
                }
            }
            let count = nfds_t(pollFDs.count)
            // Ready answers left by the last turn's timers or busy replies go out without waiting.
            let timeout = readyAnswers.isEmpty ? Self.timeoutMilliseconds(until: nextDeadline, now: now) : 0
            let ready = poll(&pollFDs, count, timeout)
            if ready < 0, errno != EINTR {
                // poll itself failing (ENOMEM) would spin; back off briefly and retry.
                usleep(10_000)
            }
            now = clock.now
            // Also on a timeout: should a wake-up ever go missing, the cap below bounds the
            // stall to a second instead of forever.
            if pollFDs[0].revents != 0 || ready == 0 {
                let mail = mailbox.collect()
                if mail.stopRequested, !shuttingDown { beginShutdown(now: now) }
                for completion in mail.completions { deliver(completion, now: now) }
            }
            if pollFDs[1].revents != 0, listenFD >= 0 { acceptConnections(now: now) }
            for (index, id) in order.enumerated() {
                let revents = pollFDs[index + 2].revents
                guard revents != 0, let connection = connections[id] else { continue }
                handleEvents(revents, on: connection, now: now)
            }
            sendReadyAnswers(now: now)
            fireTimers(now: clock.now)
            dispatchWaiting(now: clock.now)
            releaseMemoryIfWorthIt()
            publishStatistics()
        }
        publishStatistics()
        if listenFD >= 0 { _ = close(listenFD) }
        listenFD = -1
    }

    private static func timeoutMilliseconds(
        until deadline: ContinuousClock.Instant?, now: ContinuousClock.Instant
    ) -> Int32 {
        // Capped at one second so that a missed wake-up could never stall the loop for long.
        guard let deadline else { return 1000 }
        let (seconds, attoseconds) = (deadline - now).components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1
        return Int32(clamping: max(0, min(1000, milliseconds)))
    }

    // MARK: - Accepting

    private func acceptConnections(now: ContinuousClock.Instant) {
        // A bounded batch per wake-up keeps one flood of connects from starving the others.
        for _ in 0..<64 {
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listenFD, $0, &length) }
            }
            if fd < 0 {
                switch errno {
                case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED, EPROTO:
                    return
                default:
                    // EMFILE/ENFILE/ENOBUFS: the pending connection stays queued and poll would
                    // report it again at once; pause accepting instead of spinning.
                    acceptPausedUntil = now + .milliseconds(100)
                    return
                }
            }
            SocketOptions.configureAccepted(fd)
            let peer = SocketAddress(storage) ?? SocketAddress(host: "unknown", port: 0, isIPv6: false)
            let local = SocketOptions.localAddress(of: fd) ?? peer
            let isOverflow = activeCount >= limits.maxConnections
            if isOverflow, connections.count - activeCount >= Self.maxOverflow(limits) {
                _ = close(fd)  // Even the 503s are capped; beyond that, refuse outright.
                continue
            }
            let connection = HTTPConnection(
                id: nextID, fd: fd, peer: peer, local: local, isOverflow: isOverflow, limits: limits, now: now)
            nextID += 1
            connections[connection.id] = connection
            if isOverflow {
                connection.exchange = .init(method: "-", target: "-", isHead: false, keepAlive: false, startedAt: now)
                startResponse(Self.busyResponse(), on: connection, now: now)
            } else {
                activeCount += 1
            }
        }
    }

    /// How many over-cap connections may wait for their 503 at once; beyond that they are
    /// closed at once, so a flood cannot turn the 503s themselves into a descriptor leak.
    static func maxOverflow(_ limits: ServerLimits) -> Int { max(64, limits.maxConnections) }

    // MARK: - Events and timers

    private func handleEvents(_ revents: Int16, on connection: HTTPConnection, now: ContinuousClock.Instant) {
        let failed = revents & Int16(POLLERR | POLLNVAL) != 0
        let hungUp = revents & Int16(POLLHUP) != 0
        switch connection.phase {
        case .reading:
            if failed { return discard(connection, note: "client gone") }
            // POLLHUP with data still queued: read it (recv reports the end afterwards).
            readAvailable(connection, now: now)
        case .lingering:
            if failed || hungUp { return discard(connection) }
            drainLingering(connection)
        case .processing:
            // Not polled for input, so only an error or hang-up lands here: the client left.
            if failed || hungUp { discard(connection, note: "client gone") }
        case .sending:
            // A hang-up while a delayed response waits would otherwise be reported on every
            // poll until the delay ends: a busy loop. Nobody is left to read it anyway.
            if failed || hungUp { return discard(connection, note: "client gone") }
            sendPending(connection, now: now)
        }
    }

    private func fireTimers(now: ContinuousClock.Instant) {
        for connection in Array(connections.values) {
            guard let deadline = connection.deadline(limits: limits), now >= deadline else { continue }
            switch connection.phase {
            case .reading:
                if connection.requestStartedAt != nil {
                    respondToParseFailure(
                        HTTPParseFailure(status: 408, message: "The request took too long to arrive."),
                        on: connection, now: now)
                } else {
                    discard(connection)  // idle keep-alive connection: close quietly
                }
            case .sending:
                if connection.outgoing?.notBefore != nil {
                    sendPending(connection, now: now)
                } else {
                    discard(connection, note: "write timeout")
                }
            case .lingering:
                discard(connection)
            case .processing:
                break
            }
        }
    }

    // MARK: - Shutdown

    private func beginShutdown(now: ContinuousClock.Instant) {
        shuttingDown = true
        graceDeadline = now + limits.shutdownGracePeriod
        if listenFD >= 0 { _ = close(listenFD) }
        listenFD = -1
        for connection in Array(connections.values) {
            connection.closeAfterResponse = true
            switch connection.phase {
            case .reading where connection.input.isEmpty:
                discard(connection)
            case .lingering(let until):
                // Its response is out; a short wait still lets the client read it first.
                connection.phase = .lingering(until: min(until, now + Self.shutdownLinger))
            default:
                break
            }
        }
    }

    static let shutdownLinger = Duration.milliseconds(200)

    private func closeAll() {
        for connection in Array(connections.values) { discard(connection, note: "shutdown") }
    }
}
