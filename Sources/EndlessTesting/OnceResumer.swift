import Synchronization

/// A continuation that can be resumed from two places (the awaited event, or cancellation)
/// and is resumed exactly once, whichever comes first, even before it is installed.
///
/// The waits in this library use it so that a test that times out (Swift Testing cancels it)
/// ends instead of hanging on an event that will never come.
final class OnceResumer: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Void, Never>?
        var resumed = false
    }

    private let state = Mutex(State())

    /// Hands over the continuation; resumes it at once if ``resume()`` already ran.
    func install(_ continuation: CheckedContinuation<Void, Never>) {
        let resumeNow = state.withLock { state -> Bool in
            if state.resumed { return true }
            state.continuation = continuation
            return false
        }
        if resumeNow { continuation.resume() }
    }

    /// Resumes the continuation if it has not been resumed yet.
    func resume() {
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.resumed = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume()
    }

    /// Suspends until `arm` leads to ``resume()``, or the task is cancelled.
    ///
    /// Not actor-isolated: `arm` may run on any thread, so it may only touch thread-safe state
    /// (Feed.wait, which needs the main actor, spells the same steps out in place).
    ///
    /// - Parameter arm: registers `self` wherever the awaited event will resume it.
    static func wait(_ arm: @escaping @Sendable (OnceResumer) -> Void) async {
        let resumer = OnceResumer()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                resumer.install(continuation)
                arm(resumer)
            }
        } onCancel: {
            resumer.resume()
        }
    }
}
