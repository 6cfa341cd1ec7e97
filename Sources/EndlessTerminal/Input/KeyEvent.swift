/// A key, independent of modifiers.
public enum Key: Hashable, Sendable {
    /// A printable character. Ctrl-letter combinations arrive as the lowercase letter with
    /// ``KeyModifiers/control``; shifted letters arrive as the uppercase letter.
    case character(Character)
    /// Return or Enter.
    case enter
    /// Tab; Shift-Tab is `.tab` with ``KeyModifiers/shift``.
    case tab
    /// Backspace.
    case backspace
    /// Escape on its own, told apart from the start of a sequence by a short timeout.
    case escape
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Insert.
    case insert
    /// Delete (forward).
    case delete
    /// Page up.
    case pageUp
    /// Page down.
    case pageDown
    /// A function key, F1 to F12 (as far as the terminal reports them).
    case function(Int)
}

/// Modifier keys held with a key or a mouse event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    /// Creates modifiers from their raw bits.
    ///
    /// - Parameter rawValue: the bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shift.
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Alt (Option), also what an ESC prefix means.
    public static let alt = KeyModifiers(rawValue: 1 << 1)
    /// Control.
    public static let control = KeyModifiers(rawValue: 1 << 2)
    /// Meta (Super), when the terminal reports it.
    public static let meta = KeyModifiers(rawValue: 1 << 3)

    /// Decodes the xterm modifier parameter (`1;5A`: 5 = 1 + Ctrl).
    init(xtermParameter value: Int) {
        let bits = max(0, value - 1)
        var modifiers: KeyModifiers = []
        if bits & 1 != 0 { modifiers.insert(.shift) }
        if bits & 2 != 0 { modifiers.insert(.alt) }
        if bits & 4 != 0 { modifiers.insert(.control) }
        if bits & 8 != 0 { modifiers.insert(.meta) }
        self = modifiers
    }
}

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
