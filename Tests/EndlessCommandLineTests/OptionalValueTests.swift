import Testing

@testable import EndlessCommandLine

/// Options whose value may be left out: `--live`, `--live 30`, `--live=30`.
@Suite("Options with an optional value")
struct OptionalValueTests {
    /// `--live [SECONDS]`: alone it means 30.
    static let live = Option(
        "live", placeholder: "SECONDS", help: "Refresh on a timer.", parser: ValueParsers.integer(in: 1...3600), whenAlone: 30)
    static let count = Option("count", placeholder: "N", help: "How many.", parser: ValueParsers.integer(in: 1...9))
    static let command = CommandDeclaration(name: "watch", abstract: "Watch.", options: [live.declaration, count.declaration])

    static func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        try ArgumentParser.parse(arguments, for: command)
    }

    @Test(
        "alone, before another option, with a value, with =, and absent",
        arguments: [
            (["--live"], 30), (["--live", "--count", "2"], 30), (["--live", "15"], 15), (["--live=45"], 45), (["--count", "2"], nil),
            (["--count", "2", "--live"], 30),
        ] as [([String], Int?)])
    func forms(_ arguments: [String], expected: Int?) throws {
        let parsed = try Self.parse(arguments)
        #expect(try parsed[Self.live] == expected)
    }

    @Test("a bad value is refused naming the option; help shows the value as optional")
    func errorsAndHelp() {
        #expect(throws: UsageError.self) { try Self.parse(["--live", "0"])[Self.live] }
        #expect(throws: UsageError.self) { try Self.parse(["--live", "--live"]) }
        #expect(Self.live.declaration.label == "    --live [SECONDS]")
        #expect(Self.live.declaration.usage == "[--live [SECONDS]]")
    }
}
