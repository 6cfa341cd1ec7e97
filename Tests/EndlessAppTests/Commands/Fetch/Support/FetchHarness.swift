import EndlessCommandLine
import Foundation
import RandomUserAPI
import Synchronization

@testable import EndlessApp

/// Runs `endless …` through the real command-line tool with a stub network step.
struct FetchHarness {
    /// What one run did.
    struct Run {
        let exitCode: Int32
        let standardOutput: String
        let standardError: String
        /// The options the fetcher factory received; nil when parsing stopped the run.
        let options: FetchPeopleOptions?
        /// The queries the network step was asked for.
        let queries: [RandomUserQuery]
    }

    /// What the stub network step answers.
    var answer: @Sendable (RandomUserQuery) throws -> RandomUserResponse = { _ in SampleResponses.small }
    var terminalColumns: Int?

    func run(_ arguments: [String]) async -> Run {
        let captured = CapturedOutput(terminalColumns: terminalColumns)
        let record = Mutex<(options: FetchPeopleOptions?, queries: [RandomUserQuery])>((nil, []))
        let answer = self.answer
        let tool = CommandLineTool(
            name: "endless", abstract: "Test program.",
            subcommands: [
                Subcommand(
                    group: "fetch", abstract: "Fetch.",
                    children: [
                        FetchPeopleCommand.subcommand { options, _ in
                            record.withLock { $0.options = options }
                            return { query in
                                record.withLock { $0.queries.append(query) }
                                return try answer(query)
                            }
                        }
                    ], defaultSubcommand: "people")
            ])
        let code = await tool.run(arguments, output: captured.output)
        let (options, queries) = record.withLock { ($0.options, $0.queries) }
        return Run(
            exitCode: code, standardOutput: captured.standardOutput, standardError: captured.standardError,
            options: options, queries: queries)
    }
}
