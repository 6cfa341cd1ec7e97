import Glibc
import Testing

@testable import EndlessTerminal

@Suite("Snapshot files")
struct SnapshotFileTests {
    private func temporaryPath(_ name: String) -> String {
        "/tmp/endless-snapshot-tests-\(getpid())/nested/\(name).txt"
    }

    @Test("missing, recorded, matched, mismatched")
    func lifecycle() {
        let path = temporaryPath("lifecycle")
        let missing = SnapshotFile.verify("hello", at: path, record: false)
        #expect(missing == .missing(path: path) && !missing.passed)
        #expect("\(missing)".contains("ENDLESS_RECORD_SNAPSHOTS=1"))
        #expect(SnapshotFile.verify("hello\nworld", at: path, record: true) == .recorded(path: path))
        #expect(SnapshotFile.verify("hello\nworld", at: path, record: false) == .matched)
        let mismatch = SnapshotFile.verify("hello\nthere", at: path, record: false)
        #expect(mismatch == .mismatch(path: path, firstDifference: "line 2: expected \"world\", got \"there\""))
        #expect(!mismatch.passed && "\(mismatch)".contains("re-record"))
        unlink(path)
    }

    @Test("recording is asked for by the environment")
    func environment() {
        #expect(SnapshotFile.isRecording(["ENDLESS_RECORD_SNAPSHOTS": "1"]))
        #expect(!SnapshotFile.isRecording(["ENDLESS_RECORD_SNAPSHOTS": "0"]))
        #expect(!SnapshotFile.isRecording(["ENDLESS_RECORD_SNAPSHOTS": ""]))
        #expect(!SnapshotFile.isRecording([:]))
    }
}
