import EndlessTesting
import Foundation
import RandomUserAPI
import Testing

@testable import EndlessApp

/// The command around the network seam: options in, exit status and messages out.
@Suite("endless fetch runs")
struct FetchRunTests {
    @Test("options become a typed FetchPeopleOptions and one query for the network step")
    func optionsReachTheFetcher() async throws {
        let run = await FetchHarness().run([
            "fetch", "--api", "http://127.0.0.1:41235/", "-n", "25", "--page=3", "--seed", "a+b", "--nat", "us,GB",
            "--inc", "name,email,nat", "--exc", "email", "--password", "upper,number,8-12", "--api-version", "1.3",
            "--format", "csv", "--timeout", "2.5", "--retries", "0", "--verbose",
        ])
        #expect(run.exitCode == 0)
        let options = try #require(run.options)
        #expect(options.format == .csv)
        #expect(options.timeout == .milliseconds(2500))
        #expect(options.retries == 0)
        #expect(options.verbose)
        #expect(run.queries == [options.query])
        let query = options.query
        #expect(
            query.url.absoluteString
                == "http://127.0.0.1:41235/api/1.3/?results=25&page=3&seed=a%2Bb&nat=US,GB&inc=name,email,nat&exc=email&password=upper,number,8-12")
    }

    @Test("defaults: 10 people from randomuser.me as a table, 30 s, 2 retries, quiet")
    func defaults() async throws {
        let run = await FetchHarness().run(["fetch"])
        let options = try #require(run.options)
        #expect(options == FetchPeopleOptions(query: try RandomUserQuery(results: 10)))
        #expect(options.format == .table && options.timeout == .seconds(30) && options.retries == 2 && !options.verbose)
        #expect(options.query.url.absoluteString == "https://randomuser.me/api/?results=10")
    }

    @Test("a RandomUserAPIError exits 1 with its description on stderr and nothing on stdout")
    func apiError() async {
        let error = RandomUserAPIError.rateLimited(statusCode: 429, message: "Whoa, ease up there cowboy")
        let run = await FetchHarness(answer: { _ in throw error }).run(["fetch"])
        #expect(run.exitCode == 1)
        #expect(run.standardOutput == "")
        #expect(run.standardError == "endless fetch: \(error.description)\n")
    }

    @Test("any other error from the network step exits 1 with its description")
    func otherError() async {
        struct Offline: Error, CustomStringConvertible { var description: String { "the network is unreachable" } }
        let run = await FetchHarness(answer: { _ in throw Offline() }).run(["fetch"])
        #expect(run.exitCode == 1)
        #expect(run.standardError == "endless fetch: the network is unreachable\n")
    }

    @Test("a LocalizedError shows its errorDescription; cancellation says so")
    func errorDescriptions() async {
        struct Refused: LocalizedError { var errorDescription: String? { "the connection was refused" } }
        let refused = await FetchHarness(answer: { _ in throw Refused() }).run(["fetch"])
        #expect(refused.standardError == "endless fetch: the connection was refused\n")
        let cancelled = await FetchHarness(answer: { _ in throw CancellationError() }).run(["fetch"])
        #expect(cancelled.exitCode == 1)
        #expect(cancelled.standardError == "endless fetch: cancelled before the people arrived\n")
    }

    @Test("the empty-results fault exits 1 even when the network step did not check for it")
    func emptyResultsFault() async {
        let run = await FetchHarness(answer: { _ in RandomUserResponse(results: [], info: .init(results: 10)) }).run(["fetch"])
        #expect(run.exitCode == 1)
        #expect(run.standardError.contains("no people although the request asked for 10"))
    }

    @Test("--verbose logs the count and time to stderr, leaving stdout to the data")
    func verbose() async {
        let quiet = await FetchHarness().run(["fetch", "--format", "ndjson"])
        let loud = await FetchHarness().run(["fetch", "--format", "ndjson", "-v"])
        #expect(loud.standardOutput == quiet.standardOutput)
        #expect(quiet.standardError == "")
        let lines = loud.standardError.split(separator: "\n")
        // Where the people come from, then the count (a real network step's HTTP log adds a line per request).
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("endless fetch: people from simulator 127.0.0.1:") == true)
        #expect(lines.last?.hasPrefix("endless fetch: 3 people in ") == true)
        #expect(lines.last?.hasSuffix(" ms") == true)
    }

    @Test("--help exits 0 and documents every declared flag, with examples")
    func help() async {
        for arguments in [["fetch", "people", "--help"], ["fetch", "people", "-h"], ["fetch", "people", "--results", "0", "--help"]] {
            let run = await FetchHarness().run(arguments)
            #expect(run.exitCode == 0)
            #expect(run.queries.isEmpty)
            #expect(run.standardOutput.hasPrefix("Fetch people from a randomuser.me-compatible API"))
            for option in FetchPeopleCommand.declaration.allOptions {
                #expect(run.standardOutput.contains(option.label), "\(option.label) missing from help")
                #expect(run.standardOutput.contains(option.usage), "\(option.usage) missing from usage")
            }
            #expect(run.standardOutput.contains("EXAMPLES:\n  endless fetch\n"))
        }
        // The group lists its feeds, the default marked, and says where their flags are.
        for arguments in [["fetch", "--help"], ["help", "fetch"]] {
            let run = await FetchHarness().run(arguments)
            #expect(run.exitCode == 0)
            #expect(run.standardOutput.contains("COMMANDS:\n  people *"), "\(run.standardOutput)")
            #expect(run.standardOutput.contains("See 'endless fetch <command> --help'"))
        }
    }

    @Test("every documented flag is accepted: help and parser read the same declarations")
    func helpMatchesParser() async {
        let samples: [String: String] = [
            "api": "http://127.0.0.1:1/", "results": "3", "page": "2", "seed": "s", "nat": "fi", "gender": "male",
            "inc": "name", "exc": "email", "password": "lower", "api-version": "1.4", "format": "csv",
            "timeout": "1", "retries": "1", "data-dir": SharedReferenceData.officialData.path, "latency": "1ms", "fail-rate": "0",
            "fail-status": "503", "throttle-rate": "0", "empty-results-rate": "0", "html-rate": "0",
            "truncate-rate": "0", "reset-rate": "0", "slow-body": "1ms", "chaos-seed": "7", "rate-limit": "off", "reqres-users": "12",
            "unsplash-rate-limit": "off", "coingecko-rate-limit": "off",
        ]
        for option in FetchPeopleCommand.declaration.options {
            var arguments = ["fetch", option.flagText]
            if case .value = option.kind {
                guard let sample = samples[option.name] else {
                    Issue.record("no sample value for \(option.flagText)")
                    continue
                }
                arguments.append(sample)
            }
            let run = await FetchHarness().run(arguments)
            #expect(run.exitCode == 0, "\(arguments): \(run.standardError)")
        }
    }
}
