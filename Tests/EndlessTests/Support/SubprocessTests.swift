import EndlessTesting
import Foundation
import Glibc
import Testing

/// `Subprocess`, the one helper tests run programs with: a running child's output is read as
/// it comes, its environment is what the test says, signals end it, and it is never left
/// behind, even when it ignores SIGTERM; every wait on it is bounded.
@Suite("Subprocess runs programs for tests", .timeLimit(TimeBudget.minutes(1)))
struct SubprocessTests {
    /// A budget far beyond anything these tests should wait for.
    static let forever: Duration = .seconds(3600)

    /// Whether `pid` has been reaped: it is no child of this process any more (a child not yet
    /// reaped, running or a zombie, would be found by `waitpid`).
    static func isReaped(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == -1 && errno == ECHILD
    }

    @Test("a line the program writes is read while it runs; SIGTERM then ends it with 128 + SIGTERM")
    func lineWhileRunning() async throws {
        let child = try Subprocess.start("/bin/sh", ["-c", "echo first; echo second; exec sleep 600"])

        let line = try await child.waitForLine(within: Self.forever) { $0.hasPrefix("sec") }

        #expect(line == "second")
        #expect(child.isRunning)
        #expect(child.exitStatus == nil)
        child.terminate()
        #expect(try await child.wait(within: Self.forever) == 128 + SIGTERM)
        #expect(!child.isRunning)
        #expect(Self.isReaped(child.processIdentifier))
    }

    @Test("output is read as it comes, on each stream, until a condition holds")
    func outputUntil() async throws {
        let child = try Subprocess.start("/bin/sh", ["-c", "printf 'a'; printf 'b' >&2; printf 'c'; exec sleep 600"])

        #expect(try await child.waitForOutput(within: Self.forever) { $0.contains("c") } == "ac")
        #expect(try await child.waitForOutput(in: .standardError, within: Self.forever) { !$0.isEmpty } == "b")
    }

    @Test("the environment is this process's with variables set and removed, or exactly the given one")
    func environment() async throws {
        let names = ProcessInfo.processInfo.environment.keys.sorted()
        let removed = try #require(names.first, "this process has no variable to remove")
        let environment = Subprocess.Environment.inherited.setting(["ENDLESS_SUBPROCESS_PROBE": "set", "PATH": "/overridden"])
            .removing([removed])

        let (status, output) = try Subprocess.run("/usr/bin/env", [], environment: environment)

        #expect(status == 0)
        let lines = Set(output.split(separator: "\n").map(String.init))
        #expect(lines.contains("ENDLESS_SUBPROCESS_PROBE=set"))
        #expect(lines.contains("PATH=/overridden"))
        #expect(!lines.contains { $0.hasPrefix(removed + "=") }, "\(removed) was not removed")
        #expect(lines.count == names.count + (names.contains("PATH") ? 0 : 1), "every other variable is inherited")

        let exactly = try Subprocess.start("/usr/bin/env", [], environment: Subprocess.Environment(["ONLY": "this"]))
        #expect(try await exactly.wait(within: Self.forever) == 0)
        #expect(exactly.standardOutput == "ONLY=this\n")
    }

    @Test("a working directory and standard input from a descriptor")
    func workingDirectoryAndInput() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endless-subprocess-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let written = "hello\n".withCString { write(ends[1], $0, 6) }
        close(ends[1])
        try #require(written == 6)

        let child = try Subprocess.start(
            "/bin/sh", ["-c", "read word; echo \"$word in $(pwd -P)\""], workingDirectory: folder.path, standardInput: ends[0])

