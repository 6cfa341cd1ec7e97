import EndlessTesting
import Synchronization
import Testing

/// A count that tests can wait on: `await counter.value(atLeast: 2)` suspends until two
/// things have happened, without sleeping or polling (bounded: a count that never comes
/// records an issue and ends the wait, so the test fails instead of hanging).
final class AsyncCounter: Sendable {
    private struct State {
        var value = 0
        var waiters: [(target: Int, resumer: OnceResumer)] = []
    }

    private let state = Mutex(State())

    var value: Int { state.withLock { $0.value } }

    func increment(by delta: Int = 1) {
        let ready = state.withLock { state -> [OnceResumer] in
            state.value += delta
            let ready = state.waiters.filter { $0.target <= state.value }.map(\.resumer)
            state.waiters.removeAll { $0.target <= state.value }
            return ready
        }
        for resumer in ready { resumer.resume() }
    }

    func value(atLeast target: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        await OnceResumer.wait("a count of \(target) (it is \(value))", sourceLocation: sourceLocation) { resumer in
            let ready = self.state.withLock { state -> Bool in
                if state.value >= target { return true }
                state.waiters.append((target, resumer))
                return false
            }
            if ready { resumer.resume() }
        }
    }
}
