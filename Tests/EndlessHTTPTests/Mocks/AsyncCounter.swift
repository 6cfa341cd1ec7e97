import Synchronization

/// A count that tests can wait on: `await counter.value(atLeast: 2)` suspends until two
/// things have happened, without sleeping or polling.
final class AsyncCounter: Sendable {
    private struct State {
        var value = 0
        var waiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    var value: Int { state.withLock { $0.value } }

    func increment(by delta: Int = 1) {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.value += delta
            let ready = state.waiters.filter { $0.target <= state.value }.map(\.continuation)
            state.waiters.removeAll { $0.target <= state.value }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    func value(atLeast target: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.value >= target { return true }
                state.waiters.append((target, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
