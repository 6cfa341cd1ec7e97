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
