/// Text that came from the network, kept apart from the app's own strings by its type.
///
/// View models hand people's names, cities and error messages to the screen as
/// `UntrustedText`; a front end draws them only through its sanitizer (the terminal app's
/// `displayText`), so a forgotten sanitize call is a type error rather than an escape sequence
/// on someone's terminal.
public struct UntrustedText: Hashable, Sendable, CustomStringConvertible {
    /// The text exactly as received. Never write it to a terminal as it is.
    public let raw: String

    /// Wraps text that came from outside.
    public init(_ raw: String) {
        self.raw = raw
    }

    /// The raw text, for logs and tests; a front end draws it sanitized.
    public var description: String { raw }
}
