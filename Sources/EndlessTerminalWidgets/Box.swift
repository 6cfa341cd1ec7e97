import EndlessTerminal

/// A bordered box with an optional title in its top edge.
public struct Box: Sendable {
    /// The characters a border is drawn with.
    public struct Border: Hashable, Sendable {
        /// Corners and edges: top-left, top-right, bottom-left, bottom-right, horizontal, vertical.
        public var topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: Character

        /// Rounded corners: `╭─╮ │ ╰─╯`.
        public static let rounded = Border(topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│")
        /// Square corners: `┌─┐ │ └─┘`.
        public static let square = Border(topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│")
        /// ASCII only, for terminals without box drawing: `+-+ | +-+`.
        public static let ascii = Border(topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|")
    }

    /// Shown in the top edge, truncated to fit.
    public var title: String?
    /// The border's style.
    public var style: Style
    /// The title's style.
    public var titleStyle: Style
    /// The border characters.
    public var border: Border

    /// Creates a box.
    ///
    /// - Parameters:
    ///   - title: shown in the top edge.
    ///   - style: the border's style.
    ///   - titleStyle: the title's style.
    ///   - border: the border characters.
    public init(title: String? = nil, style: Style = .plain, titleStyle: Style = .bold, border: Border = .rounded) {
        self.title = title
        self.style = style
        self.titleStyle = titleStyle
        self.border = border
    }

    /// Clears `rect`, draws the border and title, and returns the inside.
    ///
    /// - Parameters:
    ///   - buffer: the frame.
    ///   - rect: the box's outer rectangle.
    /// - Returns: the area inside the border (empty if the box is smaller than 3×3).
    @discardableResult
    public func draw(into buffer: inout ScreenBuffer, in rect: Rect) -> Rect {
        guard rect.width >= 2, rect.height >= 2 else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        buffer.fill(rect, style: Style(background: style.background))
        let horizontal = String(repeating: border.horizontal, count: rect.width - 2)
        buffer.write(String(border.topLeft) + horizontal + String(border.topRight), at: Point(x: rect.x, y: rect.y), style: style)
        buffer.write(
            String(border.bottomLeft) + horizontal + String(border.bottomRight), at: Point(x: rect.x, y: rect.maxY - 1), style: style)
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            buffer.write(String(border.vertical), at: Point(x: rect.x, y: y), style: style)
            buffer.write(String(border.vertical), at: Point(x: rect.maxX - 1, y: y), style: style)
        }
        if let title, !title.isEmpty, rect.width > 6 {
            let text = " " + TextLayout.truncate(title, toWidth: rect.width - 6) + " "
            buffer.write(text, at: Point(x: rect.x + 2, y: rect.y), style: titleStyle)
        }
        return rect.inset(horizontal: 1, vertical: 1)
    }
}
