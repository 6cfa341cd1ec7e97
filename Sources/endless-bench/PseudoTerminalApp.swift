import EndlessTerminal
import EndlessTerminalTesting
import Foundation
import Glibc

/// The real `endless` binary on a pseudo-terminal, its output read back into an in-memory
/// terminal, so the benchmark sees what a person would see, when they would see it.
final class PseudoTerminalApp {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let pid: pid_t
    /// The program's CPU time, read from its threads.
    private let threadCPU: ThreadCPU
    private let master: Int32
    /// Bytes the program has written so far.
    private(set) var bytesRead = 0
    /// When the last output was read, before the bench's terminal parsed it: a time to
    /// "rows on screen" ends when the program wrote them, not when this emulator was done.
    private(set) var lastOutputAt: ContinuousClock.Instant?
    /// When the program was started: the clock starts here, as ``Spawn/run(_:environment:)``'s
    /// does, after the pty is open and the environment built.
    let spawnedAt: ContinuousClock.Instant

    /// From the start of the program to the last output read, in seconds.
    var secondsToLastOutput: Double { Bench.seconds((lastOutputAt ?? .now) - spawnedAt) }
    private(set) var terminal: InMemoryTerminal
    /// While set, output is read and counted but not parsed into ``terminal`` nor searched for
    /// queries, and the threads' CPU is sampled every 100 ms rather than at each read. Holding
    /// `j` over sixel photos (70 KB of output a key), that work took 75 % of a core here, on a
    /// 2-core machine where the app needs most of the other: the app waited for a core, and its
    /// keys looked late.
    var timing = false
    private var lastSample: ContinuousClock.Instant?
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    /// What the terminal answers it can draw.
    enum Graphics {
        /// No graphics, as xterm answers by default.
        case none
        /// Sixel, with cells of 10 × 20 pixels, as foot or xterm -ti vt340 answer.
        case sixel
    }

    let graphics: Graphics

    /// Starts `binary arguments` on a `size` terminal that answers `graphics`.
    init(
        binary: String, arguments: [String], size: Size = Size(width: 100, height: 30), environment: [String: String] = [:],
        graphics: Graphics = .none
    ) throws {
        self.graphics = graphics
        var master: Int32 = -1
        var slave: Int32 = -1
        var window = winsize(ws_row: UInt16(size.height), ws_col: UInt16(size.width), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &window) == 0 else { throw Failure(description: "openpty failed: \(errno)") }
        defer { close(slave) }
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for target: Int32 in [0, 1, 2] { posix_spawn_file_actions_adddup2(&actions, slave, target) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID: a session of its own, like a shell's job in a new terminal.
        posix_spawnattr_setflags(&attributes, Int16(0x80))

        var variables = ProcessInfo.processInfo.environment
        variables["TERM"] = "xterm-256color"
        variables.merge(environment) { _, new in new }
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        let argv: [UnsafeMutablePointer<CChar>?] = ([binary] + arguments).map { strdup($0) } + [nil]
        defer {
            envp.forEach { free($0) }
            argv.forEach { free($0) }
        }
        var pid: pid_t = 0
        spawnedAt = .now
        let spawned = posix_spawn(&pid, binary, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            close(master)
            throw Failure(description: "cannot start \(binary): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
        threadCPU = ThreadCPU(pid: pid)
        self.master = master
        self.terminal = InMemoryTerminal(size: size, colorDepth: .indexed256)
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(master)
    }

    /// The screen as text.
    var text: String { terminal.text }

    /// The first line of the screen.
    var header: String { String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "") }

    /// The people count at the right of the header (`140 people · page 7`), if shown; the tab
    /// bar's `1 people` on the left is not it.
    var people: Int? {
        header.matches(of: /(\d+) (?:people|person)\b/).last.flatMap { Int($0.1) }
    }

    /// CPU time the program has used so far, all its threads (those exited too), in seconds;
    /// see ``ThreadCPU``.
    func cpuTime() -> Double { threadCPU.seconds() }

    /// CPU time, in seconds, of the program's threads whose kernel name starts with `prefix`; see
    /// ``ThreadCPU/seconds(ofThreadsNamed:)``.
    func cpuTime(ofThreadsNamed prefix: String) -> Double { threadCPU.seconds(ofThreadsNamed: prefix) }

    /// How many times the program's threads alive now have gone to sleep waiting (voluntary
    /// context switches): each is a thread hand-off, a wake-up somewhere else to resume it.
    func threadWaits() -> Int {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return 0 }
        var waits = 0
        for task in tasks {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8),
                let line = text.split(separator: "\n").first(where: { $0.hasPrefix("voluntary_ctxt_switches:") }),
                let count = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
            else { continue }
            waits += count
        }
        return waits
    }

