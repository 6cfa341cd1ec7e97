/// An option that takes a value, declared once: its names, help, typed default, parser (and
/// so the values it accepts) and whether its value is secret. `parsed[option]` reads it typed,
/// with the default applied.
///
/// ```swift
/// static let page = Option("page", placeholder: "N", help: "Which page.", default: 1,
///                          parser: ValueParsers.integer(in: 1...100))   // parsed[page]: Int
/// static let id = Option("id", placeholder: "N", help: "Just this one.",
///                        parser: ValueParsers.integer(in: 1...100))     // parsed[id]: Int?
/// ```
public struct Option<Value: Sendable>: Sendable {
    /// What the parser, help, completions and the manual read.
    public let declaration: OptionDeclaration
    /// The value when the option is not given.
    public let defaultValue: Value
    private let parse: @Sendable (String) throws(ValueError) -> Value

    /// Declares `--name placeholder` with a default value.
    /// - Parameters:
    ///   - name: the long name without dashes.
    ///   - shortName: an optional one-letter alias.
    ///   - placeholder: what help calls the value, e.g. `N`, `URL`, `LIST`.
    ///   - help: the help text.
    ///   - defaultValue: the value when the option is not given; help shows it as its parser writes it.
    ///   - defaultDescription: what help says of the default instead, when the value alone does
    ///     not tell (a default that depends on the command).
    ///   - parser: turns the text into a value; says which values are accepted.
    ///   - isRepeatable: whether the option may appear more than once.
    ///   - isSecret: whether the value is a secret (a key): redacted, never written to disk.
    ///   - aliases: older names still accepted, shown nowhere.
    ///   - environmentVariable: the variable read when the option is not given, for help and the manual.
    ///   - misnomers: names people may try for it, refused with a hint that names it.
    public init(
        _ name: String, short shortName: Character? = nil, placeholder: String, help: String, default defaultValue: Value,
        defaultDescription: String? = nil, parser: ValueParser<Value>, repeatable isRepeatable: Bool = false,
        secret isSecret: Bool = false, aliases: [String] = [], environment environmentVariable: String? = nil,
        misnomers: [String] = []
    ) {
        self.declaration = OptionDeclaration(
            name: name, shortName: shortName, kind: .value(placeholder: placeholder), help: help,
            defaultText: defaultDescription ?? parser.text(of: defaultValue), isRepeatable: isRepeatable,
            accepts: parser.accepts, isSecret: isSecret, aliases: aliases, environmentVariable: environmentVariable,
            misnomers: misnomers)
        self.defaultValue = defaultValue
        self.parse = { text throws(ValueError) in try parser(text) }
    }

    /// Declares `--name placeholder` whose value is nil when it is not given.
    /// - Parameters:
    ///   - name: the long name without dashes.
    ///   - shortName: an optional one-letter alias.
    ///   - placeholder: what help calls the value, e.g. `N`, `URL`, `LIST`.
    ///   - help: the help text.
    ///   - defaultDescription: what leaving it out means, for help: `the embedded simulator`.
    ///   - parser: turns the text into a value; says which values are accepted.
    ///   - valueWhenAlone: makes the value optional: `--live` alone means this, as `--live 30`
    ///     would (the next word is its value unless it starts with `-`).
    ///   - isRepeatable: whether the option may appear more than once.
    ///   - isSecret: whether the value is a secret (a key): redacted, never written to disk.
    ///   - aliases: older names still accepted, shown nowhere.
    ///   - environmentVariable: the variable read when the option is not given, for help and the manual.
    public init<Wrapped: Sendable>(
        _ name: String, short shortName: Character? = nil, placeholder: String, help: String,
        defaultDescription: String? = nil, parser: ValueParser<Wrapped>, whenAlone valueWhenAlone: Wrapped? = nil,
        repeatable isRepeatable: Bool = false, secret isSecret: Bool = false, aliases: [String] = [],
        environment environmentVariable: String? = nil
    ) where Value == Wrapped? {
        self.declaration = OptionDeclaration(
            name: name, shortName: shortName,
            kind: valueWhenAlone == nil ? .value(placeholder: placeholder) : .optionalValue(placeholder: placeholder),
            help: help, defaultText: defaultDescription, isRepeatable: isRepeatable, accepts: parser.accepts,
            isSecret: isSecret, aliases: aliases, environmentVariable: environmentVariable)
        self.defaultValue = nil
        self.parse = { text throws(ValueError) in
            if text.isEmpty, let valueWhenAlone { return valueWhenAlone }
            return try parser(text)
        }
    }

    /// The value `text` stands for.
    /// - Throws: ``ValueError`` saying what is wrong and what is allowed.
    func value(of text: String) throws(ValueError) -> Value {
        try parse(text)
    }
}
