/// A key press with its modifiers.
public struct KeyEvent: Hashable, Sendable, CustomStringConvertible {
    /// The key.
    public var key: Key
    /// Modifiers held.
    public var modifiers: KeyModifiers

    /// Creates a key event.
    ///
    /// - Parameters:
    ///   - key: the key.
    ///   - modifiers: modifiers held.
    public init(_ key: Key, modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// A Ctrl-letter event, e.g. `.control("c")`.
    ///
    /// - Parameter letter: the lowercase letter.
    /// - Returns: the key event.
    public static func control(_ letter: Character) -> KeyEvent {
        KeyEvent(.character(letter), modifiers: .control)
    }

    /// The event as a person would write it, e.g. `Ctrl-Shift-up` or `Alt-x`.
    public var description: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        if modifiers.contains(.meta) { parts.append("Meta") }
        switch key {
        case .character(let character): parts.append(String(character))
        case .function(let number): parts.append("F\(number)")
        default: parts.append("\(key)")
        }
        return parts.joined(separator: "-")
    }
}
