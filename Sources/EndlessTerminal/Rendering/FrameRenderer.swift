/// Turns frames into the bytes that bring the terminal from the last frame to the new one.
///
/// Each frame is compared cell by cell with the previous one and only changed cells are
/// written, with the cheapest cursor moves (relative or absolute, or rewriting a short run
/// of unchanged cells when that is shorter than a move) and the shortest SGR changes; a blank
/// tail of a row is erased with `ESC[K`; rows that moved as a block are scrolled by the
/// terminal. The output is wrapped in synchronized output (mode 2026), so the terminal shows
/// whole frames. Pixel graphics are opaque: written once, again only when they change.
///
/// ```swift
/// var renderer = FrameRenderer(colorDepth: .trueColor)
/// let bytes = renderer.render(frame)   // full redraw the first time, a diff afterwards
/// ```
public struct FrameRenderer: Sendable {
    /// Colors are downsampled to this depth.
    public var colorDepth: ColorDepth
    /// Wraps each frame in `ESC[?2026h` … `ESC[?2026l`.
    public var synchronizedOutput: Bool
    /// Lets the terminal scroll rows that moved as a block.
    public var scrollOptimization: Bool

    /// The frame the terminal shows, as far as the renderer knows; nil forces a full redraw.
    public private(set) var previous: ScreenBuffer?
    /// Where the terminal's cursor is, or nil when unknown.
    var cursor: Point?
    /// The terminal's current SGR state, or nil when unknown.
    var pen: Style?
    /// Whether kitty images may be on screen (they survive a clear and need deleting).
    var kittyImagesShown = false
    /// Row hashes of ``previous``, kept so each frame is hashed once for scroll detection.
    var previousRowHashes: [UInt64]?

    /// Creates a renderer; its first frame is a full redraw.
    ///
    /// - Parameters:
    ///   - colorDepth: the colors the terminal shows.
    ///   - synchronizedOutput: wrap frames in mode 2026.
    ///   - scrollOptimization: scroll moved blocks of rows instead of rewriting them.
    public init(colorDepth: ColorDepth, synchronizedOutput: Bool = true, scrollOptimization: Bool = true) {
        self.colorDepth = colorDepth
        self.synchronizedOutput = synchronizedOutput
        self.scrollOptimization = scrollOptimization
    }

    /// Forgets what the terminal shows, so the next frame is a full redraw: after a resize,
    /// a resume from Ctrl-Z, or anything else that may have disturbed the screen.
    public mutating func invalidate() {
        previous = nil
        previousRowHashes = nil
        cursor = nil
        pen = nil
    }

    /// The bytes that turn the terminal's screen into `frame`: a diff against the previous
    /// frame, or a full redraw when there is none or its size differs. Empty when nothing
    /// changed.
    ///
    /// - Parameter frame: the new frame.
    /// - Returns: bytes to write to the terminal.
    public mutating func render(_ frame: ScreenBuffer) -> [UInt8] {
        guard let old = previous, old.size == frame.size else { return renderFull(frame) }
        var out = ByteWriter()
        beginFrame(&out)
        let start = out.count

        let removed = old.graphics.filter { !frame.graphics.contains($0) }
        var forced: [Bool]?
        if !removed.isEmpty {
            var marks = [Bool](repeating: false, count: frame.size.area)
            for placement in removed {
                if placement.graphic.kind == .kitty { deleteKittyPlacement(at: placement.rect, into: &out) }
                for y in placement.rect.y..<placement.rect.maxY {
                    for x in placement.rect.x..<placement.rect.maxX { marks[y * frame.size.width + x] = true }
                }
            }
            forced = marks
        }
        var sources = Array(0..<frame.size.height)
        if scrollOptimization, old.graphics.isEmpty, frame.graphics.isEmpty {
            let newHashes = ScrollMove.rowHashes(frame)
            let oldHashes = previousRowHashes ?? ScrollMove.rowHashes(old)
            previousRowHashes = newHashes
            if let move = ScrollMove.detect(oldHashes: oldHashes, newHashes: newHashes) {
                emitScroll(move, size: frame.size, into: &out)
                sources = move.rowSources(height: frame.size.height)
            }
        } else {
            previousRowHashes = nil
        }
        diffCells(frame, against: old.cells, sources: sources, forced: forced, into: &out)
        for placement in frame.graphics where !old.graphics.contains(placement) {
            drawGraphic(placement, into: &out)
        }

        previous = frame
        if out.count == start { return [] }
        endFrame(&out)
        return out.bytes
    }

