import CChafa

/// What the terminal can show: colors, pixel graphics, the size of its cells in pixels, and
/// whether it runs inside tmux.
///
/// A session fills it in by asking the terminal (see ``TerminalSession``): pixel protocols
/// and sizes come from the terminal's answers only, never from environment variables, which
/// inside tmux describe whatever terminal started the tmux server.
public struct TerminalCapabilities: Hashable, Sendable {
    /// Colors available.
    public var colorDepth: ColorDepth
    /// Whether the terminal draws sixel graphics.
    public var sixel: Bool
    /// Whether the terminal speaks the kitty graphics protocol.
    public var kitty: Bool
    /// The size of one cell in pixels, as the terminal answered (nil when it did not).
    public var cellPixelSize: Size?
    /// The terminal's name and version, as it answered XTVERSION (sanitized), e.g.
    /// `XTerm(379)`, `kitty(0.35.2)`, `tmux 3.3a`.
    public var terminalName: String?
    /// Whether the program runs inside tmux.
    public var insideTmux = false
    /// Inside tmux with `allow-passthrough` on: how graphics reach the outer terminal.
    /// ``sixel`` and ``kitty`` then describe the outer terminal.
    public var passthrough: TmuxPassthrough?
    /// Whether the terminal answered the probe at all.
    public var answered = false

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

    /// The most pixels a cell may have on a side: more than any font draws (a 4K screen at a
    /// large size has cells of a few dozen pixels), few enough that a picture sized from it
    /// stays a picture. A terminal's answer, or a window size in pixels, beyond it (or below one
    /// pixel) is not believed: a photo's row at a million pixels a cell asked chafa for a
    /// canvas it could not allocate, and ended the app.
    public static let largestCellPixels = 256

    /// `size` as a cell's size in pixels, when it is one (1 to ``largestCellPixels`` a side);
    /// nil for anything else.
    ///
    /// - Parameter size: a size in pixels a terminal gave, or derived from one.
    /// - Returns: the size, or nil.
    public static func plausibleCellPixelSize(_ size: Size) -> Size? {
        let sides = 1...largestCellPixels
        return sides.contains(size.width) && sides.contains(size.height) ? size : nil
    }

    /// Guesses capabilities from the environment alone: the color depth from
    /// ``ColorDepth/detect(environment:)``, pixel protocols from `chafa_term_db_detect` (chafa
    /// 1.12 recognises kitty by `TERM=xterm-kitty`, sixel terminals such as foot, mlterm and
    /// WezTerm by TERM; plain xterm gets neither). A session asks the terminal instead; this
    /// is for output that is not a session's.
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
