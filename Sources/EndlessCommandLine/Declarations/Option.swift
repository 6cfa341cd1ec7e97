/// A typed option that takes a value: its declaration and how to turn text into a `Value`.
public struct Option<Value: Sendable>: Sendable {
    /// What the parser and help read.
    public let declaration: OptionDeclaration
    /// Turns the text into a value, or explains what is wrong with it.
    public let convert: @Sendable (String) throws(ValueError) -> Value

    /// Declares `--name placeholder`.
    /// - Parameters:
    ///   - name: the long name without dashes.
    ///   - shortName: an optional one-letter alias.
    ///   - placeholder: what help calls the value, e.g. `N`, `URL`, `LIST`.
    ///   - help: the help text.
    ///   - defaultText: the default as help shows it.
    ///   - isRepeatable: whether the option may appear more than once.
    ///   - valueIsOptional: whether the option may be given alone (`--live` as well as
    ///     `--live 30`); alone, `convert` is given the empty string.
    ///   - convert: turns the text into a value, or explains what is wrong with it.
    public init(
        _ name: String, short shortName: Character? = nil, placeholder: String, help: String,
        default defaultText: String? = nil, repeatable isRepeatable: Bool = false, valueIsOptional: Bool = false,
        convert: @escaping @Sendable (String) throws(ValueError) -> Value
    ) {
        self.declaration = OptionDeclaration(
            name: name, shortName: shortName,
            kind: valueIsOptional ? .optionalValue(placeholder: placeholder) : .value(placeholder: placeholder), help: help,
            defaultText: defaultText, isRepeatable: isRepeatable)
        self.convert = convert
    }
}
