/// The error a ``ScriptedPageSource`` throws when told to fail without a specific error.
public struct ScriptedFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// What to show.
    public var message: String

    /// Creates a failure.
    ///
    /// - Parameter message: what to show.
    public init(_ message: String = "scripted failure") { self.message = message }

    /// The message.
    public var description: String { message }
}
