import EndlessTerminal

/// A centred box listing key bindings, drawn over whatever is below it.
///
/// On a screen too short for every binding, the box shows as many as fit from ``firstLine``
/// on, and its bottom edge says how many are above and below (`↓ 8 more · ↑↓ PgUp PgDn
/// scroll`): the app scrolls it with the move keys (see ``linesShown(in:)``).
public struct HelpOverlay: Sendable {
    /// In the top border.
    public var title: String
    /// The bindings, one per line.
    public var bindings: [KeyHint]
    /// A last line, e.g. "press ? or esc to close".
    public var footer: String?
    /// The border.
    public var box: Box
    /// The first binding shown (0 for the first) when they do not all fit: a help scrolled
    /// down. Kept within what the box can show.
    public var firstLine = 0

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

    /// How many bindings the box shows when drawn in `rect`: all of them, or as many as fit.
    /// Fewer than ``bindings`` means the help scrolls, by up to the difference.
    /// - Parameter rect: the area the box is drawn in.
    public func linesShown(in rect: Rect) -> Int {
        max(0, min(bindings.count, rect.centered(preferredSize).height - 2))
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
        let shown = min(bindings.count, inner.height)
        let first = min(max(0, firstLine), bindings.count - shown)
        for (line, binding) in bindings[first..<(first + shown)].enumerated() {
            let y = inner.y + line
            buffer.write(TextLayout.pad(binding.key, toWidth: keyWidth, alignment: .trailing), at: Point(x: inner.x, y: y), style: .bold)
            let labelX = inner.x + keyWidth + 2
            buffer.write(binding.label, at: Point(x: labelX, y: y), maxWidth: inner.maxX - labelX, ellipsis: true)
        }
        if let footer, inner.height >= bindings.count + 2 {
            buffer.write(footer, at: Point(x: inner.x, y: inner.y + bindings.count + 1), style: .dim, maxWidth: inner.width, ellipsis: true)
        }
        if shown < bindings.count { drawMore(above: first, below: bindings.count - first - shown, into: &buffer, edge: outer) }
    }

    /// Says in the bottom edge how many bindings are out of sight, and the keys that bring
    /// them (only the count when the edge is too short for both).
    private func drawMore(above: Int, below: Int, into buffer: inout ScreenBuffer, edge outer: Rect) {
        let counts = [above > 0 ? "↑ \(above)" : nil, below > 0 ? "↓ \(below)" : nil].compactMap { $0 }.joined(separator: " ")
        let room = outer.width - 4
        let said = [" \(counts) more · ↑↓ PgUp PgDn scroll ", " \(counts) more "].first { DisplayWidth.of($0) <= room }
        guard let said else { return }
        buffer.write(said, at: Point(x: outer.maxX - 2 - DisplayWidth.of(said), y: outer.maxY - 1), style: .dim)
    }
}
