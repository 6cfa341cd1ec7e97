import Synchronization

/// Lines written from any thread, such as a server's request log, and a wait for the first few.
///
/// A server writes an exchange's log line once its response has been sent (the line carries how
/// long it took and what was sent), so a client can hold its answer before the line exists.
/// A test that checks the log after its requests returned waits for the lines it expects,
/// bounded, instead of reading at once and failing when the server's thread is a little late:
///
/// ```swift
/// let log = RecordedLines()
/// // … start a server with `log: log.append`, make three requests …
/// let lines = try await withTimeout(.seconds(20)) { await log.first(3) }
/// ```
public final class RecordedLines: Sendable {
    private struct Waiter {
        let id: Int
        let count: Int
        let continuation: CheckedContinuation<[String], Never>
    }

    private struct State {
        var lines: [String] = []
        var waiters: [Waiter] = []
        var nextID = 0
    }

    private let state = Mutex(State())

    /// An empty record.
    public init() {}

    /// Records `line`, waking every wait it completes.
    public func append(_ line: String) {
        let (ready, lines) = state.withLock { state -> ([Waiter], [String]) in
            state.lines.append(line)
            let count = state.lines.count
            let ready = state.waiters.filter { $0.count <= count }
            state.waiters.removeAll { $0.count <= count }
            return (ready, state.lines)
        }
        for waiter in ready { waiter.continuation.resume(returning: lines) }
    }

    /// Every line so far.
    public var all: [String] { state.withLock { $0.lines } }

    /// Every line, once there are at least `count`; or the lines there are when the waiting task
    /// is cancelled (as `withTimeout` does when its budget runs out), so a test that gives up
    /// compares what did arrive.
    public func first(_ count: Int) async -> [String] {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> [String]? in
                    if state.lines.count >= count || Task.isCancelled { return state.lines }
                    state.waiters.append(Waiter(id: id, count: count, continuation: continuation))
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let (waiter, lines) = state.withLock { state -> (Waiter?, [String]) in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return (nil, state.lines) }
                return (state.waiters.remove(at: index), state.lines)
            }
            waiter?.continuation.resume(returning: lines)
        }
    }
}
