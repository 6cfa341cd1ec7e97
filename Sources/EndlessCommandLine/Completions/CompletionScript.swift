/// Shell completion scripts for bash, zsh and fish, written from a program's declarations:
/// the same data the parser and help read, so completions offer exactly the subcommands,
/// options and values that are accepted (choices such as `--graphics` modes, comma-separated
/// lists, files, folders). Aliases are accepted but not offered; secret values are never offered.
///
/// Each script holds the program's tables (per command: subcommands, default subcommand,
/// options, what each option's value is) and a small walker in the shell's own language: it
/// follows the words typed so far down the commands (into the default subcommand when an option
/// comes first, back to the top after a command that takes a command line, such as `config`),
/// skips option values, then offers the values of the option before the cursor, else options
/// for a word starting with `-`, else subcommands or the positional's values.
///
/// ```sh
/// source <(endless completions bash)
/// ```
public enum CompletionScript {
    /// A shell the scripts are written for.
    public enum Shell: String, CaseIterable, Sendable {
        /// GNU bash, through `complete -F`.
        case bash
        /// zsh, through `compdef` (or as an autoloaded `_program` file in `$fpath`).
        case zsh
        /// fish, through `complete -c … -a`.
        case fish
    }

    /// The completion script of `root` for `shell`.
    /// - Parameters:
    ///   - shell: the shell.
    ///   - root: the program's declaration.
    /// - Returns: the script, ending in a newline.
    public static func script(for shell: Shell, root: CommandDeclaration) -> String {
        let table = Table(root: root)
        switch shell {
        case .bash: return bash(table)
        case .zsh: return zsh(table)
        case .fish: return fish(table)
        }
    }

    /// What the walkers look up, per command path (`endless fetch`).
    struct Table {
        struct Node {
            let path: String
            let subcommands: [String]
            let defaultPath: String?
            let verbatim: Bool
            /// The names offered: `--long` and `-s` of every option but the aliases.
            let offered: [String]
            /// The kind of every name that takes a value, aliases and short names included.
            let valueKinds: [(name: String, kind: String)]
            /// What the positional may be: a kind, or nil for nothing offered.
            let positional: String?
        }

        let program: String
        let nodes: [Node]

        init(root: CommandDeclaration) {
            program = root.name
            nodes = root.commandsInTree.map { path, command in
                let joined = path.joined(separator: " ")
                var offered: [String] = []
                var kinds: [(String, String)] = []
                for option in command.allOptions {
                    offered.append(option.flagText)
                    if let short = option.shortName { offered.append("-\(short)") }
                    let kind = Table.kind(of: option)
                    guard let kind else { continue }
                    let names = [option.name] + option.aliases
                    kinds += names.map { ("--\($0)", kind) }
                    if let short = option.shortName { kinds.append(("-\(short)", kind)) }
                }
                return Node(
                    path: joined, subcommands: command.subcommands.map(\.name),
                    defaultPath: command.defaultSubcommand.map { "\(joined) \($0)" }, verbatim: command.takesArgumentsVerbatim,
                    offered: offered, valueKinds: kinds,
                    positional: command.positionals.first.flatMap { Table.kind(of: $0.accepts, secret: false) })
            }
        }

        /// `choices:a b`, `list:a b`, `file`, `directory`, `text`, or `optional` (a value that may be
        /// left out); nil for a switch.
        static func kind(of option: OptionDeclaration) -> String? {
            switch option.kind {
            case .flag: nil
            case .optionalValue: "optional"
            case .value: kind(of: option.accepts, secret: option.isSecret) ?? "text"
            }
        }

        static func kind(of accepts: AcceptedValues, secret: Bool) -> String? {
            if secret { return "text" }
            switch accepts {
            case .choices(let words): return "choices:" + words.joined(separator: " ")
            case .list(let words): return "list:" + words.joined(separator: " ")
            case .file: return "file"
            case .directory: return "directory"
            case .text, .integers, .numbers, .url: return "text"
            }
        }

        /// The program's name as a shell function name: `endless` → `_endless`.
        var function: String {
            "_" + String(program.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        }
    }

    /// `'text'`, safe in every one of the three shells (fish and POSIX shells both read `\'`
    /// outside quotes; the words here never hold a quote anyway).
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The case arms of a lookup: one per node that has something to say.
    static func arms(_ table: Table, _ value: (Table.Node) -> String?) -> [(pattern: String, value: String)] {
        table.nodes.compactMap { node in value(node).map { (quoted(node.path), $0) } }
    }
}
