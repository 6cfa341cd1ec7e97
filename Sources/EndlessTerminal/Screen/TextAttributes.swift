/// Text attributes a cell can carry.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    /// The bits, one per attribute.
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
