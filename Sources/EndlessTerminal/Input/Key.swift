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
