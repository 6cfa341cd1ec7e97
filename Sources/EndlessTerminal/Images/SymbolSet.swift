/// The symbols a cell image may use.
public enum SymbolSet: Hashable, Sendable, CaseIterable {
    /// Chafa's command-line default, `block+border+space-wide-inverted`: detailed and safe for
    /// avatars in any font.
    case standard
    /// Block elements only: halves, quadrants, eighths.
    case block
    /// Half blocks only (▀ ▄ ▌ ▐): two pixels per cell, the most robust.
    case halfBlock
    /// Braille patterns: 2×4 dots per cell, fine detail with one color pair.
    case braille
}