        #expect(try await child.wait(within: Self.forever) == 0)
        let real = try #require(realpath(folder.path, nil))
        defer { free(real) }
        #expect(child.standardOutput == "hello in \(String(cString: real))\n")
    }

    @Test("run: the exit status and both streams in one, or standard error in a file of its own")
    func run() throws {
        let script = "echo out; echo err >&2; exit 3"
        let merged = try Subprocess.run("/bin/sh", ["-c", script])
        #expect(merged.status == 3)
        #expect(merged.output == "out\nerr\n")

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("endless-subprocess-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let separate = try Subprocess.run("/bin/sh", ["-c", script], standardError: file)
        #expect(separate.output == "out\n")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "err\n")
        #expect(try Subprocess.run("/bin/sh", ["-c", "kill -TERM $$"]).status == 128 + SIGTERM)
    }

    @Test("a program that ignores SIGTERM is killed and reaped when its wait runs out")
    func ignoresTerminateUntilTheWaitRunsOut() async throws {
        let child = try Subprocess.start("/bin/sh", ["-c", "trap '' TERM; echo ready; exec sleep 600"])
        try await child.waitForLine(within: Self.forever) { $0 == "ready" }

        child.terminate()
        let error = await #expect(throws: Subprocess.Failure.self) { try await child.wait(within: .milliseconds(200)) }

        #expect(error?.description.contains("killed with SIGKILL") == true, "\(String(describing: error))")
        #expect(child.exitStatus == 128 + SIGKILL)
        #expect(!child.isRunning)
        #expect(Self.isReaped(child.processIdentifier))
    }

    @Test("a program that ignores SIGTERM is killed and reaped when its handle goes away")
    func ignoresTerminateUntilTheHandleGoesAway() async throws {
        var child: Subprocess.Child? = try Subprocess.start("/bin/sh", ["-c", "trap '' TERM; echo ready; exec sleep 600"])
        let pid = try #require(child?.processIdentifier)
        try await child?.waitForLine(within: Self.forever) { $0 == "ready" }
        child?.terminate()
        #expect(!Self.isReaped(pid), "SIGTERM did not end it")

        child = nil

        #expect(Self.isReaped(pid))
    }

    @Test("a wait for a line that never comes fails within its budget, and the program goes on")
    func lineThatNeverComes() async throws {
        let child = try Subprocess.start("/bin/sh", ["-c", "echo something else; exec sleep 600"])

        let error = await #expect(throws: Subprocess.Failure.self) {
            try await child.waitForLine(within: .milliseconds(100)) { $0 == "never" }
        }

        #expect(error?.description.contains("within") == true, "\(String(describing: error))")
        #expect(error?.description.contains("something else") == true, "it says what the program wrote")
        #expect(child.isRunning)
    }

    @Test("a wait for a line fails at once when the output ends without it, saying how the program ended")
    func outputEndsWithoutTheLine() async throws {
        let child = try Subprocess.start("/bin/sh", ["-c", "printf 'last words'; exit 4"])

        let error = await #expect(throws: Subprocess.Failure.self) {
            try await child.waitForLine(within: Self.forever) { $0 == "never" }
        }

        #expect(error?.description.contains("ended before anything matched") == true, "\(String(describing: error))")
        // The unfinished last line counts once the output has ended.
        let other = try Subprocess.start("/bin/sh", ["-c", "printf 'last words'"])
        #expect(try await other.waitForLine(within: Self.forever) { $0.hasPrefix("last") } == "last words")
    }

    @Test("a program inherits no descriptor of this process but its standard three")
    func noInheritedDescriptors() throws {
        // A pipe without close-on-exec, as another test's socket or child's pipe may be.
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { for end in ends { close(end) } }

        let (status, output) = try Subprocess.run("/bin/ls", ["/proc/self/fd"])

        #expect(status == 0)
        let open = Set(output.split(separator: "\n").compactMap { Int32($0) })
        #expect(open.isDisjoint(with: ends), "the child holds \(open.intersection(ends)) of this process's pipe")
        #expect(open.isSuperset(of: [0, 1, 2]))
    }

    @Test("a program that cannot start throws, saying which")
    func cannotStart() {
        #expect(throws: Subprocess.Failure.self) { try Subprocess.start("/nonexistent/program", []) }
        #expect(throws: Subprocess.Failure.self) { try Subprocess.start("/bin/sh", [], standardOutput: .standardOutput) }
    }
}
