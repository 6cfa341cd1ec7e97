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
    /// `afterResponse`: called as a response finished, with what was read before it (a
    /// pipelined request), not as input arrived.
    func processInput(_ connection: HTTPConnection, now: ContinuousClock.Instant, afterResponse: Bool = false) {
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
                if connection.inputClosed { return discard(connection) }
                if head.expectsContinue { answerExpectation(head, on: connection, now: now) }
                return
            }
            connection.input.removeFirst(total)  // the body, if any, is read and dropped
            connection.parser.reset()
            connection.sentContinue = false
            start(head, on: connection, now: now, afterResponse: afterResponse)
        }
    }

    /// The client waits for `100 Continue` before sending the body (RFC 9110 §10.1.1). A
    /// request that is refused whatever its body says gets its final answer now and the
    /// connection closes, so the body is never sent; any other gets the `100` once.
    private func answerExpectation(_ head: HTTPRequestHead, on connection: HTTPConnection, now: ContinuousClock.Instant) {
        if !Self.servedMethods.contains(head.method) {
            connection.input.removeAll()
            connection.parser.reset()
            connection.sentContinue = false
            connection.closeAfterResponse = true
            return start(head, on: connection, now: now)
        }
        if !connection.sentContinue { startInterimContinue(on: connection, now: now) }
    }

    /// Whether the peer closed its side and nothing it sent is left unread: a peek that takes
    /// nothing and never waits.
    private static func peerClosedInput(_ fd: Int32) -> Bool {
        var byte: UInt8 = 0
        return recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) == 0
    }

    /// The methods the server answers; others get 405.
    static let servedMethods: Set<String> = ["GET", "HEAD"]

    private func start(_ head: HTTPRequestHead, on connection: HTTPConnection, now: ContinuousClock.Instant, afterResponse: Bool = false) {
        let startedAt = connection.requestStartedAt ?? now
        connection.requestStartedAt = nil
        // The last of a pipelined batch, read before the answers to the others: the client's
        // half-close may have come while those were sent. Looked for now (a peek, once a
        // batch), so this answer can announce the close, as it does when the close came with
        // the requests.
        if afterResponse, connection.input.isEmpty, !connection.inputClosed, Self.peerClosedInput(connection.fd) {
            connection.inputClosed = true
        }
        // A client that half-closed after pipelining still gets every complete request
        // answered; the last one announces the close.
        let keepAlive =
            head.wantsKeepAlive && !connection.closeAfterResponse
            && !(connection.inputClosed && connection.input.isEmpty)
        connection.exchange = .init(
            method: head.method, target: head.target, isHead: head.method == "HEAD",
            isHTTP10: head.version == .http10, keepAlive: keepAlive, startedAt: startedAt)
        guard Self.servedMethods.contains(head.method) else {
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
        switch settings.handler.answer(request) {
        case .ready(let response):
            // Sent later in this loop turn, not from here: a client pipelining many requests
            // would otherwise nest one answer inside the previous one's completion.
            connection.phase = .processing
            readyAnswers.append(.init(connectionID: connection.id, response: response))
        case .compute(let lane, let work):
            enqueue(work, lane: lane, on: connection)
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
