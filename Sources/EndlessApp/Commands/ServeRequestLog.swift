import Dispatch
import EndlessTerminal
import Foundation
import Synchronization

/// `endless serve`'s request log, between the server's I/O thread and the terminal.
///
/// The server hands over one line per request on its I/O thread, the thread that answers
/// every client. Written there, each line was a `write` to the terminal: a system call through
/// the terminal's line discipline per request, waiting whenever the terminal was slow to read,
/// and `endless serve` in a terminal answered 0.28–0.45 of what nginx does on the same bytes.
/// Here a line is only queued (a lock and an append); a thread of its own sanitizes the lines
/// and writes them, every line that has arrived since its last write in one call.
///
/// The thread wakes when a line arrives in an empty queue, then lets lines gather for
/// ``gatherInterval`` before it writes: woken for every line, it kept up on the second core
/// and each request cost a wake-up and a write of its own, more than the direct write did
/// (33 against 30 µs of CPU per request). Ten milliseconds is less than a frame of the
/// terminal showing the lines, and at 10,000 requests a second makes a write of 100 lines.
///
/// The queue is bounded: when the terminal cannot keep up with the requests, lines beyond
/// ``maxPendingBytes`` are counted instead of kept, and the next write says how many were
/// left out. The server never waits for its log.
final class ServeRequestLog: Sendable {
    private struct State {
        var lines: [String] = []
        var bytes = 0
        var dropped = 0
        var closing = false
    }

    /// At most this many bytes of lines wait for the terminal: about 15,000 lines.
    static let maxPendingBytes = 1 << 20
    /// How long lines gather after the first one before they are written together.
    static let gatherInterval = Duration.milliseconds(10)

    private let state = Mutex(State())
    /// Signalled when lines arrive in an empty queue, and to close.
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let write: @Sendable (String) -> Void

    /// Starts the writing thread.
    /// - Parameter write: writes text to the terminal (standard output); called on the log's
    ///   thread only, one call per batch of lines.
    init(writingTo write: @escaping @Sendable (String) -> Void) {
        self.write = write
        let thread = Thread { [self] in run() }
        thread.name = "endless-serve-log"
        thread.start()
    }

    /// Queues `line` (without its newline). Returns at once, whatever the terminal does.
    func append(_ line: String) {
        let size = line.utf8.count + 1
        let wasEmpty = state.withLock { state -> Bool in
            guard !state.closing else { return false }
            guard state.bytes + size <= Self.maxPendingBytes || state.lines.isEmpty else {
                state.dropped += 1
                return false
            }
            state.lines.append(line)
            state.bytes += size
            return state.lines.count == 1
        }
        if wasEmpty { wake.signal() }
    }

    /// Writes what is queued and stops the thread; returns when both are done. Lines appended
    /// afterwards are dropped.
    func close() {
        let first = state.withLock { state -> Bool in
            defer { state.closing = true }
            return !state.closing
        }
        guard first else { return }
        wake.signal()
        finished.wait()
    }

    private func run() {
        let gather = UInt32(Self.gatherInterval.components.attoseconds / 1_000_000_000_000)
        while true {
            wake.wait()
            if !state.withLock({ $0.closing }) { usleep(gather) }
            let (lines, dropped, closing) = state.withLock { state in
                defer {
                    state.lines.removeAll(keepingCapacity: true)
                    state.bytes = 0
                    state.dropped = 0
                }
                return (state.lines, state.dropped, state.closing)
            }
            if let text = Self.text(of: lines, dropped: dropped) { write(text) }
            if closing { break }
        }
        finished.signal()
    }

    /// The lines, sanitized (their targets came from clients), one per line, and the count of
    /// those left out; nil when there is nothing to write.
    static func text(of lines: [String], dropped: Int) -> String? {
        guard !lines.isEmpty || dropped > 0 else { return nil }
        var text = ""
        text.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 } + 100)
        for line in lines {
            text += TextSanitizer.sanitize(line)
            text += "\n"
        }
        if dropped > 0 {
            text +=
                "endless serve: \(dropped) request line\(dropped == 1 ? "" : "s") not shown: "
                + "requests came faster than the terminal read them\n"
        }
        return text
    }
}
