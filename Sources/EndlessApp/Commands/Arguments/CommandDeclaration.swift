/// A command (or subcommand) as the parser and the help text see it.
struct CommandDeclaration: Sendable {
    /// A worked example for help: the command line and what it does.
    struct Example: Sendable, Equatable {
        let command: String
        let explanation: String
    }

    /// A positional argument, e.g. a file name.
    struct Positional: Sendable, Equatable {
        let name: String
        let help: String
        let isOptional: Bool
    }

    /// The word that selects it: `"fetch"`; for the root, the program name.
    let name: String
    /// One line for the command list and the top of help.
    let abstract: String
    /// More paragraphs for help; empty for none.
    let discussion: String
    let options: [OptionDeclaration]
    let positionals: [Positional]
    let examples: [Example]
    let subcommands: [CommandDeclaration]
    /// The subcommand that runs when the first argument is not a subcommand name.
    let defaultSubcommand: String?

    /// The implicit `-h, --help` every command accepts.
    static let help = Flag("help", short: "h", help: "Show this help and exit.")

    init(
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
    var allOptions: [OptionDeclaration] { options + [Self.help.declaration] }

    func option(named name: String) -> OptionDeclaration? {
        allOptions.first { $0.name == name }
    }

    func option(short: Character) -> OptionDeclaration? {
        allOptions.first { $0.shortName == short }
    }

    func subcommand(named name: String) -> CommandDeclaration? {
        subcommands.first { $0.name == name }
    }
}
