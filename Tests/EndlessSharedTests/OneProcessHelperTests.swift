import EndlessTesting
import Foundation
import Testing

/// Tests start programs with `Subprocess` only, never with Foundation's `Process`: its
/// `waitUntilExit()` never returns for a program whose daemon keeps the descriptor it watches
/// (tmux), it reads a child's output only by blocking a thread, and a test that fails half-way
/// leaves its child running. `Subprocess.start` reads output with bounded waits and kills and
/// reaps what it started.
@Suite("Tests start programs with Subprocess, not Foundation's Process")
struct OneProcessHelperTests {
    /// The lines of `text` that construct Foundation's `Process` (with `Process` and empty
    /// parentheses; not `ChildProcess` or `ProcessInfo`).
    static func constructions(in text: String) -> [Int] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            // The plain test first: a regular expression on every line of every file takes seconds.
            line.contains("Process") && line.contains(/(^|[^A-Za-z0-9_])Process\s*\(\s*\)/) ? index + 1 : nil
        }
    }

    @Test("the scanner finds Process and Foundation.Process constructed, and not ChildProcess or ProcessInfo")
    func scanner() {
        // Spelt in pieces, so that a grep for the construction finds nothing here either.
        let empty = "()"
        let text = """
            let child = Process\(empty)
            let other = Foundation.Process ( )
            let mine = try ChildProcess(role: "r", directory: folder)
            let cache = ChildProcess\(empty)
            let name = ProcessInfo.processInfo.processName
            """
        #expect(Self.constructions(in: text) == [1, 2])
    }

    @Test("no file under Tests/ or Sources/EndlessTesting constructs Foundation's Process")
    func noTestConstructsIt() throws {
        let (offences, scanned) = try SwiftSourceScan.offences(
            in: ["Tests", "Sources/EndlessTesting"], skipping: "OneProcessHelperTests.swift", Self.constructions)
        #expect(scanned > 100)
        #expect(offences.isEmpty, "start programs with Subprocess.start or Subprocess.run: \(offences.joined(separator: ", "))")
    }
}