    /// The bytes of a full redraw of `frame`: reset, clear the screen, write every cell that
    /// is not a plain blank, draw every graphic.
    ///
    /// - Parameter frame: the frame.
    /// - Returns: bytes to write to the terminal.
    public mutating func renderFull(_ frame: ScreenBuffer) -> [UInt8] {
        var out = ByteWriter()
        beginFrame(&out)
        if kittyImagesShown {
            out.append("\u{1B}_Ga=d\u{1B}\\")
            kittyImagesShown = false
        }
        out.append("\u{1B}[m\u{1B}[H\u{1B}[2J")
        pen = .plain
        cursor = .zero
        let cleared = [Int](repeating: -1, count: frame.size.height)
        diffCells(frame, against: [], sources: cleared, forced: nil, into: &out)
        for placement in frame.graphics { drawGraphic(placement, into: &out) }
        endFrame(&out)
        previous = frame
        previousRowHashes = nil
        return out.bytes
    }

    // MARK: - Frame wrapping

    private func beginFrame(_ out: inout ByteWriter) {
        if synchronizedOutput { out.append("\u{1B}[?2026h") }
    }

    private func endFrame(_ out: inout ByteWriter) {
        if synchronizedOutput { out.append("\u{1B}[?2026l") }
    }

    // MARK: - Cells

    /// Writes the cells of `frame` that differ from what the terminal shows: row `y` of the
    /// screen holds row `sources[y]` of `old` (after a scroll), or blanks where it is -1.
    /// Mapping rows instead of moving cells keeps a scroll from copying the whole buffer.
    private mutating func diffCells(
        _ frame: ScreenBuffer, against old: [Cell], sources: [Int], forced: [Bool]?, into out: inout ByteWriter
    ) {
        let width = frame.size.width
        let newCells = frame.cells
        for y in 0..<frame.size.height {
            let row = y * width
            let source = sources[y]
            let oldRow = source * width
            if forced == nil {
                let unchanged =
                    source >= 0
                    ? newCells[row..<(row + width)].elementsEqual(old[oldRow..<(oldRow + width)])
                    : newCells[row..<(row + width)].allSatisfy(\.isPlainBlank)
                if unchanged { continue }
            }
            func changed(_ x: Int) -> Bool {
                if let forced, forced[row + x] { return true }
                return source >= 0 ? newCells[row + x] != old[oldRow + x] : !newCells[row + x].isPlainBlank
            }
            var blankTail = width
            while blankTail > 0 && newCells[row + blankTail - 1].isPlainBlank { blankTail -= 1 }
            var x = 0
            while x < width {
                guard changed(x) else {
                    x += 1
                    continue
                }
                var target = x
                if newCells[row + x].isContinuation && x > 0 { target = x - 1 }
                if target >= blankTail && worthErasing(from: target, width: width, changed: changed) {
                    moveCursor(to: Point(x: target, y: y), row: row, cells: newCells, into: &out)
                    setPen(.plain, into: &out)
                    out.append("\u{1B}[K")
                    break
                }
                moveCursor(to: Point(x: target, y: y), row: row, cells: newCells, into: &out)
                let cell = newCells[row + target]
                writeCell(cell, at: Point(x: target, y: y), rowWidth: width, into: &out)
                x = target + max(1, Int(cell.width))
            }
        }
    }

    /// Whether erasing to the end of the row beats writing the changed blanks one by one.
    private func worthErasing(from start: Int, width: Int, changed: (Int) -> Bool) -> Bool {
        var count = 0
        for x in start..<width where changed(x) {
            count += 1
            if count >= 3 { return true }
        }
        return pen != .plain ? count >= 2 : false
    }

