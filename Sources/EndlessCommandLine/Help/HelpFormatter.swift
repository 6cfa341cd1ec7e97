/// Writes `--help` from a command's declarations: the same data the parser reads, so the
/// help lists exactly the options that are accepted.
public enum HelpFormatter {
    /// The width help text is wrapped to.
    public static let defaultWidth = 80

    /// The full help of `command`, reached through `path` (e.g. `["endless", "fetch"]`).
    /// - Parameters:
    ///   - command: the command.
    ///   - path: the command words that reach it.
    ///   - width: the width to wrap to.
    /// - Returns: the help text, ending in a newline.
    public static func help(for command: CommandDeclaration, path: [String], width: Int = defaultWidth) -> String {
        let invocation = path.joined(separator: " ")
        var lines: [String] = []

        lines.append(contentsOf: wrap(command.abstract, width: width))
        if let version = command.version { lines.append("\(command.name) \(version)") }
        lines.append("")

        var items = [invocation]
        if !command.subcommands.isEmpty { items.append("<command>") }
        items += command.allOptions.map(\.usage)
        items += command.positionals.map { $0.isOptional ? "[\($0.name)]" : $0.name }
        // Lines break between items, never inside one: `[--slow-body [BYTES/]PAUSE]` stays whole.
        let unbreakable = items.map { $0.replacingOccurrences(of: " ", with: "\u{A0}") }.joined(separator: " ")
        lines.append("USAGE:")
        lines.append(
            contentsOf: wrap(unbreakable, width: width, indent: "  ", continuation: "      ")
                .map { $0.replacingOccurrences(of: "\u{A0}", with: " ") })

        if !command.discussion.isEmpty {
            lines.append("")
            for paragraph in command.discussion.components(separatedBy: "\n\n") {
                lines.append(contentsOf: wrap(paragraph, width: width))
                lines.append("")
            }
            lines.removeLast()
        }

        if !command.subcommands.isEmpty {
            lines.append("")
            lines.append("COMMANDS:")
            let labels = command.subcommands.map { sub in
                "  " + sub.name + (sub.name == command.defaultSubcommand ? " *" : "")
            }
            let column = self.column(for: labels)
            for (label, sub) in zip(labels, command.subcommands) {
                lines.append(contentsOf: twoColumns(label, sub.abstract, column: column, width: width))
            }
            if command.defaultSubcommand != nil { lines.append("  (* runs when no command is given)") }
        }

        // Arguments and options share one column, so their descriptions line up.
        let column = self.column(for: command.positionals.map { "  " + $0.name } + command.allOptions.map { "  " + $0.label })
        if !command.positionals.isEmpty {
            lines.append("")
            lines.append("ARGUMENTS:")
            for positional in command.positionals {
                lines.append(contentsOf: twoColumns("  " + positional.name, positional.help, column: column, width: width))
            }
        }

        lines.append("")
        lines.append("OPTIONS:")
        for option in command.allOptions {
            lines.append(contentsOf: twoColumns("  " + option.label, describe(option), column: column, width: width))
        }

        // A group's default command runs when the group is named alone (`endless fetch -n 5`), so
        // its options are the group's too. The program's own help lists commands only.
        if path.count > 1, let name = command.defaultSubcommand, let runs = command.subcommand(named: name),
            !runs.options.isEmpty
        {
            let ownColumn = self.column(for: runs.options.map { "  " + $0.label })
            lines.append("")
            lines.append("OPTIONS OF '\(invocation) \(name)' (the default):")
            for option in runs.options where !command.options.contains(option) {
                lines.append(contentsOf: twoColumns("  " + option.label, describe(option), column: ownColumn, width: width))
            }
        }

        if !command.examples.isEmpty {
            lines.append("")
            lines.append("EXAMPLES:")
            // A command is never broken: a line break would make it two commands when pasted.
            for example in command.examples {
                lines.append("  " + example.command)
                lines.append(contentsOf: wrap(example.explanation, width: width, indent: "      "))
            }
        }
        if !command.subcommands.isEmpty {
            lines.append("")
            lines.append("See '\(invocation) <command> --help' for a command's options.")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An option's help with its default and whether it may be repeated.
    private static func describe(_ option: OptionDeclaration) -> String {
        var text = option.help
        if let defaultText = option.defaultText { text += " (default: \(defaultText))" }
        if option.isRepeatable { text += " May be repeated." }
        return text
    }

    /// The column descriptions start at: two spaces after the longest label, but never so far
    /// right that descriptions get cramped (a longer label gets a line of its own).
    private static func column(for labels: [String]) -> Int {
        min((labels.map(\.count).max() ?? 0) + 2, 32)
    }

    /// `label` padded to `column`, then `text` wrapped beside it; a label too long for the
    /// column gets a line of its own.
    private static func twoColumns(_ label: String, _ text: String, column: Int, width: Int) -> [String] {
        let indent = String(repeating: " ", count: column)
        var wrapped = wrap(text, width: width, indent: indent)
        guard let first = wrapped.first else { return [label] }
        if label.count + 2 <= column {
            wrapped[0] = label + String(repeating: " ", count: column - label.count) + first.dropFirst(column)
            return wrapped
        }
        return [label] + wrapped
    }

    /// Greedy word wrap. Words longer than a line stay whole rather than being broken.
    /// - Parameters:
    ///   - text: the paragraph.
    ///   - width: the most columns per line.
    ///   - indent: the start of every line.
    ///   - continuation: the start of lines after the first, if not `indent`.
    /// - Returns: the lines.
    public static func wrap(_ text: String, width: Int, indent: String = "", continuation: String? = nil) -> [String] {
        var lines: [String] = []
        var line = indent
        var lineHasWord = false
        for word in unbreakableWords(text) {
            if lineHasWord, line.count + 1 + word.count > width {
                lines.append(line)
                line = continuation ?? indent
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }

    /// The words of `text`, where a command quoted in backticks (`` `endless fetch --help` ``)
    /// counts as one word, so prose wraps around it and never inside it.
    static func unbreakableWords(_ text: String) -> [String] {
        var words: [String] = []
        var insideQuote = false
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if insideQuote, let last = words.popLast() {
                words.append(last + " " + word)
            } else {
                words.append(String(word))
            }
            if word.filter({ $0 == "`" }).count % 2 == 1 { insideQuote.toggle() }
        }
        return words
    }
}
