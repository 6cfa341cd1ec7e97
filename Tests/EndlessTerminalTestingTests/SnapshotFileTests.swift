import Foundation
import Glibc
import Testing

@testable import EndlessTerminalTesting

@Suite("Snapshot files")
struct SnapshotFileTests {
    @Test("missing, recorded, matched, mismatched")
    func lifecycle() {
        // A folder of its own, removed however the test ends.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endless-snapshot-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("nested/lifecycle.txt").path
        let missing = SnapshotFile.verify("hello", at: path, record: false)
        #expect(missing == .missing(path: path) && !missing.passed)
        #expect("\(missing)".contains("ENDLESS_RECORD_SNAPSHOTS=1"))
        #expect(SnapshotFile.verify("hello\nworld", at: path, record: true) == .recorded(path: path))
        #expect(SnapshotFile.verify("hello\nworld", at: path, record: false) == .matched)
        let mismatch = SnapshotFile.verify("hello\nthere", at: path, record: false)
        #expect(mismatch == .mismatch(path: path, firstDifference: "line 2: expected \"world\", got \"there\""))
        #expect(!mismatch.passed && "\(mismatch)".contains("re-record"))
    }

    @Test("recording is asked for by the variable's value")
    func environment() {
        #expect(SnapshotFile.isRecording("1"))
        #expect(!SnapshotFile.isRecording("0"))
        #expect(!SnapshotFile.isRecording(""))
        #expect(!SnapshotFile.isRecording(nil))
    }
}
