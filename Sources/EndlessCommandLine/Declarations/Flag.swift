/// A boolean switch such as `--verbose`: `parsed[flag]` is whether it was given.
public struct Flag: Sendable {
    /// What the parser and help read.
    public let declaration: OptionDeclaration

    /// Declares `--name`.
    /// - Parameters:
    ///   - name: the long name without dashes.
    ///   - shortName: an optional one-letter alias.
    ///   - help: the help text.
    ///   - aliases: older names still accepted, shown nowhere.
    ///   - environmentVariable: the variable that says the same, for help and the manual.
    public init(
        _ name: String, short shortName: Character? = nil, help: String, aliases: [String] = [],
        environment environmentVariable: String? = nil
    ) {
        self.declaration = OptionDeclaration(
            name: name, shortName: shortName, kind: .flag, help: help, defaultText: nil, isRepeatable: false,
            accepts: .text, isSecret: false, aliases: aliases, environmentVariable: environmentVariable)
    }
}
