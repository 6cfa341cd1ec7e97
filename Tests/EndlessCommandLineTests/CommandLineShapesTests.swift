import Testing

@testable import EndlessCommandLine

/// `-n3`, old names that still work, names that mean something else here, `--version`, and
/// help that wraps prose but never a command.
@Suite("Command line shapes")
struct CommandLineShapesTests {
    static let results = Option(
        "results", short: "n", placeholder: "N", help: "How many.", default: 1, parser: ValueParsers.integer(in: 1...99),
        misnomers: ["per-page"])
    static let size = Option(
        "people-per-page", placeholder: "N", help: "A page.", default: 20, parser: ValueParsers.integer(in: 5...500),
        aliases: ["page-size"])
    static let verbose = Flag("verbose", short: "v", help: "Talk.")
    static let fetch = CommandDeclaration(
        name: "fetch", abstract: "Fetch.", options: [results.declaration, size.declaration, verbose.declaration],
        examples: [
            .init(
                command: "tool fetch --results 5 --people-per-page 50 --verbose --and-a-long-tail-of-flags-that-will-not-fit",
                explanation: "A long example whose explanation wraps as prose does, across lines, because it is long enough.")
        ])
    static let root = CommandDeclaration(
        name: "tool", abstract: "A tool.", subcommands: [fetch], defaultSubcommand: "fetch", version: "1.2.3 (built with Swift 6.3)")

    static func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        try ArgumentParser.parse(arguments, for: root)
    }

    @Test("-n3 is -n 3; a switch's letter takes nothing attached")
    func attachedShortValue() throws {
        #expect(try Self.parse(["-n3"])[Self.results] == 3)
        #expect(try Self.parse(["fetch", "-n", "12"])[Self.results] == 12)
        #expect(throws: UsageError.self) { try Self.parse(["-vx"]) }
        #expect(throws: UsageError.self) { try Self.parse(["-n0"])[Self.results] }
    }

    @Test("an alias works, is listed nowhere, and messages quote it as typed")
    func aliases() throws {
        #expect(try Self.parse(["--page-size", "30"])[Self.size] == 30)
        let help = HelpFormatter.help(for: Self.fetch, path: ["tool", "fetch"])
        #expect(!help.contains("page-size"))
        do {
            _ = try Self.parse(["--page-size", "2"])[Self.size]
            Issue.record("2 was accepted")
        } catch {
            #expect(error.message == "--page-size: 2 is out of range")
        }
        #expect(throws: UsageError.self) { try Self.parse(["--page-size", "30", "--people-per-page", "40"]) }
    }

    @Test("a name that means something else elsewhere is refused with the name used here")
    func misnomers() {
        do {
            _ = try Self.parse(["--per-page", "5"])
            Issue.record("--per-page was accepted")
        } catch {
            #expect(error.message == "unknown option '--per-page'")
            #expect(error.hint == "'fetch' calls it --results")
        }
    }

    @Test("--version is the program's, before any command; help shows it")
    func version() async throws {
        #expect(try Self.parse(["--version"]).versionRequested)
        #expect(throws: UsageError.self) { try Self.parse(["fetch", "--version"]) }
        let tool = CommandLineTool(
            name: "tool", abstract: "A tool.", version: "1.2.3",
            subcommands: [Subcommand(declaration: Self.fetch) { _, _ in 1 }], defaultSubcommand: "fetch")
        let captured = CapturedOutput()
        #expect(await tool.run(["--version"], output: captured.output) == 0)
        #expect(captured.standardOutput == "tool 1.2.3\n")
        let help = CapturedOutput()
        _ = await tool.run(["--help"], output: help.output)
        #expect(help.standardOutput.contains("tool 1.2.3\n"))
        #expect(help.standardOutput.contains("--version"))
    }

    @Test("help wraps prose, never a command: an example and a quoted command stay on one line")
    func unbrokenCommands() {
        let help = HelpFormatter.help(for: Self.fetch, path: ["tool", "fetch"], width: 60)
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains { $0 == "  " + Self.fetch.examples[0].command })
        #expect(lines.filter { $0.hasPrefix("      ") && $0.contains("wraps") }.count == 1)
        let wrapped = HelpFormatter.wrap("Run `tool fetch --results 5 --verbose` to see five, then stop.", width: 20)
        #expect(wrapped.contains("`tool fetch --results 5 --verbose`"), "\(wrapped)")
    }

    @Test("a group's help lists the options of the command it runs by default")
    func defaultCommandOptions() {
        let group = CommandDeclaration(name: "get", abstract: "Get.", subcommands: [Self.fetch], defaultSubcommand: "fetch")
        let help = HelpFormatter.help(for: group, path: ["tool", "get"])
        #expect(help.contains("OPTIONS OF 'tool get fetch' (the default):"))
        #expect(help.contains("-n, --results N"))
    }
}
