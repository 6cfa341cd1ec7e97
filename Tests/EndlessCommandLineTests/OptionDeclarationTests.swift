import Foundation
import Testing

@testable import EndlessCommandLine

/// One declaration per option: its typed default is what a command reads when the option is
/// left out and what help shows; its parser says which values completions may offer; its
/// secrecy travels with it.
@Suite("Option declarations")
struct OptionDeclarationTests {
    enum Shape: String, CaseIterable, Sendable { case round, square }

    static let wait = Option(
        "wait", placeholder: "SECONDS", help: "How long.", default: .milliseconds(2500),
        parser: ValueParsers.seconds(maximum: 60))
    static let shape = Option("shape", placeholder: "SHAPE", help: "Which.", default: Shape.round, parser: ValueParsers.choice(Shape.self))
    static let api = Option(
        "api", placeholder: "URL", help: "Where.", defaultDescription: "the simulator", parser: ValueParsers.httpURL)
    static let key = Option("key", placeholder: "KEY", help: "The key.", parser: ValueParsers.nonEmpty, secret: true)
    static let quiet = Flag("quiet", short: "q", help: "Quiet.")
    static let command = CommandDeclaration(
        name: "run", abstract: "Run.",
        options: [wait.declaration, shape.declaration, api.declaration, key.declaration, quiet.declaration])
    static let root = CommandDeclaration(name: "tool", abstract: "A tool.", subcommands: [command])

    static func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        try ArgumentParser.parse(arguments, for: command)
    }

    @Test("left out, an option reads as its typed default; given, as its value")
    func typedDefaults() throws {
        let absent = try Self.parse([])
        #expect(try absent[Self.wait] == .milliseconds(2500))
        #expect(try absent[Self.shape] == .round)
        #expect(try absent[Self.api] == nil)
        #expect(!absent[Self.quiet])
        let given = try Self.parse(["--wait", "1", "--shape", "SQUARE", "--api", "http://127.0.0.1:1/", "-q"])
        #expect(try given[Self.wait] == .seconds(1))
        #expect(try given[Self.shape] == .square)
        #expect(try given[Self.api] == URL(string: "http://127.0.0.1:1/"))
        #expect(given[Self.quiet])
    }

    @Test("help shows the default value as its parser writes it, or what leaving it out means")
    func defaultText() {
        #expect(Self.wait.declaration.defaultText == "2.5")
        #expect(Self.shape.declaration.defaultText == "round")
        #expect(Self.api.declaration.defaultText == "the simulator")
        #expect(Self.key.declaration.defaultText == nil)
        let help = HelpFormatter.help(for: Self.command, path: ["tool", "run"])
        #expect(help.contains("How long. (default: 2.5)"), "\(help)")
        #expect(help.contains("Which. (default: round)"), "\(help)")
    }

    @Test("the values an option accepts come from its parser, for completions")
    func acceptedValues() {
        #expect(Self.wait.declaration.accepts == .numbers(0...60))
        #expect(Self.shape.declaration.accepts == .choices(["round", "square"]))
        #expect(Self.api.declaration.accepts == .url)
        #expect(Self.quiet.declaration.accepts == .text)
        #expect(ValueParsers.integer(in: 1...9).accepts == .integers(1...9))
        #expect(ValueParsers.file.accepts == .file)
        #expect(ValueParsers.directory.accepts == .directory)
    }

    @Test("secrecy is declared, and found anywhere in the command tree before parsing")
    func secrets() {
        #expect(Self.key.declaration.isSecret)
        #expect(!Self.api.declaration.isSecret)
        let secret = Self.root.optionsInTree.filter(\.isSecret).map(\.name)
        #expect(secret == ["key"])
        #expect(Self.root.optionsInTree.map(\.name).contains("wait"))
    }

    @Test("the options given, in declaration order, with their text; whether each was given")
    func given() throws {
        let parsed = try Self.parse(["-q", "--key", "k", "--wait=3"])
        #expect(parsed.given.map(\.declaration.name) == ["wait", "key", "quiet"])
        #expect(parsed.given.map(\.texts) == [["3"], ["k"], []])
        #expect(parsed.isGiven(Self.wait) && parsed.isGiven(Self.quiet.declaration))
        #expect(!parsed.isGiven(Self.shape))
    }

    @Test("a value written back by its parser reads back as the same value")
    func roundTrip() throws {
        let seconds = ValueParsers.seconds(maximum: 100, allowingZero: true)
        for value: Duration in [.zero, .seconds(3), .milliseconds(2500), .milliseconds(125)] {
            let text = try #require(seconds.text(of: value))
            #expect(try seconds(text) == value)
        }
        let shapes = ValueParsers.choice(Shape.self)
        #expect(try shapes(#require(shapes.text(of: .square))) == .square)
        let checked = ValueParsers.integer(in: 0...10).map(write: { String($0) }) { value throws(ValueError) in
            guard value != 5 else { throw ValueError("5 is taken") }
            return value
        }
        #expect(throws: ValueError("5 is taken")) { try checked("5") }
        #expect(checked.accepts == .integers(0...10))
    }
}
