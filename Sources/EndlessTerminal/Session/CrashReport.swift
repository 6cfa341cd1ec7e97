import Glibc
import Synchronization

/// A crash's backtrace in a file instead of on the terminal, and one line on standard error
/// that says where.
///
/// The Swift runtime writes its crash report (every thread's backtrace, the registers, the
/// images) where `SWIFT_BACKTRACE`'s `output-to` says; it reads that setting once, before any
/// Swift code runs, so the program sets it before the runtime starts (`endless` does in its
/// `CBacktraceSettings` target). ``install(path:program:)`` tells the fatal signal handler
/// about that file, so that a crash, or SIGQUIT outside a session:
///
/// 1. restores the terminal, if a session has it;
/// 2. creates the file's folders (0700, as the XDG base directory rules ask) and the file
///    itself (0600: a report holds memory contents), which the runtime then fills;
/// 3. says in one line on standard error where the report is (`endless: crashed (SIGSEGV);
///    the backtrace is in …`), and silences the runtime's own progress lines;
/// 4. ends the process when the report is written, with the signal: a quarter of a second
///    after the restore for a release build, and with SIGKILL after
///    ``reportBudgetMilliseconds`` if the report stalls.
///
/// The runtime writes the report only if it found its backtracer, `swift-backtrace`, when it
/// started: beside a statically linked program, in the toolchain for one linked to the shared
/// runtime. Without it (a static `endless` copied alone) the line says that no backtrace was
/// written, and no empty file is made to point at.
///
/// All of it runs in the signal handler, so only async-signal-safe calls on buffers filled by
/// ``install(path:program:)``. Under ThreadSanitizer nothing is installed (see `FatalSignals`).
public enum CrashReport {
    /// The longest the Swift runtime may take to write the report before the process is
    /// killed, counted from the restore: a guard against a report that stalls (a thread that
    /// never pauses, a stuck backtracer), not the usual pace. The report of every thread of
    /// `endless` with function names takes 0.25 s of a release build's time and 0.5 s of a
    /// debug build's, so the process normally ends well within a second of the restore; but it
    /// is CPU work, and on a machine loaded twentyfold (the package's tests on two cores) it
    /// took 2 to 8 s: a tighter guard cut it there and left an empty file.
    public static let reportBudgetMilliseconds = 10_000
    static let pathCapacity = 4096
    private static let lineCapacity = 2 * pathCapacity + 512
    private static let installing = Atomic<Bool>(false)
    /// Set once the buffers below are filled: only then may the handler read them.
    private static let configured = Atomic<Bool>(false)
    private static let pathLength = Atomic<Int>(0)
    private static let shownPathLength = Atomic<Int>(0)
    private static let programLength = Atomic<Int>(0)
    /// Whether the runtime will write the report: it found its backtracer.
    private static let backtracerFound = Atomic<Bool>(false)
    /// The file's path, NUL-terminated; a copy to cut into folders; the path and the program's
    /// name as they may be shown on a terminal; the line being put together.
    nonisolated(unsafe) private static let path = UnsafeMutablePointer<CChar>.allocate(capacity: pathCapacity + 1)
    nonisolated(unsafe) private static let folders = UnsafeMutablePointer<CChar>.allocate(capacity: pathCapacity + 1)
    nonisolated(unsafe) private static let shownPath = UnsafeMutablePointer<UInt8>.allocate(capacity: pathCapacity)
    nonisolated(unsafe) private static let program = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
    nonisolated(unsafe) private static let line = UnsafeMutablePointer<UInt8>.allocate(capacity: lineCapacity)

    /// Sends crash reports to `path` from now on. Call it once, first thing (before any
    /// session opens), and only when the Swift runtime was told to write there.
    ///
    /// - Parameters:
    ///   - reportPath: the absolute path the runtime writes the report to (`output-to`).
    ///   - name: the name that starts the line on standard error.
    public static func install(path reportPath: String, program name: String) {
        install(path: reportPath, program: name, backtracerFound: runtimeFindsBacktracer())
    }

    /// ``install(path:program:)``, told whether the runtime found its backtracer (a test's
    /// stand-in for a program without one).
    static func install(path reportPath: String, program name: String, backtracerFound found: Bool) {
        let bytes = Array(reportPath.utf8)
        guard bytes.first == UInt8(ascii: "/"), bytes.count <= pathCapacity, !bytes.contains(0) else { return }
        guard !FatalSignals.underThreadSanitizer else { return }
        guard installing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        for (index, byte) in bytes.enumerated() {
            path[index] = CChar(bitPattern: byte)
            folders[index] = CChar(bitPattern: byte)
        }
        path[bytes.count] = 0
        folders[bytes.count] = 0
        pathLength.store(bytes.count, ordering: .releasing)
        // The path comes from the environment: no control characters reach the terminal.
        let shown = Array(TextSanitizer.sanitize(reportPath).utf8.prefix(pathCapacity))
        for (index, byte) in shown.enumerated() { shownPath[index] = byte }
        shownPathLength.store(shown.count, ordering: .releasing)
        let programName = Array(TextSanitizer.sanitize(name).utf8.prefix(255))
        for (index, byte) in programName.enumerated() { program[index] = byte }
        programLength.store(programName.count, ordering: .releasing)
        backtracerFound.store(found, ordering: .releasing)
        configured.store(true, ordering: .releasing)
        ProcessDeadline.prepare()
        FatalSignals.installOnce()
        FatalSignals.installForQuit()
    }

