import Foundation

/// A manual page in roff (`man 7 groff_man`), written from a program's declarations: the same
/// commands, options, defaults and examples that help shows, with sections the program adds
/// (its keys, environment, files).
///
/// ```swift
/// let page = ManualPage(root: tool.declaration, date: "2026-12-02", sections: [keys, environment])
/// print(page.roff)   // man -l -
/// ```
public struct ManualPage: Sendable {
    /// A section the program adds, such as `KEYS` or `ENVIRONMENT`.
    public struct Section: Sendable {
        /// Its title, in capitals: `ENVIRONMENT`.
        public let title: String
        /// Paragraphs before the entries.
        public let paragraphs: [String]
        /// Terms and what they mean: `NO_COLOR` and a sentence.
        public let entries: [(term: String, text: String)]

        /// Creates a section.
        /// - Parameters:
        ///   - title: its title.
        ///   - paragraphs: paragraphs before the entries.
        ///   - entries: terms and their meaning.
        public init(title: String, paragraphs: [String] = [], entries: [(term: String, text: String)] = []) {
            self.title = title
            self.paragraphs = paragraphs
            self.entries = entries
        }
    }

    /// The program's declaration.
    public let root: CommandDeclaration
    /// The manual section number: 1 for commands.
    public let section: Int
    /// The date in the page's footer, `YYYY-MM-DD`.
    public let date: String
    /// Sections after the commands, before EXAMPLES.
    public let sections: [Section]

    /// Creates the page.
    /// - Parameters:
    ///   - root: the program's declaration.
    ///   - section: the manual section.
    ///   - date: the footer's date.
    ///   - sections: the program's own sections.
    public init(root: CommandDeclaration, section: Int = 1, date: String, sections: [Section] = []) {
        self.root = root
        self.section = section
        self.date = date
        self.sections = sections
    }

    /// The page, in roff.
    public var roff: String {
        let name = root.name
        var lines: [String] = []
        let source = root.version.map { "\(name) \($0)" } ?? name
        lines.append(".TH \(name.uppercased()) \(section) \(Self.quotedArgument(date)) \(Self.quotedArgument(source)) \"User Commands\"")
        // No hyphenation (a flag broken at a hyphen reads as two), so lines are left-aligned
        // rather than justified: a justified line without hyphens cannot always be filled.
        lines.append(".nh")
        lines.append(".ad l")
        lines.append(".SH NAME")
        lines.append(Self.escape("\(name) - \(root.abstract)"))
        lines.append(".SH SYNOPSIS")
        for (path, command) in root.commandsInTree where command.subcommands.isEmpty {
            lines.append(".B \(Self.escape(path.joined(separator: " ")))")
            var rest = command.positionals.map { $0.isOptional ? "[\($0.name)]" : $0.name }
            if !command.options.isEmpty { rest.insert("[OPTIONS]", at: 0) }
            if !rest.isEmpty { lines.append(Self.escape(rest.joined(separator: " "))) }
            lines.append(".br")
        }
        if lines.last == ".br" { lines.removeLast() }

        lines.append(".SH DESCRIPTION")
        lines += paragraphs(root.abstract)
        if !root.discussion.isEmpty { lines += paragraphs(root.discussion) }
        if let defaultName = root.defaultSubcommand {
            lines.append(".PP")
            lines.append(Self.escape("With no command, or an option first, \(name) runs \(name) \(defaultName)."))
        }
        if !root.options.isEmpty || root.version != nil {
            lines.append(".SS Options of every command")
            for option in root.allOptions { lines += entry(option) }
        }

        lines.append(".SH COMMANDS")
        for (path, command) in root.commandsInTree.dropFirst() {
            lines.append(".SS \(Self.escape(path.joined(separator: " ")))")
            lines += paragraphs(command.abstract)
            if !command.discussion.isEmpty { lines += paragraphs(command.discussion) }
            for positional in command.positionals {
                lines.append(".TP")
                lines.append("\\fI\(Self.escape(positional.name))\\fR")
                lines.append(Self.escape(positional.help))
            }
            // The options every command takes are listed once, above.
            for option in command.allOptions where !root.options.contains(option) && option != CommandDeclaration.help.declaration {
                lines += entry(option)
            }
        }

        for section in sections {
            lines.append(".SH \(Self.escape(section.title.uppercased()))")
            for paragraph in section.paragraphs { lines += paragraphs(paragraph) }
            for (term, text) in section.entries {
                lines.append(".TP")
                lines.append("\\fB\(Self.escape(term))\\fR")
                lines.append(Self.escape(text))
            }
        }

        let examples = root.commandsInTree.flatMap(\.command.examples)
        if !examples.isEmpty {
            lines.append(".SH EXAMPLES")
            // A command is set unfilled: never broken, even when wider than the page (a long
            // URL), since a break would make it two commands when copied.
            for example in examples {
                lines += [".PP", ".nf", "\\fB\(Self.escape(example.command))\\fR", ".fi", ".RS", Self.escape(example.explanation), ".RE"]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An option as a tagged paragraph: `-n, --results N`, then its help, default and values.
    private func entry(_ option: OptionDeclaration) -> [String] {
        var tag = option.shortName.map { "\\fB\\-\($0)\\fR, " } ?? ""
        tag += "\\fB\(Self.escape(option.flagText))\\fR"
        switch option.kind {
        case .flag: break
        case .value(let placeholder): tag += " \\fI\(Self.escape(placeholder))\\fR"
        case .optionalValue(let placeholder): tag += " [\\fI\(Self.escape(placeholder))\\fR]"
        }
        var text = option.help
        if let defaultText = option.defaultText { text += " Default: \(defaultText)." }
        if let variable = option.environmentVariable { text += " When not given: $\(variable)." }
        if option.isRepeatable { text += " May be repeated." }
        return [".TP", tag, Self.escape(text)]
    }

    private func paragraphs(_ text: String) -> [String] {
        text.components(separatedBy: "\n\n").flatMap { [".PP", Self.escape($0)] }
    }

    /// Text as roff reads it literally: backslashes and dashes escaped, a line never starting
    /// with a control character, and every character beyond ASCII as `\[uXXXX]`, which groff
    /// draws on any device that has the glyph.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case "\n": result += " "
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
            case _ where scalar.value > 0x7E: result += String(format: "\\[u%04X]", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }

    /// An argument of a request, in double quotes.
    private static func quotedArgument(_ text: String) -> String {
        "\"" + escape(text).replacingOccurrences(of: "\"", with: "\\(dq") + "\""
    }
}
