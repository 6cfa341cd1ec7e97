/// One `--option` of a command: its name, whether it takes a value, and its help text.
///
/// The parser and the help text both read these declarations, so `--help` cannot drift from
/// what the parser accepts.
struct OptionDeclaration: Sendable, Equatable {
    /// Whether the option stands alone or takes a value.
    enum Kind: Sendable, Equatable {
        /// A boolean switch: `--verbose`.
        case flag
        /// Takes a value: `--results N` or `--results=N`; `placeholder` names it in help.
        case value(placeholder: String)
    }

    /// The long name without dashes: `"results"` for `--results`.
    let name: String
    /// An optional one-letter alias: `"v"` for `-v`.
    let shortName: Character?
    let kind: Kind
    /// One or two sentences for `--help`.
    let help: String
    /// The default, as help shows it; nil when there is none worth showing.
    let defaultText: String?
    /// Whether the option may be given more than once (its values accumulate). Options that
    /// are not repeatable refuse a second use rather than silently keeping the last one.
    let isRepeatable: Bool

    /// `--results`.
    var flagText: String { "--\(name)" }

    /// `-n, --results N` as help lists it.
    var label: String {
        var text = shortName.map { "-\($0), " } ?? "    "
        text += flagText
        if case .value(let placeholder) = kind { text += " \(placeholder)" }
        return text
    }

    /// `[--results N]` as the usage line shows it.
    var usage: String {
        switch kind {
        case .flag: "[\(flagText)]"
        case .value(let placeholder): "[\(flagText) \(placeholder)]"
        }
    }
}

/// A typed option that takes a value: its declaration and how to turn text into a `Value`.
struct Option<Value: Sendable>: Sendable {
    let declaration: OptionDeclaration
    let convert: @Sendable (String) throws(ValueError) -> Value

    /// Declares `--name placeholder`.
    /// - Parameters:
    ///   - name: the long name without dashes.
    ///   - shortName: an optional one-letter alias.
    ///   - placeholder: what help calls the value, e.g. `N`, `URL`, `LIST`.
    ///   - help: the help text.
    ///   - defaultText: the default as help shows it.
    ///   - isRepeatable: whether the option may appear more than once.
    ///   - convert: turns the text into a value, or explains what is wrong with it.
    init(
        _ name: String, short shortName: Character? = nil, placeholder: String, help: String,
        default defaultText: String? = nil, repeatable isRepeatable: Bool = false,
        convert: @escaping @Sendable (String) throws(ValueError) -> Value
    ) {
        self.declaration = OptionDeclaration(
            name: name, shortName: shortName, kind: .value(placeholder: placeholder), help: help,
            defaultText: defaultText, isRepeatable: isRepeatable)
        self.convert = convert
    }
}

/// A boolean switch such as `--verbose`.
struct Flag: Sendable {
    let declaration: OptionDeclaration

    /// Declares `--name`.
    /// - Parameters:
    ///   - name: the long name without dashes.
    ///   - shortName: an optional one-letter alias.
    ///   - help: the help text.
    init(_ name: String, short shortName: Character? = nil, help: String) {
        self.declaration = OptionDeclaration(
            name: name, shortName: shortName, kind: .flag, help: help, defaultText: nil, isRepeatable: false)
    }
}