    /// Reads whatever the program has written, waiting up to `timeout` for something to arrive.
    /// - Returns: whether anything was read.
    @discardableResult
    func pump(waitingUpTo timeout: Duration = .milliseconds(2)) -> Bool {
        // The threads read often enough that one's work is counted before it exits.
        if !timing || lastSample.map({ ContinuousClock.now - $0 > .milliseconds(100) }) ?? true {
            threadCPU.sample()
            lastSample = .now
        }
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return false }
        var any = false
        while true {
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { break }
            lastOutputAt = .now
            bytesRead += count
            any = true
            if timing { continue }
            let bytes = Array(buffer[0..<count])
            terminal.write(bytes)
            answerQueries(in: bytes)
        }
        return any
    }

    /// Answers Primary Device Attributes as xterm does (a VT420 with colour, no graphics):
    /// every terminal answers it, and a program's start-up probe waits for that answer, so a
    /// terminal that stayed silent would make every launch wait out the probe's deadline.
    /// The other queries go unanswered, as on a terminal without those features. With
    /// ``Graphics/sixel``, the attributes name sixel (4), and the cell's and the text area's
    /// sizes in pixels (`CSI 16 t`, `CSI 14 t`) are answered first, as a terminal answers
    /// queries in the order they came.
    private func answerQueries(in bytes: [UInt8]) {
        if graphics == .sixel {
            for _ in bytes.ranges(of: Array("\u{1B}[16t".utf8)) { send("\u{1B}[6;20;10t") }
            for _ in bytes.ranges(of: Array("\u{1B}[14t".utf8)) {
                send("\u{1B}[4;\(terminal.screen.size.height * 20);\(terminal.screen.size.width * 10)t")
            }
        }
        let attributes = graphics == .sixel ? "\u{1B}[?64;1;2;4;6;9;15;18;21;22c" : "\u{1B}[?64;1;2;6;9;15;18;21;22c"
        for _ in bytes.ranges(of: Array("\u{1B}[c".utf8)) { send(attributes) }
    }

    /// Reads output until `condition` holds for the screen, or `timeout` passes.
    /// - Returns: whether the condition was met.
    func pump(until condition: (PseudoTerminalApp) -> Bool, timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition(self) {
            guard ContinuousClock.now < deadline else { return false }
            pump(waitingUpTo: .milliseconds(20))
        }
        return true
    }

    /// Reads until the program has written nothing for `quiet`, at most `timeout`.
    func settle(quiet: Duration = .milliseconds(80), timeout: Duration = .seconds(5)) {
        let deadline = ContinuousClock.now + timeout
        while pump(waitingUpTo: quiet), ContinuousClock.now < deadline {}
    }

    /// Changes the window size, as a terminal emulator does (the program gets SIGWINCH).
    func resize(to size: Size) {
        var window = winsize(ws_row: UInt16(size.height), ws_col: UInt16(size.width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &window)
        // The pty is not the program's controlling terminal (it was handed over with dup2),
        // so the signal the kernel would send comes from here.
        kill(pid, SIGWINCH)
    }

    /// Types `text` on the terminal.
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// The program's resident memory now and at its peak, in MiB (from /proc).
    func memory() -> (resident: Double, peak: Double) {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return (.nan, .nan) }
        func field(_ name: String) -> Double {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
                let kib = Double(line.split(separator: " ").dropFirst().first ?? "")
            else { return .nan }
            return kib / 1024
        }
        return (field("VmRSS:"), field("VmHWM:"))
    }

    /// Quits with `q` and waits for the exit.
    /// - Returns: the exit status.
    @discardableResult
    func quit() -> Int32 {
        send("q")
        var status: Int32 = 0
        let deadline = ContinuousClock.now + .seconds(10)
        while waitpid(pid, &status, WNOHANG) == 0 {
            pump(waitingUpTo: .milliseconds(10))
            if ContinuousClock.now > deadline {
                Bench.warn("app", "pid \(pid) did not quit within 10 s of q; killed. Its screen:\n\(text)")
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
        }
        return (status >> 8) & 0xFF
    }
}
