import EndlessTerminal
import EndlessTerminalTesting
import EndlessTesting
import Glibc

/// A pseudo-terminal pair for tests: the master side is "the user at a terminal", the slave
/// side is what a program sees as its terminal.
final class Pseudoterminal {
    let master: Int32
    let slave: Int32
    let slavePath: String
    private(set) var output: [UInt8] = []
    /// What a terminal would show for ``output``: frames are diffs, so text on screen may
    /// never appear as one string in the bytes.
    private(set) var screen: VirtualScreen

    /// Whether this machine can make pseudo-terminals (a container without /dev/pts cannot).
    static var isAvailable: Bool { access("/dev/ptmx", R_OK | W_OK) == 0 }

    init(size: Size = Size(width: 80, height: 24)) throws {
        screen = VirtualScreen(size: size)
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw TestFailure("open /dev/ptmx: errno \(errno)") }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0, ioctl(master, 0x8004_5430 /* TIOCGPTN */, &number) == 0 else {
            throw TestFailure("unlocking the pty: errno \(errno)")
        }
        slavePath = "/dev/pts/\(number)"
        slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else { throw TestFailure("open \(slavePath): errno \(errno)") }
        resize(to: size)
    }

    deinit {
        if !isHungUp { close(master) }
        close(slave)
    }

    private var isHungUp = false

    /// Closes the master side, as a terminal emulator whose window closed does: the slave's
    /// reads then fail (EIO).
    func hangUp() {
        guard !isHungUp else { return }
        isHungUp = true
        close(master)
    }

    /// The slave's termios (what `stty` would show).
    var settings: termios {
        var settings = termios()
        tcgetattr(slave, &settings)
        return settings
    }

    /// Sets the window size, as a terminal emulator does when its window changes.
    func resize(to size: Size) {
        var window = winsize(ws_row: UInt16(size.height), ws_col: UInt16(size.width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &window)
    }

    /// Types bytes, as the user would.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads what the program wrote until `marker` appears in the bytes after `start` (an
    /// index into ``output``). The deadline only guards against a hung child.
    @discardableResult
    func read(until marker: String, after start: Int = 0, deadline: Duration = .seconds(60)) -> Bool {
        read(deadline: deadline) { $0.contains(marker, after: start) }
    }

    /// Reads what the program wrote until the emulated screen shows `text`.
    @discardableResult
    func read(untilScreenShows text: String, deadline: Duration = .seconds(60)) -> Bool {
        read(deadline: deadline) { $0.screen.text.contains(text) }
    }

    private func read(deadline: Duration, until done: (Pseudoterminal) -> Bool) -> Bool {
        let end = ContinuousClock.now + deadline
        while !done(self) {
            let remaining = end - ContinuousClock.now
            guard remaining > .zero else { return false }
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(remaining.components.seconds * 1000 + 1)
            guard poll(&poller, 1, milliseconds) > 0 else { return false }
            guard drainOnce() else { return false }
        }
        return true
    }

    /// Reads what arrives within `milliseconds`, if anything.
    func waitForOutput(milliseconds: Int32) {
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        if poll(&poller, 1, milliseconds) > 0 { drain() }
    }

    /// Reads whatever is buffered, without blocking.
    func drain() {
        while true {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) > 0, drainOnce() else { return }
        }
    }

    private func drainOnce() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = Glibc.read(master, &buffer, buffer.count)
        guard count > 0 else { return false }
        output.append(contentsOf: buffer[0..<count])
        screen.write(buffer[0..<count])
        return true
    }

    func contains(_ text: String, after start: Int = 0) -> Bool {
        contains(Array(text.utf8), after: start)
    }

    func contains(_ needle: [UInt8], after start: Int) -> Bool {
        guard !needle.isEmpty, output.count - start >= needle.count else { return false }
        let lastStart = output.count - needle.count
        var index = max(0, start)
        while index <= lastStart {
            if output[index] == needle[0] && Array(output[index..<(index + needle.count)]) == needle { return true }
            index += 1
        }
        return false
    }

    /// How many times `text` occurs in the output.
    func occurrences(of text: String) -> Int {
        var count = 0
        var start = 0
        while let index = firstIndex(of: text, after: start) {
            count += 1
            start = index + 1
        }
        return count
    }

    /// Where `text` first occurs in the output, if anywhere.
    func firstIndex(of text: String, after start: Int = 0) -> Int? {
        let needle = Array(text.utf8)
        guard !needle.isEmpty, output.count >= needle.count else { return nil }
        for index in max(0, start)...(output.count - needle.count) where Array(output[index..<(index + needle.count)]) == needle {
            return index
        }
        return nil
    }

    /// `stty -a` on the slave, run as a separate process.
    func stty() throws -> String {
        try Subprocess.run("/bin/stty", ["-a"], standardInput: slave).output
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// termios compared field by field (the struct is not Equatable in Swift).
func sameSettings(_ a: termios, _ b: termios) -> Bool {
    var a = a
    var b = b
    return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag && a.c_lflag == b.c_lflag
        && withUnsafeBytes(of: &a.c_cc) { Array($0) } == withUnsafeBytes(of: &b.c_cc) { Array($0) }
}
