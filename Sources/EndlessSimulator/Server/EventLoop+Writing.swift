import Glibc

/// Writing responses, with their delivery (delay, dribble, truncation, reset), and closing.
extension EventLoop {
    static let lingerTime = Duration.seconds(2)

    func startResponse(_ response: HTTPResponse, on connection: HTTPConnection, now: ContinuousClock.Instant) {
        guard var exchange = connection.exchange else { return discard(connection) }
        let delivery = response.delivery
        let keepAlive =
            exchange.keepAlive && !response.closeConnection && !connection.closeAfterResponse
            && !connection.isOverflow && delivery.truncatedBodyLength == nil && !delivery.reset
        exchange.keepAlive = keepAlive

        var headers = response.headers
        headers.set("Content-Length", String(response.body.count))
        if headers["Date"] == nil { headers.set("Date", HTTPDate.now()) }
        if headers["Server"] == nil { headers.set("Server", settings.serverName) }
        if !keepAlive {
            headers.set("Connection", "close")
        } else if exchange.isHTTP10 {
            headers.set("Connection", "keep-alive")
        }
        let head = Self.head(status: response.status, headers: headers)
        // HEAD: the same headers, Content-Length included, and no body.
        let body = exchange.isHead ? [] : response.body
        let end = head.count + (delivery.truncatedBodyLength.map { min(max(0, $0), body.count) } ?? body.count)
        let dribble =
            body.isEmpty
            ? nil
            : delivery.dribble.map {
                HTTPResponse.Delivery.Dribble(chunk: max(1, $0.chunk), interval: $0.interval)
            }

        exchange.status = response.status
        exchange.note = response.logNote
        connection.exchange = exchange
        setOutgoing(
            .init(
                head: head, body: body, end: end, truncated: delivery.truncatedBodyLength != nil,
                reset: delivery.reset, dribble: dribble,
                allowedEnd: dribble.map { head.count + $0.chunk } ?? end,
                notBefore: delivery.delay > .zero ? now + delivery.delay : nil, lastProgress: now),
            on: connection)
        connection.phase = .sending
        sendPending(connection, now: now)
    }

    /// Sends `100 Continue` before the rest of the request is read (RFC 9110 §10.1.1).
    func startInterimContinue(on connection: HTTPConnection, now: ContinuousClock.Instant) {
        let head = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
        connection.sentContinue = true
        setOutgoing(
            .init(
                head: head, body: [], end: head.count, truncated: false, reset: false, dribble: nil,
                allowedEnd: head.count, notBefore: nil, lastProgress: now, isInterim: true),
            on: connection)
        connection.phase = .sending
        sendPending(connection, now: now)
    }

    /// The status line and header section, ending with the empty line.
    static func head(status: Int, headers: HTTPHeaders) -> [UInt8] {
        var bytes = Array("HTTP/1.1 \(status) \(HTTPStatus.reason(status))\r\n".utf8)
        for field in headers.fields {
            bytes.append(contentsOf: field.name.utf8)
            bytes.append(contentsOf: ": ".utf8)
            bytes.append(contentsOf: field.value.utf8)
            bytes.append(contentsOf: "\r\n".utf8)
        }
        bytes.append(contentsOf: "\r\n".utf8)
        return bytes
    }

