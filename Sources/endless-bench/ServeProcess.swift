import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `endless serve` as a person starts it: the release binary in a session of its own, with
/// its default request log on, printing to a pseudo-terminal that a thread reads as fast as
/// the program writes, like a terminal window that keeps up.
final class ServeProcess {
    /// What the terminal has read, counted on the reading thread.
    private final class Screen: Sendable {
        let bytes = Atomic<Int>(0)
        let lines = Atomic<Int>(0)
        let closed = DispatchSemaphore(value: 0)
    }

    let port: UInt16
    /// `http://127.0.0.1:PORT/`.
    let root: String
    private let process: BackgroundProcess
    /// The server's CPU time, read from its threads (see ``ThreadCPU``).
    private let threadCPU: ThreadCPU
    private let master: Int32
    private let screen = Screen()

    /// Starts `binary serve --port <free port> arguments` and waits until it accepts connections.
    init(binary: String, arguments: [String] = []) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var window = winsize(ws_row: 50, ws_col: 160, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &window) == 0 else { throw BenchFailure("openpty failed: \(errno)") }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        port = try LoopbackPort.free()
        root = "http://127.0.0.1:\(port)/"
        do {
            process = try BackgroundProcess(
                [binary, "serve", "--port", String(port)] + arguments, ownSession: true, terminal: slave)
        } catch {
            close(master)
            close(slave)
            throw error
        }
        close(slave)
        threadCPU = ThreadCPU(pid: process.pid)
        self.master = master
        let screen = self.screen
        let terminal = master
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = read(terminal, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                // EIO once the program has exited and the terminal's other side is closed.
                guard count > 0 else { break }
                var newlines = 0
                for index in 0..<count where buffer[index] == 10 { newlines += 1 }
                screen.bytes.add(count, ordering: .relaxed)
                screen.lines.add(newlines, ordering: .relaxed)
            }
            screen.closed.signal()
        }
        reader.name = "bench-terminal"
        reader.start()
        guard LoopbackPort.waitUntilListening(port, while: { [process] in process.isRunning }) else {
            stop()
            throw BenchFailure("endless serve did not start listening on port \(port)")
        }
    }

    deinit {
        stop()
    }

    /// The CPU time, in seconds, the server has run so far.
    var cpuTime: Double { threadCPU.seconds() }

    /// Lines the program has printed so far.
    var linesPrinted: Int { screen.lines.load(ordering: .relaxed) }

    private var stopped = false

    /// SIGTERM, as Ctrl-C would; returns when the program has exited and its output is read.
    func stop() {
        guard !stopped else { return }
        stopped = true
        process.stop()
        _ = screen.closed.wait(timeout: .now() + 10)
        close(master)
    }
}
