/// Text that came from the network, kept apart from the app's own strings by its type.
///
/// View models hand people's names, cities and error messages to the screen as
/// `UntrustedText`; the screen can only draw them through the terminal sanitizer
/// (``displayText``), so a forgotten sanitize call is a type error rather than an escape
/// sequence on someone's terminal.
public struct UntrustedText: Hashable, Sendable, CustomStringConvertible {
    /// The text exactly as received. Never write it to a terminal as it is.
    public let raw: String

    /// Wraps text that came from outside.
    public init(_ raw: String) {
        self.raw = raw
    }

    /// The raw text, for logs and tests; a terminal front end draws ``displayText``.
    public var description: String { raw }
}
