import EndlessTerminal

/// A bordered panel with a title, an optional image and a key/value section: the details
/// of one item.
///
/// The image sits at the top-left; fields go to its right when there are at least 24
/// columns left, otherwise below it. Keys are dim and padded to the longest key (at most a
/// third of the width); values are truncated with `…`.
public struct DetailPanel: Sendable {
    /// One line of the key/value section.
    public struct Field: Hashable, Sendable {
        /// The label, e.g. "email".
        public var key: String
        /// The value; sanitize outside text first.
        public var value: String
        /// Where the value links to (an http, https or mailto address), shown as a hyperlink
        /// where the terminal shows them; nil for plain text.
        public var link: String?

        /// Creates a field.
        ///
        /// - Parameters:
        ///   - key: the label.
        ///   - value: the value.
        ///   - link: where the value links to; nil for none.
        public init(_ key: String, _ value: String, link: String? = nil) {
            self.key = key
            self.value = value
            self.link = link
        }
    }

    /// In the top border.
    public var title: String
    /// The key/value lines, in order.
    public var fields: [Field]
    /// A symbol image (a portrait), drawn at the top-left inside the border.
    public var image: CellImage?
    /// The border.
    public var box: Box
    /// The first field shown: the panel scrolls its fields when they do not all fit.
    public var firstField = 0

    /// Creates a panel.
    ///
    /// - Parameters:
    ///   - title: in the top border.
    ///   - fields: the key/value lines.
    ///   - image: a symbol image for the top-left.
    ///   - box: the border's look.
    public init(title: String, fields: [Field], image: CellImage? = nil, box: Box = Box()) {
        self.title = title
        self.fields = fields
        self.image = image
        self.box = box
    }

    /// Draws the panel, clearing `rect` first.
    ///
    /// - Parameters:
    ///   - buffer: the frame.
    ///   - rect: the panel's outer rectangle.
    /// - Returns: where the image was drawn (to place a sixel or kitty graphic there
    ///   instead), or nil without an image.
    @discardableResult
    public func draw(into buffer: inout ScreenBuffer, in rect: Rect) -> Rect? {
        var panelBox = box
        panelBox.title = title
        let inner = panelBox.draw(into: &buffer, in: rect).inset(horizontal: 1)
        guard !inner.isEmpty else { return nil }
        let (imageRect, fieldArea) = layout(inner: inner)
        if let image, let area = imageRect {
            buffer.draw(CellImage(size: area.size, cells: cropped(image, to: area.size)), at: Point(x: area.x, y: area.y))
        }
        drawFields(into: &buffer, in: fieldArea)
        return imageRect
    }

    /// The lines the fields get inside a panel drawn in `rect`: fewer than ``fields`` means
    /// the panel can scroll (``firstField``).
    /// - Parameter rect: the panel's outer rectangle.
    /// - Returns: the lines.
    public func fieldLines(in rect: Rect) -> Int {
        guard rect.width >= 2, rect.height >= 2 else { return 0 }
        let inner = rect.inset(horizontal: 2, vertical: 1)
        guard !inner.isEmpty else { return 0 }
        return max(0, layout(inner: inner).fields.height)
    }

    /// Where the image and the fields go inside the border.
    private func layout(inner: Rect) -> (image: Rect?, fields: Rect) {
        guard let image else { return (nil, inner) }
        let area = Rect(x: inner.x, y: inner.y, width: image.size.width, height: image.size.height).intersection(inner)
        if inner.width - area.width - 2 >= 24 {
            return (area, Rect(x: inner.x + area.width + 2, y: inner.y, width: inner.width - area.width - 2, height: inner.height))
        }
        return (area, Rect(x: inner.x, y: inner.y + area.height + 1, width: inner.width, height: max(0, inner.height - area.height - 1)))
    }

    private func drawFields(into buffer: inout ScreenBuffer, in area: Rect) {
        guard !area.isEmpty else { return }
        let keyWidth = min(fields.map { DisplayWidth.of($0.key) }.max() ?? 0, max(1, area.width / 3))
        for (line, field) in fields.dropFirst(max(0, firstField)).prefix(area.height).enumerated() {
            let y = area.y + line
            buffer.write(TextLayout.pad(field.key, toWidth: keyWidth), at: Point(x: area.x, y: y), style: .dim)
            let valueX = area.x + keyWidth + 2
            if let link = field.link {
                buffer.write(field.value, at: Point(x: valueX, y: y), maxWidth: area.maxX - valueX, ellipsis: true, link: link)
            } else {
                buffer.write(field.value, at: Point(x: valueX, y: y), maxWidth: area.maxX - valueX, ellipsis: true)
            }
        }
    }

    private func cropped(_ image: CellImage, to size: Size) -> [Cell] {
        var cells: [Cell] = []
        for y in 0..<size.height {
            for x in 0..<size.width { cells.append(image.cells[y * image.size.width + x]) }
        }
        return cells
    }
}