    /// Moves the cursor, or rewrites the unchanged cells in between when that is cheaper.
    private mutating func moveCursor(to target: Point, row: Int, cells: [Cell], into out: inout ByteWriter) {
        if let cursor, cursor.y == target.y, cursor.x < target.x, target.x - cursor.x <= 8 {
            let moveCost = CursorMotion.cost(from: cursor, to: target)
            var rewriteCost = 0
            var possible = true
            for x in cursor.x..<target.x {
                let cell = cells[row + x]
                if cell.width != 1 || effective(cell.style) != pen {
                    possible = false
                    break
                }
                rewriteCost += cell.grapheme.utf8.count
            }
            if possible && rewriteCost <= moveCost {
                for x in cursor.x..<target.x { out.append(utf8: cells[row + x].grapheme) }
                self.cursor = target
                return
            }
        }
        CursorMotion.append(from: cursor, to: target, into: &out)
        cursor = target
    }

    private mutating func writeCell(_ cell: Cell, at point: Point, rowWidth: Int, into out: inout ByteWriter) {
        setPen(effective(cell.style), into: &out)
        out.append(utf8: cell.grapheme)
        let next = point.x + Int(cell.width)
        // At the right edge the cursor's position depends on the terminal's wrap handling,
        // and emoji widths differ between terminals: both make the position unknown.
        if next >= rowWidth || Self.widthIsUncertain(cell) {
            cursor = nil
        } else {
            cursor = Point(x: next, y: point.y)
        }
    }

    /// Clusters whose width terminals disagree on: emoji sequences and emoji presentation.
    static func widthIsUncertain(_ cell: Cell) -> Bool {
        guard cell.grapheme.utf8.count > 1, let first = cell.grapheme.unicodeScalars.first else { return false }
        if cell.width == 2 { return !DisplayWidthTables.isWide(first.value) }
        return first.value >= 0x80 && first.properties.isEmoji
    }

    private mutating func setPen(_ style: Style, into out: inout ByteWriter) {
        if pen == style { return }
        SGR.append(from: pen, to: style, into: &out)
        pen = style
    }

    private func effective(_ style: Style) -> Style {
        if colorDepth == .trueColor { return style }
        var downsampled = style
        downsampled.foreground = colorDepth.downsample(style.foreground)
        downsampled.background = colorDepth.downsample(style.background)
        return downsampled
    }

    // MARK: - Scrolling and graphics

    private mutating func emitScroll(_ move: ScrollMove, size: Size, into out: inout ByteWriter) {
        // Scrolled-in rows take the current background on most terminals: make it the default.
        setPen(.plain, into: &out)
        let region = move.region
        let fullScreen = region.lowerBound == 0 && region.upperBound == size.height
        if !fullScreen {
            out.csi()
            out.appendDecimal(region.lowerBound + 1)
            out.append(0x3B)
            out.appendDecimal(region.upperBound)
            out.append(0x72)
        }
        out.csi()
        let magnitude = abs(move.shift)
        if magnitude != 1 { out.appendDecimal(magnitude) }
        out.append(move.shift > 0 ? 0x53 : 0x54)
        if !fullScreen {
            out.append("\u{1B}[r")  // full-screen region again; homes the cursor
            cursor = .zero
        }
    }

    private mutating func drawGraphic(_ placement: GraphicPlacement, into out: inout ByteWriter) {
        CursorMotion.append(from: cursor, to: Point(x: placement.rect.x, y: placement.rect.y), into: &out)
        setPen(.plain, into: &out)
        out.append(contentsOf: placement.graphic.escape)
        if placement.graphic.kind == .kitty { kittyImagesShown = true }
        cursor = nil
    }

    private mutating func deleteKittyPlacement(at rect: Rect, into out: inout ByteWriter) {
        // Delete every placement that intersects the rectangle's top-left cell (1-based).
        out.append("\u{1B}_Ga=d,d=p,x=")
        out.appendDecimal(rect.x + 1)
        out.append(",y=")
        out.appendDecimal(rect.y + 1)
        out.append("\u{1B}\\")
    }
}
