import EndlessTerminal

/// A virtualized list: rows of a fixed height, of which only the visible ones are built.
///
/// The app keeps a ``ListState``; each frame the list adjusts it so the selection is visible,
/// calls the row closure for visible items only, highlights the selected row and draws a
/// scrollbar. It returns the visible range, which is what an endless feed needs to know
/// (`itemAppeared`) and what to prefetch images for.
///
/// ```swift
/// let list = ListView(itemCount: people.count, rowHeight: 3)
/// let visible = list.draw(into: &frame, in: area, state: &listState) { index, rect, selected, frame in
///     frame.write(people[index].name, at: Point(x: rect.x + 7, y: rect.y), style: .bold)
/// }
/// ```
public struct ListView: Sendable {
    /// How the selected row stands out.
    public enum Highlight: Hashable, Sendable {
        /// Not at all.
        case none
        /// Cells with the default background get this one (images keep theirs).
        case background(Color)
        /// Reverse video over the text cells: visible even with no color.
        case reverse
    }

    /// Items in the list.
    public var itemCount: Int
    /// Lines per item.
    public var rowHeight: Int
    /// Reserve the right column for a scrollbar.
    public var showsScrollbar: Bool
    /// How the selected row stands out.
    public var highlight: Highlight
    /// The scrollbar track's style and character.
    public var trackStyle: Style = .dim
    /// The scrollbar thumb's style.
    public var thumbStyle: Style = .plain

    /// Creates a list.
    ///
    /// - Parameters:
    ///   - itemCount: items in the list.
    ///   - rowHeight: lines per item (at least 1).
    ///   - showsScrollbar: reserve the right column for a scrollbar.
    ///   - highlight: how the selected row stands out.
    public init(itemCount: Int, rowHeight: Int = 1, showsScrollbar: Bool = true, highlight: Highlight = .background(.indexed(237))) {
        self.itemCount = max(0, itemCount)
        self.rowHeight = max(1, rowHeight)
        self.showsScrollbar = showsScrollbar
        self.highlight = highlight
    }

    /// Whole items that fit in `height` lines.
    ///
    /// - Parameter height: lines available.
    /// - Returns: the item count.
    public func visibleItemCount(height: Int) -> Int {
        max(0, height / rowHeight)
    }

    /// The items on screen for a state and a height, without drawing.
    ///
    /// - Parameters:
    ///   - state: the list position.
    ///   - height: lines available.
    /// - Returns: the indices shown.
    public func visibleRange(state: ListState, height: Int) -> Range<Int> {
        let start = min(state.offset, itemCount)
        return start..<min(itemCount, start + visibleItemCount(height: height))
    }

    /// The item under a point (a mouse click), if any.
    ///
    /// - Parameters:
    ///   - point: the cell.
    ///   - rect: where the list was drawn.
    ///   - state: the list position it was drawn with.
    /// - Returns: the item index, or nil outside the items.
    public func item(at point: Point, in rect: Rect, state: ListState) -> Int? {
        guard rect.contains(point) else { return nil }
        let index = state.offset + (point.y - rect.y) / rowHeight
        return visibleRange(state: state, height: rect.height).contains(index) ? index : nil
    }

    /// Draws the visible rows and the scrollbar, after adjusting `state` so the selection
    /// is visible.
    ///
    /// - Parameters:
    ///   - buffer: the frame.
    ///   - rect: the list's area.
    ///   - state: the list position, adjusted in place.
    ///   - row: draws one item: its index, its rectangle (`rowHeight` lines, scrollbar column
    ///     excluded), whether it is selected, and the frame. Called for visible items only.
    /// - Returns: the visible item indices.
    @discardableResult
    public func draw(
        into buffer: inout ScreenBuffer, in rect: Rect, state: inout ListState,
        row: (_ index: Int, _ rect: Rect, _ isSelected: Bool, _ buffer: inout ScreenBuffer) -> Void
    ) -> Range<Int> {
        let visibleItems = visibleItemCount(height: rect.height)
        state.ensureSelectionVisible(itemCount: itemCount, visibleItems: visibleItems)
        let scrollbar = showsScrollbar && rect.width > 1
        let content = Rect(x: rect.x, y: rect.y, width: rect.width - (scrollbar ? 1 : 0), height: rect.height)
        let range = visibleRange(state: state, height: rect.height)
        for index in range {
            let rowRect = Rect(x: content.x, y: content.y + (index - state.offset) * rowHeight, width: content.width, height: rowHeight)
            let selected = index == state.selection
            row(index, rowRect, selected, &buffer)
            if selected { applyHighlight(to: rowRect, in: &buffer) }
        }
        if scrollbar {
            drawScrollbar(into: &buffer, column: rect.maxX - 1, top: rect.y, height: rect.height, offset: state.offset, visibleItems: visibleItems)
        }
        return range
    }

    func applyHighlight(to rect: Rect, in buffer: inout ScreenBuffer) {
        switch highlight {
        case .none:
            break
        case .background(let color):
            buffer.restyle(rect) { style in
                if style.background == .default { style.background = color }
            }
        case .reverse:
            buffer.restyle(rect) { style in
                if style.background == .default { style.attributes.insert(.reverse) }
            }
        }
    }

    func drawScrollbar(into buffer: inout ScreenBuffer, column: Int, top: Int, height: Int, offset: Int, visibleItems: Int) {
        guard height > 0 else { return }
        guard itemCount > visibleItems, visibleItems > 0 else {
            buffer.fill(Rect(x: column, y: top, width: 1, height: height))
            return
        }
        let thumb = max(1, height * visibleItems / itemCount)
        let scrollable = itemCount - visibleItems
        let position = (height - thumb) * min(offset, scrollable) / scrollable
        // Two cells made once, not a glyph measured on every line of every frame.
        let thumbCell = Cell("┃", style: thumbStyle)
        let trackCell = Cell("│", style: trackStyle)
        for line in 0..<height {
            let isThumb = line >= position && line < position + thumb
            buffer.set(isThumb ? thumbCell : trackCell, at: Point(x: column, y: top + line))
        }
    }
}
