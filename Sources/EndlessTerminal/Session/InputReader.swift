import EndlessShared
import Glibc
import Synchronization

/// A dedicated thread that waits on the terminal and on the signal pipe with `poll(2)` and
/// passes what arrives on: bytes to the decoder, which parses them here and hands the events
/// to the app (see ``InputDecoder``), and signal numbers to the session.
///
/// A blocking read would tie up a thread of Swift's cooperative pool for the whole session,
/// so the reader gets its own thread. It stops when a byte arrives on its stop pipe. When the
/// terminal is read on a ``MainRunLoop`` instead, the thread waits on the signal pipe alone.
final class InputReader: Sendable {
    /// The terminal, or nil when something else reads it.
    private let input: Int32?
    private let signals: Int32
    private let stopPipe: (read: Int32, write: Int32)
    private let decoder: InputDecoder
    private let onSignal: @Sendable (Int32) -> Void
    private let thread = Mutex<pthread_t?>(nil)

    /// - Parameters:
    ///   - input: the terminal to read, or nil to wait on the signal pipe alone.
    ///   - signals: the read end of the signal relay pipe.
    ///   - decoder: parses the input and delivers its events.
    ///   - onSignal: called on the reader thread for each relayed signal.
    init(
        input: Int32?, signals: Int32, decoder: InputDecoder,
        onSignal: @escaping @Sendable (Int32) -> Void
    ) throws(TerminalError) {
        self.input = input
        self.signals = signals
        self.decoder = decoder
        self.onSignal = onSignal
        stopPipe = try Self.makePipe()
    }

    /// A pipe with both ends close-on-exec and non-blocking.
    static func makePipe() throws(TerminalError) -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw .lastError("pipe") }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        return (descriptors[0], descriptors[1])
    }

    /// Starts the thread. If it cannot start, the reader is unusable: its pipe is closed
    /// and ``stop()`` must not be called.
    func start() throws(TerminalError) {
        let context = Unmanaged.passRetained(self).toOpaque()
        var handle = pthread_t()
        let result = pthread_create(
            &handle, nil,
            { context in
                guard let context else { return nil }
                let reader = Unmanaged<InputReader>.fromOpaque(context).takeRetainedValue()
                reader.run()
                return nil
            }, context)
        guard result == 0 else {
            Unmanaged<InputReader>.fromOpaque(context).release()
            // Never started, so never stopped: its stop pipe would otherwise stay open.
            close(stopPipe.read)
            close(stopPipe.write)
            throw .systemCall("pthread_create", errno: result)
        }
        thread.withLock { $0 = handle }
    }

    /// Wakes the thread, waits for it to end, and closes the stop pipe.
    func stop() {
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
        if let handle = thread.withLock({ handle in
            defer { handle = nil }; return handle
        }) {
            if pthread_equal(handle, pthread_self()) == 0 { pthread_join(handle, nil) }
        }
        close(stopPipe.read)
        close(stopPipe.write)
    }

    private func run() {
        ThreadName.set("endless-input")
        SignalRelay.unblockRelayedSignals()
        var descriptors = [
            pollfd(fd: input ?? -1, events: Int16(POLLIN), revents: 0),  // poll skips a negative descriptor
            pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
        ]
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if descriptors[2].revents != 0 { break }
            if descriptors[1].revents & Int16(POLLIN) != 0 {
                let count = Glibc.read(signals, &buffer, buffer.count)
                if count > 0 {
                    for index in 0..<count { onSignal(Int32(buffer[index])) }
                }
            }
            if descriptors[0].revents != 0, !Self.read(descriptors[0].fd, into: &buffer, decoder: decoder) {
                descriptors[0].fd = -1  // gone: stop reading it
            }
        }
    }

    /// Reads what the terminal has and feeds it to `decoder`, wherever the terminal is read.
    /// - Returns: false when the terminal is gone (end of file, or EIO after a hangup): the
    ///   decoder has been told so, once, and the terminal must not be read again.
    static func read(_ terminal: Int32, into buffer: inout [UInt8], decoder: InputDecoder) -> Bool {
        let count = Glibc.read(terminal, &buffer, buffer.count)
        if count > 0 {
            buffer.withUnsafeBufferPointer { decoder.feed(UnsafeBufferPointer(rebasing: $0[0..<count])) }
            return true
        }
        if count < 0, errno == EINTR || errno == EAGAIN { return true }
        decoder.post(.terminate(.hangup))
        return false
    }
}
