import EndlessTerminal
import Glibc

/// Text snapshots on disk, for tests that compare a rendered screen with a reviewed file.
///
/// A snapshot is compared exactly. It is written only when the environment asks
/// (`ENDLESS_RECORD_SNAPSHOTS=1`); a missing snapshot is a failure whose message says how to
/// record it, so a new test cannot pass by accident.
///
/// ```swift
/// let outcome = SnapshotFile.verify(terminal.screen.styledText(), at: path)
/// #expect(outcome.passed, "\(outcome)")
/// ```
public enum SnapshotFile {
    /// The environment variable that turns recording on.
    public static let recordVariable = "ENDLESS_RECORD_SNAPSHOTS"

    /// What a comparison found.
    public enum Outcome: Hashable, Sendable, CustomStringConvertible {
        /// The text equals the file.
        case matched
        /// The file was (re)written because recording is on.
        case recorded(path: String)
        /// There is no file and recording is off.
        case missing(path: String)
        /// The text differs from the file.
        case mismatch(path: String, firstDifference: String)

        /// True for `.matched` and `.recorded`.
        public var passed: Bool {
            switch self {
            case .matched, .recorded: return true
            case .missing, .mismatch: return false
            }
        }

        /// What happened, and for a failure how to record or re-record the snapshot.
        public var description: String {
            switch self {
            case .matched:
                return "snapshot matches"
            case .recorded(let path):
                return "snapshot recorded at \(path); review it and run again without \(SnapshotFile.recordVariable)"
            case .missing(let path):
                return "no snapshot at \(path); record it with \(SnapshotFile.recordVariable)=1 swift test, then review the file"
            case .mismatch(let path, let difference):
                return "snapshot \(path) differs: \(difference)\nre-record with \(SnapshotFile.recordVariable)=1 if the change is intended"
            }
        }
    }

    /// Compares `text` with the file at `path`, or writes it when recording is on.
    ///
    /// - Parameters:
    ///   - text: what the test produced.
    ///   - path: the snapshot file.
    ///   - record: whether to write instead of compare; by default, whether
    ///     `ENDLESS_RECORD_SNAPSHOTS` is set to something other than `0` or empty.
    /// - Returns: the outcome.
    public static func verify(_ text: String, at path: String, record: Bool? = nil) -> Outcome {
        let contents = text.hasSuffix("\n") ? text : text + "\n"
        let shouldRecord = record ?? isRecording(getenv(recordVariable).map { String(cString: $0) })
        if shouldRecord {
            makeDirectories(for: path)
            return write(contents, to: path) ? .recorded(path: path) : .missing(path: path)
        }
        guard let stored = read(path) else { return .missing(path: path) }
        if stored == contents { return .matched }
        return .mismatch(path: path, firstDifference: firstDifference(stored, contents))
    }

    /// Whether a value of ``recordVariable`` (nil when unset) asks for recording.
    static func isRecording(_ value: String?) -> Bool {
        guard let value else { return false }
        return !value.isEmpty && value != "0"
    }

    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let want = index < expectedLines.count ? String(expectedLines[index]) : "<none>"
            let got = index < actualLines.count ? String(actualLines[index]) : "<none>"
            if want != got { return "line \(index + 1): expected \"\(want)\", got \"\(got)\"" }
        }
        return "no line differs"
    }

    private static func read(_ path: String) -> String? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func write(_ text: String, to path: String) -> Bool {
        guard let file = fopen(path, "wb") else { return false }
        defer { fclose(file) }
        let bytes = Array(text.utf8)
        return fwrite(bytes, 1, bytes.count, file) == bytes.count
    }

    private static func makeDirectories(for path: String) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/").dropLast() {
            prefix += component
            mkdir(prefix, 0o755)  // EEXIST is fine
            prefix += "/"
        }
    }
}
