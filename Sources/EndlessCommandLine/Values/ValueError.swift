/// Why a value's text is not acceptable: the parser turns it into a ``UsageError`` that names
/// the option.
public struct ValueError: Error, Sendable, Equatable {
    /// What is wrong with the value, quoting it.
    public let problem: String
    /// What is allowed.
    public let allowed: String?

    /// Creates the refusal.
    /// - Parameters:
    ///   - problem: what is wrong, quoting the value.
    ///   - allowed: what is allowed instead.
    public init(_ problem: String, allowed: String? = nil) {
        self.problem = problem
        self.allowed = allowed
    }
}
