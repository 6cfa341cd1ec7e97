/// A subcommand: its declaration and what runs when it is chosen, or a group of further
/// subcommands (`endless fetch people`, `endless fetch users`).
public struct Subcommand: Sendable {
    /// Its options, arguments, subcommands and help.
    public let declaration: CommandDeclaration
    /// The subcommands of a group; empty for a command that runs.
    public let children: [Subcommand]
    let run: (@Sendable (ParsedArguments, CommandOutput) async -> Int32)?

    /// Creates a subcommand that runs.
    /// - Parameters:
    ///   - declaration: what the parser and help read.
    ///   - run: what runs when it is chosen: it gets the parsed command line and the output,
    ///     and returns the exit status.
    public init(
        declaration: CommandDeclaration,
        run: @escaping @Sendable (ParsedArguments, CommandOutput) async -> Int32
    ) {
        self.declaration = declaration
        self.children = []
        self.run = run
    }

    /// Creates a group of subcommands, e.g. `fetch` with `people` and `users`.
    /// - Parameters:
    ///   - name: the word that selects the group.
    ///   - abstract: one line for help.
    ///   - discussion: more paragraphs for help.
    ///   - children: its subcommands.
    ///   - defaultSubcommand: the child that runs when none is named; nil to require one.
    ///   - examples: worked examples for its help.
    public init(
        group name: String, abstract: String, discussion: String = "", children: [Subcommand],
        defaultSubcommand: String? = nil, examples: [CommandDeclaration.Example] = []
    ) {
        self.init(
            group: name, abstract: abstract, discussion: discussion, version: nil, children: children,
            defaultSubcommand: defaultSubcommand, examples: examples, options: [])
    }

    init(
        group name: String, abstract: String, discussion: String, version: String?, children: [Subcommand],
        defaultSubcommand: String?, examples: [CommandDeclaration.Example], options: [OptionDeclaration]
    ) {
        self.declaration = CommandDeclaration(
            name: name, abstract: abstract, discussion: discussion, options: options, examples: examples,
            subcommands: children.map(\.declaration), defaultSubcommand: defaultSubcommand, version: version)
        self.children = children
        self.run = nil
    }

    private init(
        declaration: CommandDeclaration, children: [Subcommand], run: (@Sendable (ParsedArguments, CommandOutput) async -> Int32)?
    ) {
        self.declaration = declaration
        self.children = children
        self.run = run
    }

    /// The same subcommand with `extra` among the options of it and of every subcommand below.
    func addingToEveryCommand(_ extra: [OptionDeclaration]) -> Subcommand {
        guard !extra.isEmpty else { return self }
        let children = children.map { $0.addingToEveryCommand(extra) }
        let declaration = CommandDeclaration(
            name: declaration.name, abstract: declaration.abstract, discussion: declaration.discussion,
            options: declaration.options + extra, positionals: declaration.positionals, examples: declaration.examples,
            subcommands: children.map(\.declaration), defaultSubcommand: declaration.defaultSubcommand,
            version: declaration.version, takesArgumentsVerbatim: declaration.takesArgumentsVerbatim)
        return Subcommand(declaration: declaration, children: children, run: run)
    }

    /// The word that selects it, e.g. `"fetch"`.
    public var name: String { declaration.name }

    /// The subcommand a parsed command path names below this one (itself for an empty path).
    func descendant(_ path: ArraySlice<String>) -> Subcommand? {
        guard let name = path.first else { return self }
        return children.first { $0.name == name }?.descendant(path.dropFirst())
    }
}
