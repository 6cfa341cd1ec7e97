/// Why bytes are not one JSON value: what was wrong, and where.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The byte offset of the problem, from 0.
    public let offset: Int
    /// What was found or missing there, e.g. `expected ':' after an object key`.
    public let reason: String

    /// Creates an error.
    /// - Parameters:
    ///   - offset: where, in bytes.
    ///   - reason: what was wrong.
    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    /// `not JSON at byte 12: expected ':' after an object key`.
    public var description: String { "not JSON at byte \(offset): \(reason)" }
}
