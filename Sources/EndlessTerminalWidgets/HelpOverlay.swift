import EndlessTerminal

/// A centred box listing key bindings, drawn over whatever is below it.
///
/// On a screen narrower than the box wants, labels wrap between words onto the lines below
/// their key, rather than losing their ends. On a screen too short for every line, the box
/// shows as many as fit from ``firstLine`` on, and its bottom edge says how many are above
/// and below (`↓ 8 more · ↑↓ PgUp PgDn scroll`): the app scrolls it with the move keys (see
/// ``linesShown(in:)`` and ``lineCount(in:)``).
public struct HelpOverlay: Sendable {
    /// In the top border.
    public var title: String
    /// The bindings, one per line.
    public var bindings: [KeyHint]
    /// A last line, e.g. "press ? or esc to close".
    public var footer: String?
    /// The border.
    public var box: Box
    /// The first line shown (0 for the first) when they do not all fit: a help scrolled down.
    /// Lines, not bindings: a binding whose label wraps takes more than one. Kept within what
    /// the box can show.
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
    /// each side and the border, every binding on one line.
    public var preferredSize: Size {
        let keyWidth = bindings.map { DisplayWidth.of($0.key) }.max() ?? 0
        let labelWidth = bindings.map { DisplayWidth.of($0.label) }.max() ?? 0
        var width = keyWidth + 2 + labelWidth
        width = max(width, footer.map { DisplayWidth.of($0) } ?? 0, DisplayWidth.of(title) + 4)
        let height = bindings.count + (footer == nil ? 0 : 2)
        return Size(width: width + 4, height: height + 2)
    }

    /// How many lines the bindings take when the box is drawn in `rect`: one each where the box
    /// is as wide as it wants, more where a narrower one wraps a label onto the lines below.
    /// ``firstLine`` counts these lines.
    /// - Parameter rect: the area the box is drawn in.
    public func lineCount(in rect: Rect) -> Int {
        Layout(self, in: rect).lines.count
    }

    /// How many of the bindings' lines the box shows when drawn in `rect`: all of them, or as
    /// many as fit. Fewer than ``lineCount(in:)`` means the help scrolls, by up to the
    /// difference.
    /// - Parameter rect: the area the box is drawn in.
    public func linesShown(in rect: Rect) -> Int {
        let layout = Layout(self, in: rect)
        return max(0, min(layout.lines.count, layout.outer.height - 2))
    }

    /// Draws the box centred in `rect`, clipped to it.
    ///
    /// - Parameters:
    ///   - buffer: the frame.
    ///   - rect: the area to centre in, usually the whole screen.
    public func draw(into buffer: inout ScreenBuffer, in rect: Rect) {
        let layout = Layout(self, in: rect)
        var helpBox = box
        helpBox.title = title
        let inner = helpBox.draw(into: &buffer, in: layout.outer).inset(horizontal: 1)
        guard !inner.isEmpty else { return }
        let lines = layout.lines
        let shown = min(lines.count, inner.height)
        let first = min(max(0, firstLine), lines.count - shown)
        let labelX = inner.x + layout.keyWidth + 2
        for (offset, line) in lines[first..<(first + shown)].enumerated() {
            let y = inner.y + offset
            if let key = line.key {
                buffer.write(TextLayout.pad(key, toWidth: layout.keyWidth, alignment: .trailing), at: Point(x: inner.x, y: y), style: .bold)
            }
            buffer.write(line.text, at: Point(x: labelX, y: y), maxWidth: inner.maxX - labelX, ellipsis: true)
        }
        if inner.height >= lines.count + 1 + layout.footer.count {
            for (offset, line) in layout.footer.enumerated() {
                buffer.write(line, at: Point(x: inner.x, y: inner.y + lines.count + 1 + offset), style: .dim, maxWidth: inner.width, ellipsis: true)
            }
        }
        if shown < lines.count { drawMore(above: first, below: lines.count - first - shown, into: &buffer, edge: layout.outer) }
    }

    /// Where everything goes in a box drawn in some area: its outer rectangle, the keys'
    /// column, and the lines of the bindings and of the footer, labels wrapped between words
    /// to the width left beside the keys.
    private struct Layout {
        /// One line of the bindings: a binding's key on its first line, and words of its label.
        struct Line {
            let key: String?
            let text: String
        }

        let outer: Rect
        let keyWidth: Int
        let lines: [Line]
        let footer: [String]

        init(_ help: HelpOverlay, in rect: Rect) {
            let wanted = help.preferredSize
            // As wide as it wants, or the area; as tall as its lines wrapped to that width.
            let innerWidth = max(0, min(wanted.width, rect.width) - 4)
            keyWidth = min(help.bindings.map { DisplayWidth.of($0.key) }.max() ?? 0, max(1, innerWidth / 2))
            let labelWidth = max(1, innerWidth - keyWidth - 2)
            var lines: [Line] = []
            for binding in help.bindings {
                for (index, text) in TextLayout.wrap(binding.label, toWidth: labelWidth).enumerated() {
                    lines.append(Line(key: index == 0 ? binding.key : nil, text: text))
                }
            }
            self.lines = lines
            footer = help.footer.map { TextLayout.wrap($0, toWidth: max(1, innerWidth)) } ?? []
            let height = lines.count + (footer.isEmpty ? 0 : 1 + footer.count) + 2
            outer = rect.centered(Size(width: wanted.width, height: height))
        }
    }

    /// Says in the bottom edge how many lines are out of sight, and the keys that bring
    /// them (only the count when the edge is too short for both).
    private func drawMore(above: Int, below: Int, into buffer: inout ScreenBuffer, edge outer: Rect) {
        let counts = [above > 0 ? "↑ \(above)" : nil, below > 0 ? "↓ \(below)" : nil].compactMap { $0 }.joined(separator: " ")
        let room = outer.width - 4
        let said = [" \(counts) more · ↑↓ PgUp PgDn scroll ", " \(counts) more "].first { DisplayWidth.of($0) <= room }
        guard let said else { return }
        buffer.write(said, at: Point(x: outer.maxX - 2 - DisplayWidth.of(said), y: outer.maxY - 1), style: .dim)
    }
}
