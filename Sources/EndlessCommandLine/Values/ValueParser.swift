/// How an option's text becomes a typed value, which values it accepts (for completions and
/// the manual), and how a value is written back as text (a default in `--help`, later a
/// config file).
///
/// ```swift
/// let pages = ValueParsers.integer(in: 1...100)
/// try pages("3")        // 3
/// pages.text(of: 3)     // "3"
/// pages.accepts         // .integers(1...100)
/// ```
public struct ValueParser<Value: Sendable>: Sendable {
    /// The values accepted, as completions offer them.
    public let accepts: AcceptedValues
    private let parse: @Sendable (String) throws(ValueError) -> Value
    private let write: (@Sendable (Value) -> String)?

    /// Creates a parser.
    /// - Parameters:
    ///   - accepts: the values accepted, for completions and the manual.
    ///   - write: writes a value back as text the parser reads again; nil when a value cannot be
    ///     written (help then shows no default unless the option describes it).
    ///   - parse: turns the text into a value, or explains what is wrong with it.
    public init(
        accepts: AcceptedValues = .text, write: (@Sendable (Value) -> String)? = nil,
        parse: @escaping @Sendable (String) throws(ValueError) -> Value
    ) {
        self.accepts = accepts
        self.write = write
        self.parse = parse
    }

    /// The value `text` stands for.
    /// - Throws: ``ValueError`` saying what is wrong and what is allowed.
    public func callAsFunction(_ text: String) throws(ValueError) -> Value {
        try parse(text)
    }

    /// `value` as text this parser reads back; nil when it cannot write values.
    public func text(of value: Value) -> String? {
        write?(value)
    }

    /// A parser that also checks (or transforms) what this one read.
    /// - Parameters:
    ///   - accepts: the values accepted, when narrower than this parser's.
    ///   - write: writes the new value back as text; nil when it cannot.
    ///   - transform: checks the value, throwing a ``ValueError`` to refuse it.
    /// - Returns: the new parser.
    public func map<Other: Sendable>(
        accepts: AcceptedValues? = nil, write: (@Sendable (Other) -> String)? = nil,
        _ transform: @escaping @Sendable (Value) throws(ValueError) -> Other
    ) -> ValueParser<Other> {
        let parse = self.parse
        return ValueParser<Other>(accepts: accepts ?? self.accepts, write: write) { text throws(ValueError) in
            try transform(try parse(text))
        }
    }
}
