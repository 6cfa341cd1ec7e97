import Glibc
import Synchronization

/// How other threads talk to the I/O thread: finished responses from the workers and the stop
/// request, each followed by a byte on a socket pair the I/O thread polls, so it wakes at once.
final class LoopMailbox: Sendable {
    struct Completion: Sendable {
        var connectionID: UInt64
        var response: HTTPResponse
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
        var scratch = [UInt8](repeating: 0, count: 256)
        // Drain first: a post that lands after this still leaves a byte, so nothing is missed.
        while recv(wakeReadFD, &scratch, scratch.count, 0) > 0 {}
        return state.withLock { state in
            defer { state.completions.removeAll(keepingCapacity: true) }
            return (state.completions, state.stopRequested)
        }
    }

    private func wake() {
        var byte: UInt8 = 1
        // A full socket buffer (EAGAIN) means a wake-up is already pending: nothing to do.
        _ = send(wakeWriteFD, &byte, 1, Int32(MSG_NOSIGNAL))
    }
}
