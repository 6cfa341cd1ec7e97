import Glibc

/// Reading and parsing requests, and handing them to the workers.
extension EventLoop {
    func readAvailable(_ connection: HTTPConnection, now: ContinuousClock.Instant) {
        // Input is read only while a request is awaited, and at most this much is buffered,
        // so a client pipelining without end cannot grow memory without bound.
        let cap = limits.maxRequestLineBytes + limits.maxHeaderBytes + limits.maxBodyBytes + 64 * 1024
        while connection.input.count < cap {
            let received = recvIntoBuffer(connection.fd)
            if received > 0 {
                if connection.requestStartedAt == nil { connection.requestStartedAt = now }
                connection.input.append(contentsOf: readBufferPrefix(received))
                continue
            }
            if received == 0 {
                connection.inputClosed = true
                break
            }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { break }
            return discard(connection, note: "client gone")
        }
        processInput(connection, now: now)
    }

    /// Parses what has arrived; starts at most one request (the next waits for its response).
    func processInput(_ connection: HTTPConnection, now: ContinuousClock.Instant) {
        guard connection.phase == .reading else { return }
        if connection.input.isEmpty {
            connection.requestStartedAt = nil
            if connection.inputClosed { discard(connection) }
            return
        }
        if connection.requestStartedAt == nil { connection.requestStartedAt = now }
        switch connection.parser.parse(connection.input) {
        case .needMore:
            if connection.inputClosed { discard(connection) }
        case .failure(let failure):
            respondToParseFailure(failure, on: connection, now: now)
        case .head(let head, let headLength):
            let total = headLength + head.contentLength
            guard connection.input.count >= total else {
                if connection.inputClosed { discard(connection) }
                return
            }
            connection.input.removeFirst(total)  // the body, if any, is read and dropped
            connection.parser.reset()
            start(head, on: connection, now: now)
        }
    }

    private func start(_ head: HTTPRequestHead, on connection: HTTPConnection, now: ContinuousClock.Instant) {
        let startedAt = connection.requestStartedAt ?? now
        connection.requestStartedAt = nil
        let keepAlive = head.wantsKeepAlive && !connection.closeAfterResponse && !connection.inputClosed
        connection.exchange = .init(
            method: head.method, target: head.target, isHead: head.method == "HEAD",
            isHTTP10: head.version == .http10, keepAlive: keepAlive, startedAt: startedAt)
        guard head.method == "GET" || head.method == "HEAD" else {
            let response = HTTPResponse.text(
                405, "Only GET and HEAD are supported.\n", headers: ["Allow": "GET, HEAD"])
            return startResponse(response, on: connection, now: now)
        }
        guard head.target != "*" else {
            return startResponse(HTTPResponse.text(400, "The request target is malformed.\n"), on: connection, now: now)
        }
        let parts = head.pathAndQuery
        let request = HTTPRequest(
            method: head.method, target: head.target, path: parts.path, query: parts.query,
            version: head.version, headers: head.headers, peer: connection.peer, local: connection.local)
        connection.phase = .processing
        let id = connection.id
        let mailbox = self.mailbox
        let handler = settings.handler
        workers.submit {
            let response = handler.respond(to: request)
            mailbox.post(.init(connectionID: id, response: response))
        }
    }

    /// Answers a request the parser refused (or that timed out), then closes.
    func respondToParseFailure(_ failure: HTTPParseFailure, on connection: HTTPConnection, now: ContinuousClock.Instant) {
        connection.exchange = .init(
            method: failure.method, target: failure.target, isHead: false, keepAlive: false,
            startedAt: connection.requestStartedAt ?? now)
        connection.requestStartedAt = nil
        connection.input.removeAll()
        var response = HTTPResponse.text(failure.status, failure.message + "\n")
        response.closeConnection = true
        startResponse(response, on: connection, now: now)
    }

    /// A worker's answer arrives; the connection may have gone meanwhile.
    func deliver(_ completion: LoopMailbox.Completion, now: ContinuousClock.Instant) {
        guard let connection = connections[completion.connectionID], connection.phase == .processing else { return }
        startResponse(completion.response, on: connection, now: now)
    }

    /// Discards what a lingering connection still sends, closing when it is done.
    func drainLingering(_ connection: HTTPConnection) {
        for _ in 0..<16 {
            let received = recvIntoBuffer(connection.fd)
            if received > 0 { continue }
            if received < 0, errno == EINTR { continue }
            if received < 0, errno == EAGAIN || errno == EWOULDBLOCK { return }
            return discard(connection)
        }
    }
}
