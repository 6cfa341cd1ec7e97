import Foundation

/// Runs one test of this very test binary in a process of its own, for what cannot be
/// measured among tests running in parallel: peak memory, above all.
///
/// The parent starts `/proc/self/exe` the way `swift test` runs it (`--testing-library
/// swift-testing --filter …`) with ``roleVariable`` naming the child test, which is enabled
/// only then (`.enabled(if: ChildTestProcess.role == "…")`). The child writes `key=value`
/// figures with ``report(_:)``; the parent gets them back from ``run(filter:role:environment:)``.
public enum ChildTestProcess {
    /// Names the child test this process is running as; unset in ordinary runs.
    public static let roleVariable = "ENDLESS_CHILD_TEST"
    /// Where the child writes its figures.
    public static let reportVariable = "ENDLESS_CHILD_REPORT"

    /// The child test this process runs as, or nil in an ordinary run.
    public static let role: String? = ProcessInfo.processInfo.environment[roleVariable]

    /// What a finished child left behind.
    public struct Outcome: Sendable {
        /// The child's exit status (0 when its test passed).
        public var status: Int32
        /// What it printed on standard output and error.
        public var output: String
        /// The figures it reported.
        public var figures: [String: Int]
    }

    /// Why a child could not be run.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// Runs the test matching `filter` in a new process and waits for it.
    ///
    /// - Parameters:
    ///   - filter: the `--filter` argument, e.g. `"SlowReaderMemoryTests/child"`.
    ///   - role: the value of ``roleVariable``, which enables the child test.
    ///   - environment: more variables for the child.
    /// - Returns: the child's status, output and figures.
    /// - Throws: ``Failure`` when the child cannot be started.
    public static func run(
        filter: String, role: String, environment: [String: String] = [:]
    ) throws -> Outcome {
        let folder = try reportFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report")
        let child: (status: Int32, output: String)
        do {
            child = try Subprocess.run(
                Subprocess.executablePath(), arguments(filter), environment: variables(role, report, environment))
        } catch {
            throw Failure(description: "could not start \(filter) in a child process: \(error)")
        }
        return outcome(status: child.status, output: child.output, report: report)
    }

    /// ``run(filter:role:environment:)`` waiting at most `limit` (times ``TimeBudget/scale``):
    /// a child still running then is killed.
    ///
    /// - Throws: ``Failure`` when the child cannot be started; `Subprocess.Failure` when it
    ///   did not end in time.
    public static func run(
        filter: String, role: String, environment: [String: String] = [:], within limit: Duration
    ) async throws -> Outcome {
        let folder = try reportFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report")
        let child: Subprocess.Child
        do {
            child = try Subprocess.start(
                Subprocess.executablePath(), arguments(filter), environment: variables(role, report, environment),
                standardError: .standardOutput)
        } catch {
            throw Failure(description: "could not start \(filter) in a child process: \(error)")
        }
        let status = try await child.wait(within: limit)
        return outcome(status: status, output: child.standardOutput, report: report)
    }

    private static func reportFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("endless-child-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private static func arguments(_ filter: String) -> [String] {
        ["--testing-library", "swift-testing", "--filter", filter]
    }

    private static func variables(_ role: String, _ report: URL, _ environment: [String: String]) -> Subprocess.Environment {
        Subprocess.Environment.inherited.setting(environment).setting([roleVariable: role, reportVariable: report.path])
    }

    /// What the child left: its status, its output, and the figures in its report.
    private static func outcome(status: Int32, output: String, report: URL) -> Outcome {
        let reported = String(decoding: (try? Data(contentsOf: report)) ?? Data(), as: UTF8.self)
        var figures: [String: Int] = [:]
        for line in reported.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Int(parts[1]) { figures[String(parts[0])] = value }
        }
        return Outcome(status: status, output: output, figures: figures)
    }

    /// Writes the child's figures for the parent (call once, at the end of the child test).
    ///
    /// - Parameter figures: names and values, e.g. `["peakGrowthKiB": 20_480]`.
    /// - Throws: when the report file cannot be written.
    public static func report(_ figures: [String: Int]) throws {
        guard let path = ProcessInfo.processInfo.environment[reportVariable] else {
            throw Failure(description: "\(reportVariable) is not set: this is not a child test process")
        }
        let text = figures.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)\n" }.joined()
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}
