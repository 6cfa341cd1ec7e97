import Testing

@testable import EndlessCommandLine

/// The parser on its own, with a small declaration of its own.
@Suite("Argument parser")
struct ArgumentParserTests {
    static let count = Option("count", short: "c", placeholder: "N", help: "How many.", default: 1, parser: ValueParsers.integer(in: 1...9))
    static let tag = Option("tag", placeholder: "TEXT", help: "A tag.", parser: ValueParsers.nonEmpty, repeatable: true)
    static let dryRun = Flag("dry-run", short: "d", help: "Do nothing.")
    static let serve = CommandDeclaration(
        name: "serve", abstract: "Serve things.", options: [count.declaration, tag.declaration, dryRun.declaration],
        positionals: [.init(name: "DIR", help: "The folder to serve.", isOptional: true)],
        examples: [.init(command: "tool serve --count 3 /srv", explanation: "Three at a time.")])
    static let browse = CommandDeclaration(name: "browse", abstract: "Browse things.", options: [dryRun.declaration])
    static let root = CommandDeclaration(
        name: "tool", abstract: "A tool.", subcommands: [browse, serve], defaultSubcommand: "browse")

    private func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        try ArgumentParser.parse(arguments, for: Self.root)
    }

    private func usageError(_ arguments: [String]) -> UsageError? {
        do {
            _ = try parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test("--name value, --name=value and -n value mean the same")
    func valueForms() throws {
        for arguments in [["serve", "--count", "3"], ["serve", "--count=3"], ["serve", "-c", "3"]] {
            let parsed = try parse(arguments)
            #expect(try parsed[Self.count] == 3)
            #expect(parsed.commandPath == ["tool", "serve"])
        }
    }

    @Test("a value may contain = and may start with a single dash")
    func valueText() throws {
        #expect(try parse(["serve", "--tag=a=b"])[Self.tag] == "a=b")
        #expect(try parse(["serve", "--tag", "-x"])[Self.tag] == "-x")
    }

    @Test("boolean flags, long and short")
    func flags() throws {
        #expect(try parse(["serve", "--dry-run"])[Self.dryRun])
        #expect(try parse(["serve", "-d"])[Self.dryRun])
        #expect(try !parse(["serve"])[Self.dryRun])
    }

    @Test("-- ends the options: what follows is positional, even if it looks like a flag")
    func terminator() throws {
        let parsed = try parse(["serve", "--count", "2", "--", "--count"])
        #expect(parsed.positionals == ["--count"])
        #expect(try parsed[Self.count] == 2)
    }

    @Test("a repeatable option accumulates; others refuse a second use")
    func repetition() throws {
        #expect(try parse(["serve", "--tag", "a", "--tag=b"]).all(Self.tag) == ["a", "b"])
        #expect(usageError(["serve", "-c", "1", "--count", "2"])?.message == "--count is given more than once")
        #expect(usageError(["serve", "-d", "--dry-run"])?.message == "--dry-run is given more than once")
    }

    @Test("unknown options get a did-you-mean when one is close, and none when nothing is")
    func unknownOption() {
        let close = usageError(["serve", "--cuont", "3"])
        #expect(close?.message == "unknown option '--cuont'")
        #expect(close?.hint == "did you mean '--count'?")
        #expect(usageError(["serve", "--dry"])?.hint == "did you mean '--dry-run'?")
        let far = usageError(["serve", "--zzzzzzzz"])
        #expect(far?.message == "unknown option '--zzzzzzzz'")
        #expect(far?.hint == nil)
    }

    @Test("a missing value is named, at the end or before another option")
    func missingValue() {
        #expect(usageError(["serve", "--count"])?.message == "--count needs a value")
        #expect(usageError(["serve", "--count", "--dry-run"])?.hint == "write --count N or --count=N")
    }

    @Test("a flag given a value is refused")
    func flagWithValue() {
        #expect(usageError(["serve", "--dry-run=no"])?.message == "--dry-run is a switch and takes no value (got 'no')")
    }

    @Test("typed values are converted on reading, and a bad one names its flag")
    func typedValues() throws {
        let parsed = try parse(["serve", "--count", "x"])
        #expect(
            throws: UsageError(command: "tool serve", message: "--count: 'x' is not a whole number", hint: "--count takes a whole number from 1 to 9")
        ) {
            try parsed[Self.count]
        }
        // Left out, an option reads as its declared default.
        #expect(try parse(["serve"])[Self.count] == 1)
        #expect(try parse(["serve"])[Self.tag] == nil)
    }

    @Test("positionals: optional ones may be left out; extra ones are refused")
    func positionals() throws {
        #expect(try parse(["serve", "/srv"]).positionals == ["/srv"])
        #expect(usageError(["serve", "/srv", "/tmp"])?.message == "unexpected argument '/tmp'")
        #expect(usageError(["browse", "srve"])?.hint == "'browse' takes no arguments besides options; quote a value that contains spaces")
    }

    @Test("subcommands: explicit, default when the first word is an option or absent, suggestions when mistyped")
    func subcommands() throws {
        #expect(try parse(["--dry-run"]).commandPath == ["tool", "browse"])
        #expect(try parse([]).commandPath == ["tool", "browse"])
        #expect(try parse(["serve"]).commandPath == ["tool", "serve"])
        let typo = usageError(["sevre"])
        #expect(typo?.message == "unknown command 'sevre'")
        #expect(typo?.hint == "did you mean 'serve'?")
        #expect(typo?.command == "tool")
    }

    @Test("help: --help at the root is the root's; `help serve` is serve's")
    func helpRouting() throws {
        let root = try parse(["--help"])
        #expect(root.commandPath == ["tool"] && root.helpRequested)
        let serve = try parse(["help", "serve"])
        #expect(serve.commandPath == ["tool", "serve"] && serve.helpRequested)
        #expect(try parse(["serve", "-h"]).helpRequested)
        #expect(usageError(["help", "nothing"])?.message == "unknown command 'nothing'")
    }

    @Test("help text is generated from the declarations")
    func helpText() {
        let help = HelpFormatter.help(for: Self.serve, path: ["tool", "serve"])
        #expect(
            help == """
                Serve things.

                USAGE:
                  tool serve [--count N] [--tag TEXT] [--dry-run] [--help] [DIR]

                ARGUMENTS:
                  DIR             The folder to serve.

                OPTIONS:
                  -c, --count N   How many. (default: 1)
                      --tag TEXT  A tag. May be repeated.
                  -d, --dry-run   Do nothing.
                  -h, --help      Show this help and exit.

                EXAMPLES:
                  tool serve --count 3 /srv
                      Three at a time.

                """)
        let rootHelp = HelpFormatter.help(for: Self.root, path: ["tool"])
        #expect(rootHelp.contains("COMMANDS:\n  browse *  Browse things.\n  serve     Serve things.\n"))
    }

    @Test("usage errors print the problem, the hint and where help is")
    func usageErrorText() {
        let error = UsageError(command: "tool serve", message: "--count needs a value", hint: "write --count N")
        #expect(error.description == "tool serve: --count needs a value\nhint: write --count N\nSee 'tool serve --help'.\n")
    }

    @Test(
        "edit distance counts a swap of neighbours as one edit",
        arguments: [
            ("--resluts", "--results", 1), ("--reslts", "--results", 1), ("fetch", "fetch", 0), ("", "abc", 3), ("kitten", "sitting", 3),
        ])
    func editDistance(a: String, b: String, distance: Int) {
        #expect(Suggestions.editDistance(a, b) == distance)
    }
}
