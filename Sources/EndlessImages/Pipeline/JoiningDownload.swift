import Synchronization

/// A decode's hold on the download it joins, for cancelling the decode while it hops to the
/// pipeline's actor and back: its cancellation handler cannot reach a download it has not
/// been handed yet, so it leaves a mark here, and whichever comes second (the cancellation
/// or the join) leaves the download.
final class JoiningDownload: Sendable {
    private struct State {
        var isCancelled = false
        var leave: (@Sendable () -> Void)?
    }

    private let state = Mutex(State())

    /// Whether the decode was cancelled.
    var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Marks the decode cancelled, and leaves the download if it was joined.
    func cancel() {
        let leave = state.withLock { state -> (@Sendable () -> Void)? in
            state.isCancelled = true
            defer { state.leave = nil }
            return state.leave
        }
        leave?()
    }

    /// Keeps how to leave the download just joined.
    /// - Returns: false when the decode was cancelled meanwhile (the caller leaves at once).
    func attach(_ leave: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            guard !state.isCancelled else { return false }
            state.leave = leave
            return true
        }
    }
}