    func sendPending(_ connection: HTTPConnection, now: ContinuousClock.Instant) {
        guard var out = connection.outgoing else { return }
        if let notBefore = out.notBefore {
            guard now >= notBefore else { return }
            out.notBefore = nil
            out.lastProgress = now
        }
        if out.reset {
            connection.exchange?.status = 0
            return discard(connection, note: connection.exchange?.note ?? "reset", reset: true)
        }
        while true {
            let limit = min(out.end, out.allowedEnd)
            while out.sent < limit {
                let written = Self.send(out, upTo: limit, on: connection.fd)
                if written > 0 {
                    out.sent += written
                    out.lastProgress = now
                    continue
                }
                if written < 0, errno == EINTR { continue }
                connection.exchange?.bodyBytes = max(0, out.sent - out.headLength)
                connection.outgoing = out
                if written < 0, errno == EAGAIN || errno == EWOULDBLOCK { return }
                return discard(connection, note: "client gone")  // EPIPE, ECONNRESET
            }
            if out.sent >= out.end { break }
            // One dribble piece is out: pause before the next.
            guard let dribble = out.dribble else { break }
            out.allowedEnd = min(out.end, out.allowedEnd + dribble.chunk)
            out.notBefore = now + dribble.interval
            connection.exchange?.bodyBytes = max(0, out.sent - out.headLength)
            connection.outgoing = out
            return
        }
        connection.exchange?.bodyBytes = max(0, out.sent - out.headLength)
        releaseOutgoing(of: connection)
        if out.isInterim {
            // The request the 100 answered goes on arriving; its deadline is still the
            // read timeout that started with its first byte.
            connection.phase = .reading
            return processInput(connection, now: now)
        }
        finishResponse(connection, truncated: out.truncated, now: now)
    }

    /// Writes what the kernel takes of `out` up to `limit`: the rest of the head and the
    /// body in one call, without copying them together.
    private static func send(_ out: HTTPConnection.Outgoing, upTo limit: Int, on fd: Int32) -> Int {
        out.head.withUnsafeBytes { head in
            out.body.withUnsafeBytes { body in
                var pieces: [iovec] = []
                if out.sent < head.count, let base = head.baseAddress {
                    let length = min(head.count, limit) - out.sent
                    pieces.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: base + out.sent), iov_len: length))
                }
                let bodyStart = max(0, out.sent - head.count)
                let bodyEnd = max(0, limit - head.count)
                if bodyEnd > bodyStart, let base = body.baseAddress {
                    pieces.append(
                        iovec(
                            iov_base: UnsafeMutableRawPointer(mutating: base + bodyStart), iov_len: bodyEnd - bodyStart))
                }
                return pieces.withUnsafeMutableBufferPointer { vector in
                    var message = msghdr()
                    message.msg_iov = vector.baseAddress
                    message.msg_iovlen = vector.count
                    return sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
                }
            }
        }
    }

    private func finishResponse(_ connection: HTTPConnection, truncated: Bool, now: ContinuousClock.Instant) {
        let keepAlive = connection.exchange?.keepAlive ?? false
        logExchange(of: connection, now: now)
        connection.exchange = nil
        if keepAlive && !truncated {
            connection.phase = .reading
            connection.idleSince = now
            processInput(connection, now: now, afterResponse: true)  // a pipelined request may already be waiting
        } else {
            // Shut our side and wait for the client's FIN: closing with unread input would
            // send a reset that can destroy the response before the client reads it.
            _ = shutdown(connection.fd, Int32(SHUT_WR))
            connection.input.removeAll()
            connection.phase = .lingering(until: now + (shuttingDown ? Self.shutdownLinger : Self.lingerTime))
            drainLingering(connection)
        }
    }

    /// Closes and forgets a connection, logging the exchange it was in the middle of.
    func discard(_ connection: HTTPConnection, note: String? = nil, reset: Bool = false) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        releaseOutgoing(of: connection)
        if connection.exchange != nil {
            if let note { connection.exchange?.note = note }
            logExchange(of: connection, now: clock.now)
            connection.exchange = nil
        }
        if reset {
            SocketOptions.closeWithReset(connection.fd)
        } else {
            _ = close(connection.fd)
        }
        if !connection.isOverflow { activeCount -= 1 }
    }

    private func logExchange(of connection: HTTPConnection, now: ContinuousClock.Instant) {
        guard let log = settings.log, let exchange = connection.exchange else { return }
        log(RequestLogLine.text(exchange, duration: now - exchange.startedAt, redactor: settings.logRedactor))
    }

    func recvIntoBuffer(_ fd: Int32) -> Int {
        readBuffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    }

    func readBufferPrefix(_ count: Int) -> ArraySlice<UInt8> {
        readBuffer[0..<count]
    }
}
