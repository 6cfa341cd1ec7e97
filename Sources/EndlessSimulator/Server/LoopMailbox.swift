import Glibc
import Synchronization

/// How other threads talk to the I/O thread: finished responses from the workers and the stop
/// request, each followed by a byte on a socket pair the I/O thread polls, so it wakes at once.
final class LoopMailbox: Sendable {
    struct Completion: Sendable {
        var connectionID: UInt64
        var response: HTTPResponse
        /// The lane whose worker computed it; nil for an answer the handler had ready.
        var lane: WorkLane?
    }

    private struct State {
        var completions: [Completion] = []
        var stopRequested = false
    }

    /// The end the I/O thread polls.
    let wakeReadFD: Int32
    /// The end other threads write a byte to.
    let wakeWriteFD: Int32
    private let state = Mutex(State())
    /// Set while a wake-up byte is on its way, so a burst of completions costs one write and
    /// one read instead of one per response.
    private let wakePending = Atomic<Bool>(false)

    init() throws(SimulatorServerError) {
        var pair: [Int32] = [-1, -1]
        let flags = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, flags, 0, &pair) == 0 else {
            throw .socketFailed(SocketOptions.describe())
        }
        wakeReadFD = pair[0]
        wakeWriteFD = pair[1]
    }

    /// Closes both ends. Call once, after the I/O thread has finished.
    func close() {
        _ = Glibc.close(wakeReadFD)
        _ = Glibc.close(wakeWriteFD)
    }

    func post(_ completion: Completion) {
        state.withLock { $0.completions.append(completion) }
        wake()
    }

    func requestStop() {
        state.withLock { $0.stopRequested = true }
        wake()
    }

    /// Takes everything posted so far and empties the wake socket.
    func collect() -> (completions: [Completion], stopRequested: Bool) {
        // Drain, then clear the flag, then take. A post whose flag check comes after the clear
        // writes a fresh byte that the drain cannot have eaten, so it wakes the next round; a
        // post before the clear is in this take. Clearing before draining could eat that
        // byte and leave the flag set with nothing to wake the loop, stalling it for good.
        var scratch = [UInt8](repeating: 0, count: 256)
        while recv(wakeReadFD, &scratch, scratch.count, 0) > 0 {}
        wakePending.store(false, ordering: .sequentiallyConsistent)
        return state.withLock { state in
            defer { state.completions.removeAll(keepingCapacity: true) }
            return (state.completions, state.stopRequested)
        }
    }

    private func wake() {
        guard !wakePending.exchange(true, ordering: .sequentiallyConsistent) else { return }
        var byte: UInt8 = 1
        // A full socket buffer (EAGAIN) means a wake-up is already pending: nothing to do.
        _ = send(wakeWriteFD, &byte, 1, Int32(MSG_NOSIGNAL))
    }
}
