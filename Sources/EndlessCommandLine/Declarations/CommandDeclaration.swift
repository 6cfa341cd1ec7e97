/// A command (or subcommand) as the parser and the help text see it.
public struct CommandDeclaration: Sendable {
    /// A worked example for help: the command line and what it does.
    public struct Example: Sendable, Equatable {
        /// The command line, as typed.
        public let command: String
        /// What it does.
        public let explanation: String

        /// Creates an example.
        /// - Parameters:
        ///   - command: the command line.
        ///   - explanation: what it does.
        public init(command: String, explanation: String) {
            self.command = command
            self.explanation = explanation
        }
    }

    /// A positional argument, e.g. a file name.
    public struct Positional: Sendable, Equatable {
        /// What help calls it, e.g. `FEED`.
        public let name: String
        /// One sentence for help.
        public let help: String
        /// Whether it may be left out.
        public let isOptional: Bool

        /// Creates a positional argument.
        /// - Parameters:
        ///   - name: what help calls it.
        ///   - help: one sentence for help.
        ///   - isOptional: whether it may be left out.
        public init(name: String, help: String, isOptional: Bool) {
            self.name = name
            self.help = help
            self.isOptional = isOptional
        }
    }

    /// The word that selects it: `"fetch"`; for the root, the program name.
    public let name: String
    /// One line for the command list and the top of help.
    public let abstract: String
    /// More paragraphs for help; empty for none.
    public let discussion: String
    /// The options it accepts, besides `--help`.
    public let options: [OptionDeclaration]
    /// Its positional arguments, in order.
    public let positionals: [Positional]
    /// Worked examples for help.
    public let examples: [Example]
    /// Its subcommands, in help order.
    public let subcommands: [CommandDeclaration]
    /// The subcommand that runs when the first argument is not a subcommand name.
    public let defaultSubcommand: String?

    /// The implicit `-h, --help` every command accepts.
    public static let help = Flag("help", short: "h", help: "Show this help and exit.")

    /// Declares a command.
    /// - Parameters:
    ///   - name: the word that selects it.
    ///   - abstract: one line for help.
    ///   - discussion: more paragraphs, separated by blank lines.
    ///   - options: the options it accepts.
    ///   - positionals: its positional arguments.
    ///   - examples: worked examples.
    ///   - subcommands: its subcommands.
    ///   - defaultSubcommand: the subcommand that runs when none is named.
    public init(
        name: String, abstract: String, discussion: String = "", options: [OptionDeclaration] = [],
        positionals: [Positional] = [], examples: [Example] = [], subcommands: [CommandDeclaration] = [],
        defaultSubcommand: String? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.positionals = positionals
        self.examples = examples
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
    }

    /// The declared options and `--help`.
    public var allOptions: [OptionDeclaration] { options + [Self.help.declaration] }

    /// The option with a long name, `--help` included.
    public func option(named name: String) -> OptionDeclaration? {
        allOptions.first { $0.name == name }
    }

    /// The option with a one-letter alias.
    public func option(short: Character) -> OptionDeclaration? {
        allOptions.first { $0.shortName == short }
    }

    /// The options of this command and of every command below it, `--help` included, each
    /// command's in its help order: what a command line may hold before it is parsed (which
    /// words are secrets, for the redactor), and what completions offer.
    public var optionsInTree: [OptionDeclaration] {
        allOptions + subcommands.flatMap(\.optionsInTree)
    }

    /// The subcommand with a name.
    public func subcommand(named name: String) -> CommandDeclaration? {
        subcommands.first { $0.name == name }
    }
}
