import EndlessTerminal
import EndlessTerminalTesting
import Testing

/// Compares `text` with `__Snapshots__/<name>.txt` next to the tests, exactly.
/// `ENDLESS_RECORD_SNAPSHOTS=1 swift test` writes the files instead.
func expectSnapshot(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let outcome = SnapshotFile.verify(text, at: snapshotDirectory() + "/" + name + ".txt")
    #expect(outcome.passed, "\(outcome)", sourceLocation: sourceLocation)
}

/// The `__Snapshots__` folder of this test target, found from this file's path.
func snapshotDirectory(file: String = #filePath) -> String {
    var components = file.split(separator: "/", omittingEmptySubsequences: false)
    components.removeLast(2)  // Support/Snapshot.swift
    return components.joined(separator: "/") + "/__Snapshots__"
}
