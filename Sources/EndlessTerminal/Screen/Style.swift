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

extension Style {
    /// The style in 60 bits, different for different styles: colors as a 2-bit kind and 24
    /// bits of value each, then the attributes. Comparing and hashing styles by it keeps the
    /// renderer's inner loops free of enum comparisons.
    @inline(__always)
    var packed: UInt64 {
        Self.bits(foreground) | Self.bits(background) << 26 | UInt64(attributes.rawValue) << 52
    }

    /// The style a ``packed`` value holds.
    @inline(__always)
    init(packed: UInt64) {
        self.init(
            foreground: Self.color(packed & ((1 << 26) - 1)), background: Self.color(packed >> 26 & ((1 << 26) - 1)),
            attributes: TextAttributes(rawValue: UInt8(truncatingIfNeeded: packed >> 52)))
    }

    @inline(__always)
    private static func color(_ bits: UInt64) -> Color {
        switch bits >> 24 {
        case 0: return .default
        case 1: return .ansi(UInt8(truncatingIfNeeded: bits))
        case 2: return .indexed(UInt8(truncatingIfNeeded: bits))
        default: return .rgb(UInt8(truncatingIfNeeded: bits >> 16), UInt8(truncatingIfNeeded: bits >> 8), UInt8(truncatingIfNeeded: bits))
        }
    }

    @inline(__always)
    private static func bits(_ color: Color) -> UInt64 {
        switch color {
        case .default: return 0
        case .ansi(let index): return 1 << 24 | UInt64(index)
        case .indexed(let index): return 2 << 24 | UInt64(index)
        case .rgb(let r, let g, let b): return 3 << 24 | UInt64(r) << 16 | UInt64(g) << 8 | UInt64(b)
        }
    }

    /// Styles are equal when their colors and attributes are.
    @inline(__always)
    public static func == (lhs: Style, rhs: Style) -> Bool {
        lhs.packed == rhs.packed
    }

    /// Hashes the packed style.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(packed)
    }
}
