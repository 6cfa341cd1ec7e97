import EndlessTerminal

/// A centred box listing key bindings, drawn over whatever is below it.
public struct HelpOverlay: Sendable {
    /// In the top border.
    public var title: String
    /// The bindings, one per line.
    public var bindings: [KeyHint]
    /// A last line, e.g. "press ? or esc to close".
    public var footer: String?
    /// The border.
    public var box: Box

    /// Creates an overlay.
    ///
    /// - Parameters:
    ///   - title: in the top border.
    ///   - bindings: the bindings.
    ///   - footer: a dim last line.
    ///   - box: the border's look.
    public init(title: String = "Keys", bindings: [KeyHint], footer: String? = nil, box: Box = Box()) {
        self.title = title
        self.bindings = bindings
        self.footer = footer
        self.box = box
    }

    /// The outer size the box wants: keys column, two spaces, labels, a space of padding on
    /// each side and the border.
    public var preferredSize: Size {
        let keyWidth = bindings.map { DisplayWidth.of($0.key) }.max() ?? 0
        let labelWidth = bindings.map { DisplayWidth.of($0.label) }.max() ?? 0
        var width = keyWidth + 2 + labelWidth
        width = max(width, footer.map { DisplayWidth.of($0) } ?? 0, DisplayWidth.of(title) + 4)
        let height = bindings.count + (footer == nil ? 0 : 2)
        return Size(width: width + 4, height: height + 2)
    }

    /// Draws the box centred in `rect`, clipped to it.
    ///
    /// - Parameters:
    ///   - buffer: the frame.
    ///   - rect: the area to centre in, usually the whole screen.
    public func draw(into buffer: inout ScreenBuffer, in rect: Rect) {
        let outer = rect.centered(preferredSize)
        var helpBox = box
        helpBox.title = title
        let inner = helpBox.draw(into: &buffer, in: outer).inset(horizontal: 1)
        guard !inner.isEmpty else { return }
        let keyWidth = min(bindings.map { DisplayWidth.of($0.key) }.max() ?? 0, max(1, inner.width / 2))
        for (line, binding) in bindings.prefix(inner.height).enumerated() {
            let y = inner.y + line
            buffer.write(TextLayout.pad(binding.key, toWidth: keyWidth, alignment: .trailing), at: Point(x: inner.x, y: y), style: .bold)
            let labelX = inner.x + keyWidth + 2
            buffer.write(binding.label, at: Point(x: labelX, y: y), maxWidth: inner.maxX - labelX, ellipsis: true)
        }
        if let footer, inner.height >= bindings.count + 2 {
            buffer.write(footer, at: Point(x: inner.x, y: inner.y + bindings.count + 1), style: .dim, maxWidth: inner.width, ellipsis: true)
        }
    }
}
