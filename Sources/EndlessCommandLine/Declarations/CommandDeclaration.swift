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
        /// The values it may be, for completions and the manual.
        public let accepts: AcceptedValues

        /// Creates a positional argument.
        /// - Parameters:
        ///   - name: what help calls it.
        ///   - help: one sentence for help.
        ///   - isOptional: whether it may be left out.
        ///   - accepts: the values it may be.
        public init(name: String, help: String, isOptional: Bool, accepts: AcceptedValues = .text) {
            self.name = name
            self.help = help
            self.isOptional = isOptional
            self.accepts = accepts
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
    /// The program's version, for the root: `--version` prints it and help shows it; nil for
    /// none (and for every subcommand).
    public let version: String?
    /// Whether every word after the command is taken as a positional, options included, for a
    /// command that reads another command line (`endless config fetch -n 5`).
    public let takesArgumentsVerbatim: Bool

    /// The implicit `-h, --help` every command accepts.
    public static let help = Flag("help", short: "h", help: "Show this help and exit.")
    /// The implicit `--version` of a root that has a ``version``.
    public static let versionFlag = Flag("version", help: "Show the version and exit.")

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
    ///   - version: the program's version, for a root.
    ///   - takesArgumentsVerbatim: whether every word after it is a positional, options included.
    public init(
        name: String, abstract: String, discussion: String = "", options: [OptionDeclaration] = [],
        positionals: [Positional] = [], examples: [Example] = [], subcommands: [CommandDeclaration] = [],
        defaultSubcommand: String? = nil, version: String? = nil, takesArgumentsVerbatim: Bool = false
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.positionals = positionals
        self.examples = examples
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        self.version = version
        self.takesArgumentsVerbatim = takesArgumentsVerbatim
    }

    /// The declared options, `--help`, and `--version` for a root with a version.
    public var allOptions: [OptionDeclaration] {
        options + [Self.help.declaration] + (version == nil ? [] : [Self.versionFlag.declaration])
    }

    /// The option with a long name or an alias, `--help` included.
    public func option(named name: String) -> OptionDeclaration? {
        allOptions.first { $0.isNamed(name) }
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

    /// The command a path of subcommand names reaches below this one (itself for none).
    public func descendant<Path: Collection<String>>(_ path: Path) -> CommandDeclaration? {
        guard let name = path.first else { return self }
        return subcommand(named: name)?.descendant(path.dropFirst())
    }

    /// Every command of the tree, this one first, each with the words that reach it
    /// (`["endless", "fetch", "photos"]`): what completions and the manual walk.
    public var commandsInTree: [(path: [String], command: CommandDeclaration)] {
        func walk(_ command: CommandDeclaration, _ path: [String]) -> [(path: [String], command: CommandDeclaration)] {
            [(path, command)] + command.subcommands.flatMap { walk($0, path + [$0.name]) }
        }
        return walk(self, [name])
    }

    /// The same command with `extra` added to its options and to every subcommand's: options
    /// any command accepts, such as `--config`.
    public func addingToEveryCommand(_ extra: [OptionDeclaration]) -> CommandDeclaration {
        CommandDeclaration(
            name: name, abstract: abstract, discussion: discussion, options: options + extra, positionals: positionals,
            examples: examples, subcommands: subcommands.map { $0.addingToEveryCommand(extra) },
            defaultSubcommand: defaultSubcommand, version: version, takesArgumentsVerbatim: takesArgumentsVerbatim)
    }
}
