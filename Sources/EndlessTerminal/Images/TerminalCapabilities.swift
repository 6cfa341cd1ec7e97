import CChafa

/// What the terminal can show, from the environment and chafa's terminal database.
public struct TerminalCapabilities: Hashable, Sendable {
    /// Colors available.
    public var colorDepth: ColorDepth
    /// Whether the terminal draws sixel graphics.
    public var sixel: Bool
    /// Whether the terminal speaks the kitty graphics protocol.
    public var kitty: Bool

    /// Creates capabilities by hand (for tests, or a `--graphics` override).
    ///
    /// - Parameters:
    ///   - colorDepth: colors available.
    ///   - sixel: sixel support.
    ///   - kitty: kitty graphics support.
    public init(colorDepth: ColorDepth, sixel: Bool = false, kitty: Bool = false) {
        self.colorDepth = colorDepth
        self.sixel = sixel
        self.kitty = kitty
    }

    /// Detects capabilities: the color depth from ``ColorDepth/detect(environment:)``, pixel
    /// protocols from `chafa_term_db_detect` (chafa 1.12 recognises kitty by `TERM=xterm-kitty`,
    /// sixel terminals such as foot, mlterm and WezTerm by TERM; plain xterm gets neither).
    ///
    /// - Parameter environment: the variables to look at.
    /// - Returns: the capabilities.
    public static func detect(environment: [String: String]) -> TerminalCapabilities {
        let depth = ColorDepth.detect(environment: environment)
        return ChafaTerm.withTermInfo(environment: environment) { info in
            guard let info else { return TerminalCapabilities(colorDepth: depth) }
            return TerminalCapabilities(
                colorDepth: depth,
                sixel: chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_BEGIN_SIXELS) != 0,
                kitty: chafa_term_info_have_seq(info, CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1) != 0)
        }
    }
}
