import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The URLSession task of one `send`, created off the caller's thread, and whether the caller
/// cancelled before or after it existed: whichever comes second decides what to do.
final class TaskHandle: Sendable {
    private struct State {
        var task: URLSessionDataTask?
        var isCancelled = false
    }

    private let state = Mutex(State())

    /// Records the new task. Returns `false` when the caller has already cancelled, in which
    /// case the task must not be started.
    func start(_ task: URLSessionDataTask) -> Bool {
        state.withLock { state in
            state.task = task
            return !state.isCancelled
        }
    }

    /// Marks the request cancelled; returns the task to cancel, if it has been started.
    func cancel() -> URLSessionDataTask? {
        state.withLock { state in
            state.isCancelled = true
            return state.task
        }
    }

    /// The task, once created.
    var task: URLSessionDataTask? { state.withLock { $0.task } }
}
