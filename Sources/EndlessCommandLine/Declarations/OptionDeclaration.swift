/// One `--option` of a command as the parser, `--help`, completions and the manual read it:
/// its names, whether it takes a value and which values, its help, its default as text, and
/// whether its value is a secret.
///
/// Made by a typed ``Option`` or a ``Flag``, so `--help` cannot drift from what the parser
/// accepts and the default shown is the value applied.
public struct OptionDeclaration: Sendable, Equatable {
    /// Whether the option stands alone or takes a value.
    public enum Kind: Sendable, Equatable {
        /// A boolean switch: `--verbose`.
        case flag
        /// Takes a value: `--results N` or `--results=N`; `placeholder` names it in help.
        case value(placeholder: String)
        /// May take a value: `--live`, `--live 30` or `--live=30`. Alone, its value is the empty
        /// string; the next word is its value unless it starts with `-`.
        case optionalValue(placeholder: String)
    }

    /// The long name without dashes: `"results"` for `--results`.
    public let name: String
    /// An optional one-letter alias: `"v"` for `-v`.
    public let shortName: Character?
    /// A switch, or an option with a value.
    public let kind: Kind
    /// One or two sentences for `--help`.
    public let help: String
    /// The default, as help shows it: the default value written by its parser, or what
    /// leaving the option out means; nil when there is none worth showing.
    public let defaultText: String?
    /// Whether the option may be given more than once (its values accumulate). Options that
    /// are not repeatable refuse a second use rather than silently keeping the last one.
    public let isRepeatable: Bool
    /// The values it accepts, for completions and the manual; ``AcceptedValues/text`` for a flag.
    public let accepts: AcceptedValues
    /// Whether its value is a secret (an API key): hidden from every message, left out of
    /// anything written to disk, never offered by completions.
    public let isSecret: Bool
    /// Older names the parser still accepts for it (`page-size` for `people-per-page`), without
    /// a word: help, completions and the manual show only ``name``.
    public let aliases: [String]
    /// The environment variable that gives its value when it is not given, for help, the manual
    /// and `config`; nil for none. The command reads the variable itself.
    public let environmentVariable: String?
    /// Names people may try for it that mean something else elsewhere (`per-page` for
    /// `results`): refused, with a hint that names this option.
    public let misnomers: [String]

    /// Creates a declaration; ``Option`` and ``Flag`` make them.
    init(
        name: String, shortName: Character?, kind: Kind, help: String, defaultText: String?, isRepeatable: Bool,
        accepts: AcceptedValues, isSecret: Bool, aliases: [String] = [], environmentVariable: String? = nil,
        misnomers: [String] = []
    ) {
        self.name = name
        self.shortName = shortName
        self.kind = kind
        self.help = help
        self.defaultText = defaultText
        self.isRepeatable = isRepeatable
        self.accepts = accepts
        self.isSecret = isSecret
        self.aliases = aliases
        self.environmentVariable = environmentVariable
        self.misnomers = misnomers
    }

    /// Whether `name` (without dashes) names it: its name or one of its aliases.
    public func isNamed(_ name: String) -> Bool {
        self.name == name || aliases.contains(name)
    }

    /// Whether it takes a value (`--results N`), rather than standing alone.
    public var takesValue: Bool { kind != .flag }

    /// `--results`.
    public var flagText: String { "--\(name)" }

    /// `-n, --results N` as help lists it.
    public var label: String {
        var text = shortName.map { "-\($0), " } ?? "    "
        text += flagText
        switch kind {
        case .flag: break
        case .value(let placeholder): text += " \(placeholder)"
        case .optionalValue(let placeholder): text += " [\(placeholder)]"
        }
        return text
    }

    /// `[--results N]` as the usage line shows it.
    public var usage: String {
        switch kind {
        case .flag: "[\(flagText)]"
        case .value(let placeholder): "[\(flagText) \(placeholder)]"
        case .optionalValue(let placeholder): "[\(flagText) [\(placeholder)]]"
        }
    }
}
