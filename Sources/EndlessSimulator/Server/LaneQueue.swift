/// One ``WorkLane``'s requests on their way to its worker threads: those waiting, in arrival
/// order, and how many its workers have now (at most ``capacity``, which bounds what is being
/// generated). Owned by the I/O thread, like the rest of the ``EventLoop``.
struct LaneQueue {
    /// A parsed request waiting for a worker: its connection and the work that answers it.
    struct WaitingRequest {
        var connectionID: UInt64
        var work: @Sendable () -> HTTPResponse
    }

    let lane: WorkLane
    let workers: WorkerPool
    /// The most requests with the workers at once: one per thread.
    let capacity: Int
    /// Requests with the workers now.
    var inFlight = 0
    private var waiting: [WaitingRequest] = []
    /// Where the waiting requests start in ``waiting`` (taken ones are dropped in batches).
    private var head = 0

    init(lane: WorkLane, workers: WorkerPool, capacity: Int) {
        self.lane = lane
        self.workers = workers
        self.capacity = max(1, capacity)
    }

    /// Requests waiting for a worker.
    var waitingCount: Int { waiting.count - head }

    mutating func append(_ request: WaitingRequest) {
        waiting.append(request)
    }

    /// The next waiting request, if a worker of this lane is free for it.
    mutating func nextForFreeWorker() -> WaitingRequest? {
        guard head < waiting.count, inFlight < capacity else { return nil }
        let next = waiting[head]
        head += 1
        return next
    }

    /// Drops what has been taken: all at once when nothing waits, else now and then, instead
    /// of a `removeFirst` per request.
    mutating func compact() {
        if head == waiting.count {
            waiting.removeAll(keepingCapacity: waiting.count <= 1024)
            head = 0
        } else if head > 256, head * 2 > waiting.count {
            waiting.removeFirst(head)
            head = 0
        }
    }
}
