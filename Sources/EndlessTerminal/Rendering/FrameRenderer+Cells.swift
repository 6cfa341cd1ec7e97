extension FrameRenderer {
    /// Writes the cells of `frame` that differ from what the terminal shows: row `y` of the
    /// screen holds row `sources[y]` of `old` (after a scroll), or blanks where it is -1.
    /// Mapping rows instead of moving cells keeps a scroll from copying the whole buffer;
    /// a row whose hash and cells match its source is skipped whole.
    /// `rows` and `oldRows` are the hashes of both frames (nil for a full redraw): a row in
    /// place is skipped when the hashing pass found it unchanged, a moved row when its hash
    /// and cells equal its source's.
    /// `only` limits the diff to some rows, `skipping` leaves one out (written already).
    mutating func diffCells(
        _ frame: ScreenBuffer, against old: [Cell], sources: [Int], rows: RowHashes?, oldRows: RowHashes?,
        marks: CellMarks, only: Range<Int>? = nil, skipping: Int? = nil, into out: inout ByteWriter
    ) {
        let width = frame.size.width
        frame.cells.withUnsafeBufferPointer { new in
            old.withUnsafeBufferPointer { old in
                for y in only ?? 0..<frame.size.height where y != skipping {
                    let source = sources[y]
                    let row = y * width
                    // Covered cells are never written, so only forced cells keep a row that
                    // did not change from being skipped.
                    if marks.row(y) & (CellMarks.forced | CellMarks.repaint) == 0 {
                        if source == y, let rows, rows.unchanged(y) { continue }
                        // A moved row the hashing pass found equal to its source is not
                        // compared again (a held key's rows, every frame).
                        if source >= 0, source != y, let rows, let oldRows, rows.hashes[y] == oldRows.hashes[source],
                            rows.copies(y, from: source) || CellComparison.firstDifference(new, row, old, source * width, count: width) == nil
                        {
                            continue
                        }
                        if source < 0, Self.plainBlank(new, row, count: width) { continue }
                    }
                    // A row in place is looked at from where the hashing pass found the
                    // first change, unless cells before it must be written anyway.
                    var start = 0
                    if source == y, let rows, marks.row(y) & (CellMarks.forced | CellMarks.repaint) == 0 {
                        start = min(rows.firstChange[y], width - 1)
                    }
                    diffRow(y, from: start, new: new, old: old, source: source, width: width, marks: marks, into: &out)
                }
            }
        }
        // Nothing written after (a scroll, a picture, the next frame) may land in a link.
        setLink(nil, into: &out)
    }

    /// Starts the link `target` (ends the one open, if another), or ends it (nil).
    mutating func setLink(_ target: String?, into out: inout ByteWriter) {
        guard openLink != target else { return }
        out.append(utf8: Hyperlink.sequence(target))
        openLink = target
    }

    /// The link `cell` is written in: its target, when links are shown.
    private func link(of cell: Cell) -> String? {
        guard hyperlinks else { return nil }
        let id = Int(cell.linkID)
        return id > 0 && id <= linkTargets.count ? linkTargets[id - 1] : nil
    }

    /// Writes what changed in row `y`, looking only at the columns from `start` (those
    /// before it are known to be unchanged).
    private mutating func diffRow(
        _ y: Int, from start: Int, new: UnsafeBufferPointer<Cell>, old: UnsafeBufferPointer<Cell>, source: Int, width: Int, marks: CellMarks,
        into out: inout ByteWriter
    ) {
        let row = y * width
        let oldRow = source * width
        let repaintAll = marks.row(y) & CellMarks.repaint != 0
        let hasCellMarks = marks.row(y) & (CellMarks.covered | CellMarks.forced) != 0
        func covered(_ x: Int) -> Bool { hasCellMarks && marks.cell(row + x) & CellMarks.covered != 0 }
        func changed(_ x: Int) -> Bool {
            if hasCellMarks {
                let mark = marks.cell(row + x)
                if mark & CellMarks.covered != 0 { return false }
                if mark & CellMarks.forced != 0 { return true }
            }
            if repaintAll { return true }
            return source >= 0 ? new[row + x] != old[oldRow + x] : !new[row + x].isPlainBlank
        }
        // The blank tail that one EL can paint, with the background it should have: spaces of
        // one style (compared packed, the cheap test) that an erase draws.
        var tailStart = width
        let tailStyle = eraseStyle(new[row + width - 1])
        if tailStyle != nil {
            let packed = new[row + width - 1].packedStyle
            tailStart = width - 1
            // A tail reaching left of `start` covers all that may have changed.
            while tailStart > start, new[row + tailStart - 1].isBlank, new[row + tailStart - 1].packedStyle == packed, !covered(tailStart - 1) {
                tailStart -= 1
            }
            if covered(width - 1) { tailStart = width }
        }
        // Compared with what the terminal shows and nothing else to decide: runs of
        // unchanged cells are skipped a block at a time.
        let comparedOnly = source >= 0 && !hasCellMarks && !repaintAll
        var x = start
        while x < width {
            // On to the next cell to write.
            if comparedOnly {
                x = CellComparison.nextDifference(new, row: row, old, row: oldRow, from: x, width: width)
            } else {
                while x < width && !changed(x) { x += 1 }
            }
            guard x < width else { break }
            var target = x
            if new[row + x].isContinuation && x > 0 { target = x - 1 }
            if let tailStyle, target >= tailStart, worthErasing(from: target, to: width, style: tailStyle, changed: changed) {
                moveCursor(to: Point(x: target, y: y), row: row, cells: new, marks: marks, into: &out)
                setLink(nil, into: &out)
                setPen(tailStyle, into: &out)
                out.append("\u{1B}[K")
                break
            }
            if new[row + target].isBlank, !covered(target), let style = eraseStyle(new[row + target]) {
                let packed = new[row + target].packedStyle
                var end = target + 1
                while end < tailStart, new[row + end].isBlank, new[row + end].packedStyle == packed, !covered(end) { end += 1 }
                // ECH costs about as much as eight spaces once the move after it is counted.
                if end - target > 8 {
                    moveCursor(to: Point(x: target, y: y), row: row, cells: new, marks: marks, into: &out)
                    setLink(nil, into: &out)
                    setPen(style, into: &out)
                    out.csi()
                    out.appendDecimal(end - target)
                    out.append(0x58)
                    x = end
                    continue
                }
            }
            moveCursor(to: Point(x: target, y: y), row: row, cells: new, marks: marks, into: &out)
            let cell = new[row + target]
            writeCell(cell, at: Point(x: target, y: y), rowWidth: width, into: &out)
            x = target + max(1, Int(cell.width))
        }
    }

    private static func plainBlank(_ cells: UnsafeBufferPointer<Cell>, _ start: Int, count: Int) -> Bool {
        for index in start..<(start + count) where !cells[index].isPlainBlank { return false }
        return true
    }

    /// The style an erase (EL, ECH) gives a cell, if erasing draws `cell`: a space whose
    /// look is its background alone (reverse and underline would show).
    func eraseStyle(_ cell: Cell) -> Style? {
        guard cell.isBlank, cell.style.attributes.intersection([.reverse, .underline]).isEmpty else { return nil }
        return Style(background: colorDepth.downsample(cell.style.background))
    }

    /// Whether erasing to the end of the row beats writing the changed blanks one by one.
    private func worthErasing(from start: Int, to width: Int, style: Style, changed: (Int) -> Bool) -> Bool {
        var count = 0
        for x in start..<width where changed(x) {
            count += 1
            if count >= 3 { return true }
        }
        return pen != style ? count >= 2 : false
    }

    /// Moves the cursor, or rewrites the unchanged cells in between when that is cheaper.
    private mutating func moveCursor(
        to target: Point, row: Int, cells: UnsafeBufferPointer<Cell>, marks: CellMarks, into out: inout ByteWriter
    ) {
        // Where the last cell left it, most often: a row's changed cells are written one by one.
        if cursor == target { return }
        if let cursor, cursor.y == target.y, cursor.x < target.x, target.x - cursor.x <= 8 {
            let moveCost = CursorMotion.cost(from: cursor, to: target)
            var rewriteCost = 0
            var possible = true
            for x in cursor.x..<target.x {
                let cell = cells[row + x]
                let bytes = cell.key.byteCount
                if cell.width != 1 || bytes == 0 || marks.cell(row + x) & CellMarks.covered != 0
                    || (cell.packedStyle != penSource && effective(cell.style) != pen)
                    || link(of: cell) != openLink
                {
                    possible = false
                    break
                }
                rewriteCost += bytes
            }
            if possible && rewriteCost <= moveCost {
                for x in cursor.x..<target.x { _ = cells[row + x].key.appendBytes(to: &out.bytes) }
                self.cursor = target
                return
            }
        }
        CursorMotion.append(from: cursor, to: target, into: &out)
        cursor = target
    }

    private mutating func writeCell(_ cell: Cell, at point: Point, rowWidth: Int, into out: inout ByteWriter) {
        setLink(link(of: cell), into: &out)
        // A run of cells in one style (most of a row) is told from the first by the packed
        // style alone, without unpacking and downsampling it again.
        if penSource != cell.packedStyle {
            setPen(effective(cell.style), into: &out)
            penSource = cell.packedStyle
        }
        if !cell.key.appendBytes(to: &out.bytes) { out.append(utf8: cell.grapheme) }
        let next = point.x + Int(cell.width)
        // At the right edge the cursor's position depends on the terminal's wrap handling
        // (unless wrapping is off), and emoji widths differ between terminals.
        if cell.key.hasUncertainWidth {
            cursor = nil
        } else if next >= rowWidth {
            cursor = autowrapDisabled ? Point(x: rowWidth - 1, y: point.y) : nil
        } else {
            cursor = Point(x: next, y: point.y)
        }
    }

    mutating func setPen(_ style: Style, into out: inout ByteWriter) {
        if pen == style { return }
        SGR.append(from: pen, to: style, into: &out)
        pen = style
    }

    func effective(_ style: Style) -> Style {
        if colorDepth == .trueColor { return style }
        var downsampled = style
        downsampled.foreground = colorDepth.downsample(style.foreground)
        downsampled.background = colorDepth.downsample(style.background)
        return downsampled
    }
}
