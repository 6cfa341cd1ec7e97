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
