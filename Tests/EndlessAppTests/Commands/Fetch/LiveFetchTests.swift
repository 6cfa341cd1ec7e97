import EndlessCommandLine
import EndlessTesting
import Foundation
import Testing

@testable import EndlessApp

/// `endless fetch` with its real network step: the embedded simulator over HTTP on loopback.
@Suite("endless fetch on the embedded simulator", .timeLimit(TimeBudget.minutes(1)))
struct LiveFetchTests {
    struct Run {
        let exitCode: Int32
        let standardOutput: String
        let standardError: String
    }

    static func run(_ arguments: [String]) async -> Run {
        let captured = CapturedOutput()
        let tool = CommandLineTool(
            name: "endless", abstract: "",
            subcommands: [FetchCommand.group])
        let code = await tool.run(["fetch"] + arguments, output: captured.output)
        return Run(exitCode: code, standardOutput: captured.standardOutput, standardError: captured.standardError)
    }

    static func maskingPorts(_ text: String) -> String {
        text.replacingOccurrences(of: #"127\.0\.0\.1:\d+"#, with: "127.0.0.1:PORT", options: .regularExpression)
    }

    @Test("without --api, people come from the simulator, reproducibly for a seed")
    func simulatorByDefault() async throws {
        let first = await Self.run(["--results", "4", "--seed", "endless", "--format", "ndjson"])
        let again = await Self.run(["--results", "4", "--seed", "endless", "--format", "ndjson"])

        #expect(first.exitCode == 0, "\(first.standardError)")
        #expect(first.standardOutput.split(separator: "\n").count == 4)
        // The same people; only the simulator's ephemeral port in picture URLs differs.
        #expect(Self.maskingPorts(first.standardOutput) == Self.maskingPorts(again.standardOutput))
        #expect(first.standardError == "")
    }

    @Test("--verbose names the simulator and logs each request with its status")
    func verboseLog() async {
        let run = await Self.run(["-n", "2", "-v", "--format", "csv"])

        #expect(run.exitCode == 0)
        #expect(run.standardError.contains("endless fetch: people from simulator 127.0.0.1:"))
        #expect(run.standardError.contains("<- 200 GET http://127.0.0.1:"))
        #expect(run.standardOutput.split(separator: "\r\n").count == 3)  // header and two people
    }

    @Test("a simulator that always fails exits 1 with the status, after the retries asked for")
    func failingSimulator() async {
        let run = await Self.run(["--fail-rate", "1", "--fail-status", "503", "--retries", "1", "-v"])

        #expect(run.exitCode == 1)
        #expect(run.standardOutput == "")
        #expect(run.standardError.contains("attempt 2 in"))
        #expect(run.standardError.contains("503"))
    }

    @Test("the empty-results fault is reported as such, not as zero people")
    func emptyResults() async {
        let run = await Self.run(["--empty-results-rate", "1", "--retries", "0"])

        #expect(run.exitCode == 1)
        #expect(run.standardError.contains("no people although the request asked for 10"))
    }

    @Test("an unreadable --data-dir is a failure that names the missing list")
    func badDataDirectory() async {
        let run = await Self.run(["--data-dir", "/nonexistent/endless-data"])

        #expect(run.exitCode == 1)
        #expect(run.standardError.contains("could not be read"))
        #expect(run.standardError.contains("--data-dir"))
    }
}
