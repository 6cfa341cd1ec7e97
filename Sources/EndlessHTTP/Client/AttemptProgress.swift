import Synchronization

/// What the attempts of a request have seen so far, read when the deadline ends them so that
/// a request that times out still reports its last status and attempt count.
final class AttemptProgress: Sendable {
    private struct State {
        var lastResponse: HTTPResponse?
        var attempts = 0
    }

    private let state = Mutex(State())

    func begin(attempt: Int) {
        state.withLock { $0.attempts = attempt }
    }

    func record(_ response: HTTPResponse) {
        state.withLock { $0.lastResponse = response }
    }

    var snapshot: (lastResponse: HTTPResponse?, attempts: Int) {
        state.withLock { ($0.lastResponse, $0.attempts) }
    }
}