    /// Whether crash reports go to a file.
    static var isInstalled: Bool { configured.load(ordering: .acquiring) }

    /// Whether the Swift runtime found `swift-backtrace` where it looks for it, asked the way
    /// it asked when it started (with no `swift-backtrace=` in `SWIFT_BACKTRACE`, which
    /// `endless` never sets); it disabled backtracing if not.
    static func runtimeFindsBacktracer() -> Bool {
        guard let path = swiftCopyAuxiliaryExecutablePath("swift-backtrace") else { return false }
        free(path)
        return true
    }

    /// Called by the fatal signal handler after the terminal is restored and before the
    /// runtime's handler runs. Async-signal-safe. Does nothing unless installed.
    static func prepare(for signal: Int32) {
        guard configured.load(ordering: .acquiring) else { return }
        guard backtracerFound.load(ordering: .acquiring) else {
            // The runtime has no handler to wait for: the process dies of the signal next.
            announce(signal, outcome: .noBacktracer)
            return
        }
        ProcessDeadline.arm(milliseconds: reportBudgetMilliseconds)
        createFolders()
        let file = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        let created = file >= 0 || errno == EEXIST
        if file >= 0 { close(file) }
        announce(signal, outcome: created ? .reportFile : .noFile)
        // Without a file, the runtime's messages are all there is to read.
        guard created else { return }
        // A static string's bytes: a String argument could allocate.
        let nullPath: StaticString = "/dev/null"
        let null = open(UnsafeRawPointer(nullPath.utf8Start).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CLOEXEC)
        if null > STDERR_FILENO {
            dup2(null, STDERR_FILENO)
            close(null)
        }
    }

    /// Creates each folder on the way to the file that does not exist yet, mode 0700.
    private static func createFolders() {
        let length = pathLength.load(ordering: .acquiring)
        var index = 1
        while index < length {
            if folders[index] == CChar(bitPattern: UInt8(ascii: "/")) {
                folders[index] = 0
                _ = mkdir(folders, 0o700)
                folders[index] = CChar(bitPattern: UInt8(ascii: "/"))
            }
            index += 1
        }
    }

    /// Where the crash's backtrace went, as the line on standard error says.
    private enum Outcome {
        /// In the report file.
        case reportFile
        /// Nowhere: the report file could not be made.
        case noFile
        /// Nowhere: the runtime has no backtracer.
        case noBacktracer
    }

    /// Writes `<program>: crashed (<SIGNAL>); the backtrace is in <path>` to standard error, or
    /// why there is none.
    private static func announce(_ signal: Int32, outcome: Outcome) {
        var count = 0
        let programCount = programLength.load(ordering: .acquiring)
        append(program, programCount, at: &count)
        append(": crashed (", at: &count)
        append(name(of: signal), at: &count)
        switch outcome {
        case .reportFile:
            append("); the backtrace is in ", at: &count)
            append(shownPath, shownPathLength.load(ordering: .acquiring), at: &count)
        case .noFile:
            append("); could not create the file for its backtrace, ", at: &count)
            append(shownPath, shownPathLength.load(ordering: .acquiring), at: &count)
        case .noBacktracer:
            append("); no backtrace was written: the Swift runtime found no swift-backtrace, which belongs beside ", at: &count)
            append(program, programCount, at: &count)
        }
        append("\n", at: &count)
        writeFromSignalHandler(STDERR_FILENO, line, count: count)
    }

    /// Copies bytes to ``line`` at `count`, as many as fit. No closure: nothing to allocate.
    private static func append(_ bytes: UnsafePointer<UInt8>, _ length: Int, at count: inout Int) {
        var index = 0
        while index < length && count < lineCapacity {
            line[count] = bytes[index]
            count += 1
            index += 1
        }
    }

    private static func append(_ text: StaticString, at count: inout Int) {
        append(text.utf8Start, text.utf8CodeUnitCount, at: &count)
    }

    private static func name(of signal: Int32) -> StaticString {
        switch signal {
        case SIGSEGV: "SIGSEGV"
        case SIGBUS: "SIGBUS"
        case SIGILL: "SIGILL"
        case SIGFPE: "SIGFPE"
        case SIGABRT: "SIGABRT"
        case SIGTRAP: "SIGTRAP"
        case SIGQUIT: "SIGQUIT"
        default: "a fatal signal"
        }
    }
}

/// The Swift runtime's lookup of a program it runs beside this one (`swift-backtrace`): the
/// path, to be freed, or nil. Exported by the runtime (`swift/Runtime/Paths.h`), with no Swift
/// interface of its own.
@_silgen_name("swift_copyAuxiliaryExecutablePath")
private func swiftCopyAuxiliaryExecutablePath(_ name: UnsafePointer<CChar>) -> UnsafeMutablePointer<CChar>?
