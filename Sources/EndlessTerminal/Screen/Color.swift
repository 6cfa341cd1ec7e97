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

/// Text attributes a cell can carry.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    /// Creates attributes from their raw bits.
    ///
    /// - Parameter rawValue: the bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold (or bright) text.
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Dim (faint) text.
    public static let dim = TextAttributes(rawValue: 1 << 1)
    /// Italic text.
    public static let italic = TextAttributes(rawValue: 1 << 2)
    /// Underlined text.
    public static let underline = TextAttributes(rawValue: 1 << 3)
    /// Foreground and background swapped: visible even when color is off.
    public static let reverse = TextAttributes(rawValue: 1 << 4)
}

/// How a cell looks: colors and attributes.
public struct Style: Hashable, Sendable {
    /// The text color.
    public var foreground: Color
    /// The cell's background color.
    public var background: Color
    /// Bold, dim, italic, underline, reverse.
    public var attributes: TextAttributes

    /// Creates a style.
    ///
    /// - Parameters:
    ///   - foreground: the text color.
    ///   - background: the background color.
    ///   - attributes: text attributes.
    public init(foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default look.
    public static let plain = Style()
    /// Plain bold text.
    public static let bold = Style(attributes: .bold)
    /// Plain dim text.
    public static let dim = Style(attributes: .dim)
    /// Reverse video, the color-independent highlight.
    public static let reverse = Style(attributes: .reverse)

    /// This style with `attributes` added.
    ///
    /// - Parameter attributes: attributes to add.
    /// - Returns: the new style.
    public func adding(_ attributes: TextAttributes) -> Style {
        var copy = self
        copy.attributes.formUnion(attributes)
        return copy
    }

    /// This style with another foreground.
    ///
    /// - Parameter color: the text color.
    /// - Returns: the new style.
    public func foreground(_ color: Color) -> Style {
        var copy = self
        copy.foreground = color
        return copy
    }

    /// This style with another background.
    ///
    /// - Parameter color: the background color.
    /// - Returns: the new style.
    public func background(_ color: Color) -> Style {
        var copy = self
        copy.background = color
        return copy
    }
}
