/// A terminal color, from the terminal's own default to 24-bit RGB.
///
/// What reaches the terminal depends on the detected ``ColorDepth``: RGB is downsampled to the
/// 256-color palette or to the 16 ANSI colors, and dropped entirely when color is off.
public enum Color: Hashable, Sendable {
    /// The terminal's default foreground or background.
    case `default`
    /// One of the 16 ANSI colors: 0–7 normal, 8–15 bright. Themes remap these.
    case ansi(UInt8)
    /// An entry of the xterm 256-color palette.
    case indexed(UInt8)
    /// A 24-bit color.
    case rgb(UInt8, UInt8, UInt8)

    /// ANSI black.
    public static let black = Color.ansi(0)
    /// ANSI red.
    public static let red = Color.ansi(1)
    /// ANSI green.
    public static let green = Color.ansi(2)
    /// ANSI yellow.
    public static let yellow = Color.ansi(3)
    /// ANSI blue.
    public static let blue = Color.ansi(4)
    /// ANSI magenta.
    public static let magenta = Color.ansi(5)
    /// ANSI cyan.
    public static let cyan = Color.ansi(6)
    /// ANSI white (light gray on most themes).
    public static let white = Color.ansi(7)
    /// ANSI bright black (dark gray on most themes).
    public static let brightBlack = Color.ansi(8)
    /// ANSI bright white.
    public static let brightWhite = Color.ansi(15)

    /// Creates a color from a packed `0xRRGGBB` value.
    ///
    /// - Parameter packed: red in bits 16–23, green in 8–15, blue in 0–7.
    /// - Returns: the RGB color.
    public static func hex(_ packed: UInt32) -> Color {
        .rgb(UInt8(truncatingIfNeeded: packed >> 16), UInt8(truncatingIfNeeded: packed >> 8), UInt8(truncatingIfNeeded: packed))
    }
}
