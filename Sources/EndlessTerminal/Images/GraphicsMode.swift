/// How images are drawn.
public enum GraphicsMode: String, Hashable, Sendable, CaseIterable {
    /// Kitty graphics when the terminal speaks them, else sixel when it draws them, else symbols.
    case auto
    /// Unicode symbols in cells (chafa): work everywhere, diff and scroll like text.
    case symbols
    /// DEC sixel graphics.
    case sixel
    /// The kitty graphics protocol.
    case kitty
    /// No images.
    case none

    /// The environment variable that asks for a mode when no flag does.
    public static let environmentVariable = "ENDLESS_GRAPHICS"

    /// The mode asked for: the command-line flag when given, else `ENDLESS_GRAPHICS` when
    /// set, else `.auto`.
    ///
    /// - Parameters:
    ///   - flag: the `--graphics` value, nil when the flag was not given.
    ///   - environment: the process environment.
    /// - Returns: the requested mode (possibly `.auto`).
    /// - Throws: ``GraphicsModeError`` when `ENDLESS_GRAPHICS` names no mode.
    public static func requested(flag: GraphicsMode?, environment: [String: String]) throws(GraphicsModeError) -> GraphicsMode {
        if let flag { return flag }
        guard let value = environment[environmentVariable], !value.isEmpty else { return .auto }
        guard let mode = GraphicsMode(rawValue: value.lowercased()) else { throw GraphicsModeError(value: value) }
        return mode
    }

    /// What to tell the person when this mode cannot show on the terminal: pixel graphics
    /// asked for by name (not picked by `.auto`, which never picks them there) inside tmux
    /// without passthrough, which tmux drops, leaving blank squares.
    ///
    /// - Parameter capabilities: what the probe found, tmux and its passthrough among them.
    /// - Returns: a one-line hint, or nil when the mode shows as asked.
    public func hint(for capabilities: TerminalCapabilities) -> String? {
        guard self == .sixel || self == .kitty, capabilities.insideTmux, capabilities.passthrough == nil else { return nil }
        return "\(rawValue) needs tmux passthrough: tmux set -g allow-passthrough on"
    }

    /// The mode to draw with on a terminal: `.auto` picks kitty, then sixel, then symbols,
    /// from what the terminal answered (see ``TerminalCapabilities``); any other mode is an
    /// override and is used as asked, even where the terminal did not say it supports it.
    ///
    /// - Parameter capabilities: what the terminal can do.
    /// - Returns: `.symbols`, `.sixel`, `.kitty` or `.none`.
    public func resolved(for capabilities: TerminalCapabilities) -> GraphicsMode {
        switch self {
        case .auto:
            if capabilities.kitty { return .kitty }
            if capabilities.sixel { return .sixel }
            return .symbols
        case .symbols, .sixel, .kitty, .none:
            return self
        }
    }
}

/// `ENDLESS_GRAPHICS` holds something that is not a graphics mode.
public struct GraphicsModeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The value found.
    public let value: String

    /// What was wrong and what to write instead.
    public var description: String {
        let modes = GraphicsMode.allCases.map(\.rawValue).joined(separator: ", ")
        return "\(GraphicsMode.environmentVariable)=\(TextSanitizer.sanitize(value)) is not a graphics mode; use one of \(modes)"
    }
}
