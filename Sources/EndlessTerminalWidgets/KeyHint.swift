import EndlessTerminal

/// A key and what it does, for status bars and the help overlay.
public struct KeyHint: Hashable, Sendable {
    /// The key as shown, e.g. `"↑↓/jk"` or `"q"`.
    public var key: String
    /// What it does, e.g. `"quit"`.
    public var label: String

    /// Creates a hint.
    ///
    /// - Parameters:
    ///   - key: the key as shown.
    ///   - label: what it does.
    public init(_ key: String, _ label: String) {
        self.key = key
        self.label = label
    }
}
