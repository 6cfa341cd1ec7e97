/// Pixels to draw in the terminal: 8-bit RGBA, rows top to bottom, no padding.
public struct PixelImage: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha (not premultiplied).
    public let rgba: [UInt8]

    /// Wraps RGBA pixels.
    ///
    /// - Parameters:
    ///   - width: width in pixels.
    ///   - height: height in pixels.
    ///   - rgba: `width × height × 4` bytes.
    /// - Returns: nil when the size is empty or the byte count does not match.
    public init?(width: Int, height: Int, rgba: [UInt8]) {
        guard width > 0, height > 0, rgba.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}

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

/// How images are drawn.
public enum GraphicsMode: String, Hashable, Sendable, CaseIterable {
    /// Kitty graphics when the terminal speaks them, else sixel when it draws them, else symbols.
    case auto
    /// Unicode symbols in cells (chafa): work everywhere, diff and scroll like text.
    case symbols
    /// DEC sixel graphics, when supported.
    case sixel
    /// The kitty graphics protocol, when supported.
    case kitty
    /// No images.
    case none

    /// The mode to use on a terminal: never `.auto`; an unsupported pixel protocol falls back
    /// to symbols.
    ///
    /// - Parameter capabilities: what the terminal can do.
    /// - Returns: `.symbols`, `.sixel`, `.kitty` or `.none`.
    public func resolved(for capabilities: TerminalCapabilities) -> GraphicsMode {
        switch self {
        case .auto:
            if capabilities.kitty { return .kitty }
            if capabilities.sixel { return .sixel }
            return .symbols
        case .sixel:
            return capabilities.sixel ? .sixel : .symbols
        case .kitty:
            return capabilities.kitty ? .kitty : .symbols
        case .symbols, .none:
            return self
        }
    }
}
