import EndlessTerminal

/// Rows of different heights: a photo's row is as tall as its aspect ratio asks.
///
/// The list position stays an item index (the first item shown), as in ratatui's list, so
/// nothing needs the heights of rows off screen: each frame walks the rows from the offset
/// until the area is full. Only whole rows are drawn.
extension ListView {
    /// Draws the visible rows and the scrollbar, after adjusting `state` so the selection is
    /// visible, for rows whose heights vary.
    ///
    /// - Parameters:
    ///   - buffer: the frame.
    ///   - rect: the list's area.
    ///   - state: the list position, adjusted in place.
    ///   - rowHeight: lines of the row at an index (at least 1; a row taller than the area is
    ///     drawn cut to it).
    ///   - row: draws one item: its index, its rectangle, whether it is selected, and the frame.
    /// - Returns: every row drawn, with its rectangle, top to bottom.
    @discardableResult
    public func draw(
        into buffer: inout ScreenBuffer, in rect: Rect, state: inout ListState, rowHeight: (Int) -> Int,
        row: (_ index: Int, _ rect: Rect, _ isSelected: Bool, _ buffer: inout ScreenBuffer) -> Void
    ) -> [(index: Int, rect: Rect)] {
        let rows = layOut(in: rect, state: &state, rowHeight: rowHeight)
        for (index, rowRect) in rows { row(index, rowRect, index == state.selection, &buffer) }
        finish(rows, in: rect, state: state, into: &buffer)
        return rows
    }

    /// The rows ``draw(into:in:state:rowHeight:row:)`` draws, top to bottom, after adjusting
    /// `state` so the selection is visible: for a caller that draws them itself (with no
    /// closure called per row), then calls ``finish(_:in:state:into:)``.
    ///
    /// - Parameters:
    ///   - rect: the list's area.
    ///   - state: the list position, adjusted in place.
    ///   - rowHeight: lines of the row at an index (at least 1; a row taller than the area is
    ///     drawn cut to it).
    /// - Returns: every row to draw, with its rectangle, top to bottom.
    public func layOut(in rect: Rect, state: inout ListState, rowHeight: (Int) -> Int) -> [(index: Int, rect: Rect)] {
        let tallest = max(1, rect.height)
        func height(_ index: Int) -> Int { min(max(1, rowHeight(index)), tallest) }
        state.ensureSelectionVisible(itemCount: itemCount, height: rect.height, rowHeight: height)
        let scrollbar = showsScrollbar && rect.width > 1
        let content = Rect(x: rect.x, y: rect.y, width: rect.width - (scrollbar ? 1 : 0), height: rect.height)
        var rows: [(index: Int, rect: Rect)] = []
        var y = content.y
        var index = state.offset
        while index < itemCount {
            let lines = height(index)
            guard y + lines <= content.maxY else { break }
            rows.append((index, Rect(x: content.x, y: y, width: content.width, height: lines)))
            y += lines
            index += 1
        }
        return rows
    }

    /// Draws the selected row's highlight and the scrollbar over `rows`, once they are drawn.
    ///
    /// - Parameters:
    ///   - rows: the rows ``layOut(in:state:rowHeight:)`` gave.
    ///   - rect: the list's area, as laid out.
    ///   - state: the list position, as laid out.
    ///   - buffer: the frame.
    public func finish(_ rows: [(index: Int, rect: Rect)], in rect: Rect, state: ListState, into buffer: inout ScreenBuffer) {
        for (index, rowRect) in rows where index == state.selection { applyHighlight(to: rowRect, in: &buffer) }
        if showsScrollbar && rect.width > 1 {
            drawScrollbar(
                into: &buffer, column: rect.maxX - 1, top: rect.y, height: rect.height, offset: state.offset,
                visibleItems: rows.count)
        }
    }
}

extension ListState {
    /// Adjusts the offset so the selection (and `margin` items around it) is on screen, for
    /// rows of different heights, and so that no blank space is left below the last item.
    ///
    /// - Parameters:
    ///   - itemCount: items in the list.
    ///   - height: lines available.
    ///   - rowHeight: lines of the row at an index (at least 1).
    public mutating func ensureSelectionVisible(itemCount: Int, height: Int, rowHeight: (Int) -> Int) {
        guard itemCount > 0, height > 0 else {
            offset = 0
            return
        }
        if let selected = selection { selection = min(max(0, selected), itemCount - 1) }
        // The lowest offset from which the rest of the list still fills the area.
        var lastOffset = itemCount
        var filled = 0
        while lastOffset > 0, filled + rowHeight(lastOffset - 1) <= height {
            filled += rowHeight(lastOffset - 1)
            lastOffset -= 1
        }
        lastOffset = min(lastOffset, itemCount - 1)
        guard let selected = selection else {
            offset = min(max(0, offset), lastOffset)
            return
        }
        let margin = min(self.margin, max(0, (height / max(1, rowHeight(selected)) - 1) / 2))
        if selected - margin < offset { offset = max(0, selected - margin) }
        // Move down until every row from the offset to the margin below the selection fits.
        let bottom = min(selected + margin, itemCount - 1)
        while offset < selected {
            var lines = 0
            for index in offset...bottom { lines += rowHeight(index) }
            if lines <= height { break }
            offset += 1
        }
        offset = min(max(0, offset), lastOffset)
    }
}
