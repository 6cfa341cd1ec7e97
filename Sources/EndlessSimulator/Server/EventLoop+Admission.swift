/// How requests reach the workers, and the budget on response bytes held in memory.
///
/// A handler's ready answers (``HTTPAnswer/ready(_:)``) skip the workers and go out at once;
/// the budget below applies to them exactly as to computed ones.
///
/// A client that does not read keeps its response in the server's memory until the write
/// timeout: 200 such clients asking for 5,000 users each once held over a gigabyte. So:
/// - each ``WorkLane`` has its own workers and queue: at most ``ServerLimits/workerThreads``
///   API requests and ``ServerLimits/assetWorkerThreads`` asset requests are with the
///   workers at once, the rest wait in their lane in arrival order, which bounds what is
///   being generated, and an API request never waits behind a picture being drawn;
/// - while the responses held for clients reach ``ServerLimits/maxBufferedResponseBytes``,
///   a waiting request is answered `503` with `Retry-After` instead of being generated, and
///   a generated response that would overflow the budget is replaced by that `503` (unless
///   nothing else is held, so one response of any size can always go out);
/// - a response's memory is released as soon as the kernel has taken all of it, and the
///   allocator is asked to give freed memory back to the system (``MemoryRelease``).
///
/// Per connection, at most one response is held (pipelined requests are answered one at a
/// time) and at most one request's worth of input is buffered (``readAvailable(_:now:)``).
extension EventLoop {
    /// Where `lane`'s queue is in ``lanes``.
    static func laneIndex(_ lane: WorkLane) -> Int {
        switch lane {
        case .api: 0
        case .assets: 1
        }
    }

    /// Queues a request's work for `lane`'s workers; ``dispatchWaiting(now:)`` hands it over.
    func enqueue(
        _ work: @escaping @Sendable () -> HTTPResponse, lane: WorkLane, on connection: HTTPConnection
    ) {
        connection.phase = .processing
        lanes[Self.laneIndex(lane)].append(.init(connectionID: connection.id, work: work))
    }

    /// Requests with the workers now, every lane.
    var jobsInFlight: Int { lanes.reduce(0) { $0 + $1.inFlight } }

    /// Hands waiting requests to free workers of their lane, or answers them `503` while the
    /// budget is spent. Called once per loop turn, never from inside a response, so it never
    /// re-enters.
    func dispatchWaiting(now: ContinuousClock.Instant) {
        for index in lanes.indices {
            while let next = lanes[index].nextForFreeWorker() {
                guard let connection = connections[next.connectionID], connection.phase == .processing else { continue }
                if heldResponseBytes >= limits.maxBufferedResponseBytes {
                    startResponse(Self.busyResponse(), on: connection, now: now)
                    continue
                }
                lanes[index].inFlight += 1
                let id = connection.id
                let lane = lanes[index].lane
                let mailbox = self.mailbox
                let work = next.work
                lanes[index].workers.submit {
                    mailbox.post(.init(connectionID: id, response: work(), lane: lane))
                }
            }
            lanes[index].compact()
        }
    }

    /// A worker's answer arrives; the connection may have gone meanwhile.
    func deliver(_ completion: LoopMailbox.Completion, now: ContinuousClock.Instant) {
        if let lane = completion.lane { lanes[Self.laneIndex(lane)].inFlight -= 1 }
        guard let connection = connections[completion.connectionID], connection.phase == .processing else {
            noteReleased(completion.response.body.count)
            return
        }
        startWithinBudget(completion.response, on: connection, now: now)
    }

    /// Sends the answers the handler had ready, in arrival order. Sending one may complete a
    /// keep-alive exchange and parse the next pipelined request, which may be ready too: it
    /// joins the list and goes out in this same turn, one after the other, never nested.
    func sendReadyAnswers(now: ContinuousClock.Instant) {
        var index = 0
        while index < readyAnswers.count {
            let answer = readyAnswers[index]
            index += 1
            guard let connection = connections[answer.connectionID], connection.phase == .processing else {
                noteReleased(answer.response.body.count)
                continue
            }
            startWithinBudget(answer.response, on: connection, now: now)
        }
        readyAnswers.removeAll(keepingCapacity: readyAnswers.count <= 1024)
    }

    /// Sends `response`, or a `503` instead when holding it would overflow the budget (unless
    /// nothing else is held, so one response of any size can always go out).
    func startWithinBudget(_ response: HTTPResponse, on connection: HTTPConnection, now: ContinuousClock.Instant) {
        let size = response.body.count
        if heldResponseBytes > 0, heldResponseBytes + size > limits.maxBufferedResponseBytes {
            noteReleased(size)
            return startResponse(Self.busyResponse(), on: connection, now: now)
        }
        startResponse(response, on: connection, now: now)
    }

    /// The answer when the server holds too much for clients that are not reading, or has
    /// more connections than it serves.
    static func busyResponse() -> HTTPResponse {
        var response = HTTPResponse.text(
            503, "The server is busy; try again shortly.\n", headers: ["Retry-After": "1"])
        response.logNote = "busy"
        return response
    }

    /// Makes `outgoing` the connection's response and counts it against the budget.
    func setOutgoing(_ outgoing: HTTPConnection.Outgoing, on connection: HTTPConnection) {
        releaseOutgoing(of: connection)
        heldResponseBytes += outgoing.heldBytes
        connection.outgoing = outgoing
    }

    /// Frees the connection's response, if it has one, and takes it off the budget.
    func releaseOutgoing(of connection: HTTPConnection) {
        guard let outgoing = connection.outgoing else { return }
        connection.outgoing = nil
        heldResponseBytes -= outgoing.heldBytes
        noteReleased(outgoing.heldBytes)
    }

    private func noteReleased(_ bytes: Int) {
        releasedSinceTrim += bytes
    }

    /// Gives freed memory back once enough has been released, or once the server holds
    /// nothing: a burst of large responses would otherwise stay resident for good.
    func releaseMemoryIfWorthIt() {
        let idle = heldResponseBytes == 0 && jobsInFlight == 0
        guard
            releasedSinceTrim >= MemoryRelease.threshold
                || (idle && releasedSinceTrim >= MemoryRelease.idleThreshold)
        else { return }
        releasedSinceTrim = 0
        if MemoryRelease.giveBack() { statistics.memoryReleases.add(1, ordering: .relaxed) }
    }

    /// Publishes the loop's counters for ``HTTPServer/statistics``.
    func publishStatistics() {
        statistics.heldResponseBytes.store(heldResponseBytes, ordering: .relaxed)
        statistics.openConnections.store(connections.count, ordering: .relaxed)
        let waiting = lanes.reduce(0) { $0 + $1.waitingCount + $1.inFlight }
        statistics.waitingRequests.store(waiting, ordering: .relaxed)
    }
}
