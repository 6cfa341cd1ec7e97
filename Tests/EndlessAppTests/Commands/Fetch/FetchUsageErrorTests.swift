import EndlessCommandLine
import Foundation
import Testing

@testable import EndlessApp

/// Every usage error exits 2 before anything is fetched, naming the flag and giving a hint.
@Suite("endless fetch usage errors")
struct FetchUsageErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        /// Text the first line of stderr must contain: the flag, and the value when it has one.
        let message: String
        /// Text the hint line must contain; nil when there is no hint worth giving.
        let hint: String?
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        .init(arguments: ["--reslts", "5"], message: "unknown option '--reslts'", hint: "did you mean '--results'?"),
        .init(arguments: ["--formt=csv"], message: "unknown option '--formt'", hint: "did you mean '--format'?"),
        .init(arguments: ["-x"], message: "unknown option '-x'", hint: nil),
        .init(arguments: ["--results"], message: "--results needs a value", hint: "--results N"),
        .init(arguments: ["--results", "--page", "2"], message: "--results needs a value", hint: "--results=N"),
        .init(arguments: ["--results", "ten"], message: "--results: 'ten' is not a whole number", hint: "from 1 to 5000"),
        .init(arguments: ["--results", "0"], message: "--results: 0 is out of range", hint: "from 1 to 5000"),
        .init(arguments: ["--results=5001"], message: "--results: 5001 is out of range", hint: "from 1 to 5000"),
        .init(arguments: ["--page", "0"], message: "--page: 0 is out of range", hint: "from 1 to 10000"),
        .init(arguments: ["--page", "1.5"], message: "--page: '1.5' is not a whole number", hint: "whole number"),
        .init(arguments: ["--seed="], message: "--seed: the value is empty", hint: "non-empty"),
        .init(arguments: ["--nat", "us,xx"], message: "--nat: \"xx\" is not a nationality code", hint: "AU BR CA"),
        .init(arguments: ["--gender", "robot"], message: "--gender: \"robot\" is not a gender", hint: "male or female"),
        .init(arguments: ["--gender", "female", "--seed", "abc"], message: "--gender has no effect with --seed", hint: "drop --gender"),
        .init(arguments: ["--inc", "name,age"], message: "--inc: \"age\" is not a field name", hint: "gender name location"),
        .init(arguments: ["--exc", "nationality"], message: "--exc: \"nationality\" is not a field name", hint: "gender name location"),
        .init(arguments: ["--inc", "name", "--exc", "name"], message: "--exc leaves no field", hint: "name"),
        .init(arguments: ["--format", "yaml"], message: "--format: 'yaml' is not one of the choices", hint: "table, json, ndjson, csv"),
        .init(arguments: ["--format", "jsn"], message: "(did you mean 'json'?)", hint: "table, json"),
        .init(
            arguments: ["--api", "ftp://example.com/api/"], message: "--api: 'ftp://example.com/api/' is not an http(s) URL", hint: "absolute http"),
        .init(
            arguments: ["--api", "https://randomuser.me/api/1.3/", "--api-version", "1.4"],
            message: "--api: \"https://randomuser.me/api/1.3/\": it names API version 1.3", hint: "absolute http"),
        .init(arguments: ["--api-version", "2.0"], message: "--api-version: \"2.0\" is not an API version", hint: "1.0 1.1"),
        .init(arguments: ["--password", "upper,99"], message: "--password: \"upper,99\": the length must lie within 1-64", hint: "special, upper"),
        .init(arguments: ["--timeout", "0"], message: "--timeout: 0 is out of range", hint: "above 0"),
        .init(arguments: ["--timeout", "soon"], message: "--timeout: 'soon' is not a number of seconds", hint: "seconds"),
        .init(arguments: ["--retries", "11"], message: "--retries: 11 is out of range", hint: "from 0 to 10"),
        .init(arguments: ["--results", "1", "--results", "2"], message: "--results is given more than once", hint: "once"),
        .init(arguments: ["--verbose=yes"], message: "--verbose is a switch and takes no value", hint: "--verbose alone"),
        .init(arguments: ["people", "extra"], message: "unexpected argument 'extra'", hint: "takes no arguments"),
        .init(
            arguments: ["--api", "https://randomuser.me/api/", "--fail-rate", "0.5"], message: "--fail-rate only applies to the embedded simulator",
            hint: "drop --fail-rate"),
        .init(arguments: ["--latency", "soon"], message: "--latency: 'soon' is not valid", hint: "300ms"),
        .init(arguments: ["--fail-rate", "1.5"], message: "--fail-rate: '1.5' is not valid", hint: "--fail-rate takes"),
        .init(arguments: ["--fail-status", "200"], message: "--fail-status: '200' is not valid", hint: "--fail-status takes"),
        .init(arguments: ["--rate-limit", "lots"], message: "--rate-limit: 'lots' is not valid", hint: "--rate-limit takes"),
    ]

    @Test("exits 2, names the flag, gives a hint, fetches nothing", arguments: cases)
    func usageError(_ testCase: Case) async {
        let run = await FetchHarness().run(["fetch"] + testCase.arguments)
        #expect(run.exitCode == 2)
        #expect(run.standardOutput == "")
        #expect(run.queries.isEmpty)
        let lines = run.standardError.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("endless fetch people: ") == true)
        #expect(lines.first?.contains(testCase.message) == true, "\(run.standardError)")
        if let hint = testCase.hint {
            #expect(lines.dropFirst().first?.hasPrefix("hint: ") == true, "\(run.standardError)")
            #expect(lines.dropFirst().first?.contains(hint) == true, "\(run.standardError)")
        } else {
            #expect(lines.count == 2, "\(run.standardError)")
        }
        #expect(lines.last == "See 'endless fetch people --help'.")
    }

    @Test("an unknown command exits 2 with a suggestion")
    func unknownCommand() async {
        let run = await FetchHarness().run(["fech", "--results", "3"])
        #expect(run.exitCode == 2)
        #expect(run.standardError.hasPrefix("endless: unknown command 'fech'\nhint: did you mean 'fetch'?"))
    }

    @Test("no command at all exits 2 and lists the commands")
    func noCommand() async {
        let run = await FetchHarness().run([])
        #expect(run.exitCode == 2)
        #expect(run.standardError.contains("hint: commands: fetch"))
    }
}
