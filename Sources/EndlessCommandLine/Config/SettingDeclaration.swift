/// A config file setting that is not a flag, such as `key.quit = x` or `color.selection = cyan`:
/// its key, help, default and the values it accepts. The config file refuses keys nobody
/// declared, naming the line.
public struct SettingDeclaration: Sendable {
    /// `key.quit`.
    public let key: String
    /// One sentence for `config` and the manual.
    public let help: String
    /// The value when the file does not set it, as text; nil for none.
    public let defaultText: String?
    /// Whether the value is a secret: `config` shows it as ••• .
    public let isSecret: Bool
    private let check: @Sendable (String) throws(ValueError) -> Void

    /// Declares a setting.
    /// - Parameters:
    ///   - key: its key, e.g. `key.quit`.
    ///   - help: one sentence.
    ///   - defaultText: its value when not set.
    ///   - parser: reads (and so checks) its value.
    ///   - isSecret: whether its value is a secret.
    public init<Value>(
        _ key: String, help: String, default defaultText: String?, parser: ValueParser<Value>, secret isSecret: Bool = false
    ) {
        self.key = key
        self.help = help
        self.defaultText = defaultText
        self.isSecret = isSecret
        self.check = { text throws(ValueError) in _ = try parser(text) }
    }

    /// Checks a value.
    /// - Throws: ``ValueError`` saying what is wrong and what is allowed.
    public func validate(_ text: String) throws(ValueError) {
        try check(text)
    }
}
