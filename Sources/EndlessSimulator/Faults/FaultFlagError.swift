/// A fault or rate-limit flag value that could not be read.
public struct FaultFlagError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The value as given.
    public var value: String
    /// What would have been accepted, with examples.
    public var expected: String

    /// Creates an error for `value`, saying what is `expected`.
    /// - Parameters:
    ///   - value: the rejected text.
    ///   - expected: what is allowed, e.g. "a duration such as 300ms or 1.5s".
    public init(value: String, expected: String) {
        self.value = value
        self.expected = expected
    }

    /// `invalid value "abc": expected a duration such as 300ms or 1.5s`.
    public var description: String { "invalid value \"\(value)\": expected \(expected)" }
}
