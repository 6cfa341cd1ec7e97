/// Turns frames into the bytes that bring the terminal from the last frame to the new one.
///
/// Each frame is hashed row by row once. Rows that moved as a block are scrolled by the
/// terminal (`DECSTBM` and `SU`/`SD`); rows whose hash and cells equal what the terminal shows
/// are skipped whole; in the others only changed cells are written, with the cheapest cursor
/// moves (relative or absolute, or rewriting a short run of unchanged cells when that is
/// shorter than a move), the shortest SGR changes, and runs of blanks erased (`EL`, `ECH`,
/// with the background they should have). The output is wrapped in synchronized output
/// (mode 2026), so the terminal shows whole frames.
///
/// Pixel graphics are the renderer's job too: a frame lists which graphics are placed where
/// (``ScreenBuffer/graphics``), and the renderer keeps track of what the terminal shows. A
/// graphic still wanted where it is (also after a scroll moved it) is left alone, and the
/// cells under it are not written; a graphic no longer placed, or disturbed, is removed: a
/// kitty placement deleted by its id, sixel pixels overdrawn by repainting the cells under
/// them. Kitty images are sent once and placed again by id.
///
/// Rows where a glyph whose ink overflows its cells (Arabic, Indic, emoji; see
/// `GlyphOverflow`) changed, or a cell beside one, are repainted with their neighbours,
/// since terminals clear only the cells they write; other changes on such rows are diffed.
///
/// ```swift
/// var renderer = FrameRenderer(colorDepth: .trueColor)
/// let bytes = renderer.render(frame)   // full redraw the first time, a diff afterwards
/// ```
public struct FrameRenderer: Sendable {
    /// Colors are downsampled to this depth.
    public var colorDepth: ColorDepth {
        // Effective styles depend on it.
        didSet { penSource = nil }
    }
    /// Wraps each frame in `ESC[?2026h` … `ESC[?2026l`.
    public var synchronizedOutput: Bool
    /// Lets the terminal scroll rows that moved as a block.
    public var scrollOptimization: Bool
    /// When set, graphics are wrapped in tmux's passthrough and positioned on the outer
    /// terminal (see ``TmuxPassthrough``).
    public var passthrough: TmuxPassthrough?
    /// The terminal does not wrap at the right margin (DECAWM off, as a session sets it):
    /// after a character in the last column the cursor stays there, so the next move can be
    /// a relative one. Off, the cursor's place after the last column is taken as unknown.
    public var autowrapDisabled = false
    /// Whether cells linked (``Cell/linkID``) are sent as OSC 8 hyperlinks; without, their
    /// text is sent alone. Set it only for a terminal that shows them (``Hyperlink/supported(environment:)``).
    public var hyperlinks = false
    /// The link targets of the frame being written.
    var linkTargets: [String] = []
    /// The link the terminal is writing text into now; nil for none.
    var openLink: String?

    /// The frame the terminal shows, as far as the renderer knows; nil forces a full redraw.
    public private(set) var previous: ScreenBuffer?
    /// Where the terminal's cursor is, or nil when unknown.
    var cursor: Point?
    /// The terminal's current SGR state, or nil when unknown.
    var pen: Style? {
        didSet { penSource = nil }
    }
    /// The packed style of the cell whose ``effective(_:)`` style set ``pen`` last, nil when
    /// the pen was set otherwise since: a cell with this packed style needs no pen change.
    var penSource: UInt64?
    /// Row hashes of ``previous``, kept so each frame is hashed once.
    var previousRows: RowHashes?
    /// The row hashes of the frame before ``previous``, whose arrays the next frame is
    /// hashed into (see ``RowHashes``), as ``spare`` holds its cells.
    private var spareRows: RowHashes?
    /// The last frame's move as found from exact rows, and as extended over the rows beside
    /// it (the move made), nil for none: a held key finds the same block frame after frame,
    /// and takes the same extension without estimating it again (see
    /// ``detectScroll(old:new:oldRows:newRows:)``).
    var lastMove: (found: ScrollMove, extended: ScrollMove)?
    /// The shift of the last frame's scroll, 0 for none: a held key scrolls by the same rows
    /// again, and rows that moved by it are not hashed again (see ``RowHashes``).
    var lastShift: Int { lastMove?.extended.shift ?? 0 }
    /// Moves extended by estimates so far (for tests).
    private(set) var extensionsEstimated = 0
    /// The graphics the terminal shows and the kitty images it holds.
    var graphics = GraphicsLedger()
    /// The frame the terminal showed before ``previous``, kept to be drawn into again (see
    /// ``recycledFrame(size:)``) rather than freed: a frame is thousands of cells.
    var spare: ScreenBuffer?

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
        previousRows = nil
        lastMove = nil
        cursor = nil
        pen = nil
        openLink = nil
    }

    /// Forgets everything the terminal held, kitty images included: after the terminal was
    /// given back and taken again (a suspend), when the images were deleted on the way out.
    mutating func terminalWasReset() {
        invalidate()
        graphics = GraphicsLedger()
    }

    /// The bytes that turn the terminal's screen into `frame`: a diff against the previous
    /// frame, or a full redraw when there is none or its size differs. Empty when nothing
    /// changed.
    ///
    /// - Parameter frame: the new frame.
    /// - Returns: bytes to write to the terminal.
    public mutating func render(_ frame: ScreenBuffer) -> [UInt8] {
        var bytes: [UInt8] = []
        render(frame, into: &bytes)
        return bytes
    }

    /// ``render(_:)`` into `bytes`, which is emptied first and keeps its capacity: a session
    /// writes every frame from one buffer instead of growing a new one each time.
    ///
    /// - Parameters:
    ///   - frame: the new frame.
    ///   - bytes: receives the bytes to write to the terminal; empty when nothing changed.
    public mutating func render(_ frame: ScreenBuffer, into bytes: inout [UInt8]) {
        guard previous?.size == frame.size, let old = previous.take() else {
            bytes = renderFull(frame)
            return
        }
        bytes.removeAll(keepingCapacity: true)
        var out = ByteWriter(bytes: bytes)
        bytes = []
        defer { bytes = out.bytes }
        beginFrame(&out)
        linkTargets = frame.links
        let start = out.count
        let oldRows = previousRows ?? RowHashes(old)
        var newRows = spareRows.take() ?? RowHashes()
        newRows.rehash(frame, comparedWith: old, oldRows: oldRows, likelyShift: lastShift)
        let height = frame.size.height

        var move: ScrollMove?
        if scrollOptimization {
            move = detectScroll(old: old, new: frame, oldRows: oldRows, newRows: newRows)
        } else {
            lastMove = nil
        }
        let sources = move?.rowSources(height: height) ?? Array(0..<height)
        var marks = CellMarks(size: frame.size)
        markOverflowRepaints(frame, old: old, newRows: newRows, oldRows: oldRows, sources: sources, move: move, marks: &marks)
        // The row the cursor was left on goes first, where the last frame left the pen (a
        // status bar changing at each key: its colours are not set again, nor is the cursor
        // moved there from the other end of the screen). Not a row the scroll moves, nor one
        // with glyphs whose ink would reach into the region before it scrolls, and not with
        // pictures, whose bookkeeping assumes the scroll comes first.
        var early: Int?
        if let cursor, cursor.y < height, !(move?.region.contains(cursor.y) ?? false), !newRows.overflows[cursor.y],
            graphics.shown.isEmpty, frame.graphics.isEmpty
        {
            early = cursor.y
            diffCells(
                frame, against: old.cells, sources: sources, rows: newRows, oldRows: oldRows, marks: marks, only: cursor.y..<(cursor.y + 1),
                into: &out)
        }
        if let move { emitScroll(move, size: frame.size, into: &out) }
        let plan = planGraphics(for: frame, after: move, marks: &marks, into: &out)
        diffCells(frame, against: old.cells, sources: sources, rows: newRows, oldRows: oldRows, marks: marks, skipping: early, into: &out)
        reserve(for: plan.toDraw, in: &out)
        for placement in plan.toDraw { drawGraphic(placement, into: &out) }

        previous = frame
        previousRows = newRows
        spareRows = oldRows
        spare = old
        if out.count == start {
            out.bytes.removeAll(keepingCapacity: true)
            return
        }
        endFrame(&out)
    }

    /// The bytes of a full redraw of `frame`: reset, clear the screen (and every kitty
    /// placement), write every cell that is not a plain blank, draw every graphic.
    ///
    /// - Parameter frame: the frame.
    /// - Returns: bytes to write to the terminal.
    public mutating func renderFull(_ frame: ScreenBuffer) -> [UInt8] {
        var out = ByteWriter()
        beginFrame(&out)
        clearGraphics(into: &out)
        out.append("\u{1B}[m\u{1B}[H\u{1B}[2J")
        linkTargets = frame.links
        pen = .plain
        cursor = .zero
        let cleared = [Int](repeating: -1, count: frame.size.height)
        diffCells(frame, against: [], sources: cleared, rows: nil, oldRows: nil, marks: CellMarks(size: frame.size), into: &out)
        reserve(for: frame.graphics, in: &out)
        for placement in frame.graphics { drawGraphic(placement, into: &out) }
        endFrame(&out)
        previous = frame
        previousRows = nil  // hashed by the next diff, if there is one
        lastMove = nil
        return out.bytes
    }

    /// Makes room for the graphics at once, so that images do not regrow the buffer.
    private func reserve(for placements: [GraphicPlacement], in out: inout ByteWriter) {
        guard !placements.isEmpty else { return }
        let bytes = placements.reduce(0) { $0 + $1.graphic.escape.count + 64 }
        out.bytes.reserveCapacity(out.count + bytes + bytes / 64)
    }

    // MARK: - Frame wrapping

    private func beginFrame(_ out: inout ByteWriter) {
        if synchronizedOutput { out.append("\u{1B}[?2026h") }
    }

    private func endFrame(_ out: inout ByteWriter) {
        if synchronizedOutput { out.append("\u{1B}[?2026l") }
    }

    // MARK: - Scrolling

    private mutating func emitScroll(_ move: ScrollMove, size: Size, into out: inout ByteWriter) {
        // Scrolled-in rows take the current background on most terminals: make it the
        // default, unless it is already (boldness, dimness and slant do not reach erased
        // cells; a reverse or an underline might).
        let erasesPlain = pen.map { $0.background == .default && $0.attributes.isSubset(of: [.bold, .dim, .italic]) } ?? false
        if !erasesPlain { setPen(.plain, into: &out) }
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

    /// The block of rows that moved, if scrolling it saves enough. Rows count as saved when
    /// they have a few cells of content, or lie under a sixel, whose pixels the terminal
    /// scrolls with the text (outside tmux); kitty pictures are placed again anyway.
    ///
    /// The block found from exact rows is extended over its changed neighbours where that
    /// saves bytes (``ScrollMove/extended(old:new:oldHashes:newHashes:)``), by estimates that
    /// walk those rows' cells. A held key scrolls the same rows by the same shift, its
    /// highlight at the same edge, frame after frame: the last frame's block is tried first
    /// (``ScrollMove/again(_:oldHashes:newHashes:minimumGain:movable:)``), and when it is the
    /// block found, the last frame's extension is taken again. Any move gives the right frame
    /// (every row is diffed against the row it came from), so what a stale choice could cost
    /// is a few bytes, and what it saves is most of a held key's scroll detection (issue 29).
    ///
    /// Sixel pictures that moved propose moves of their own, taken when they cost fewer bytes
    /// (``sixelScroll(old:new:oldRows:newRows:found:)``).
    private mutating func detectScroll(old: ScreenBuffer, new frame: ScreenBuffer, oldRows: RowHashes, newRows: RowHashes) -> ScrollMove? {
        let byRows = detectRowScroll(old: old, new: frame, oldRows: oldRows, newRows: newRows)
        guard !graphics.shown.isEmpty, frame.graphics.contains(where: { $0.graphic.kind == .sixel }),
            let carrying = sixelScroll(old: old, new: frame, oldRows: oldRows, newRows: newRows, found: byRows)
        else { return byRows }
        lastMove = nil
        return carrying
    }

    /// The move the row hashes find (see ``detectScroll(old:new:oldRows:newRows:)``).
    private mutating func detectRowScroll(old: ScreenBuffer, new frame: ScreenBuffer, oldRows: RowHashes, newRows: RowHashes) -> ScrollMove? {
        var sixelRows: [Bool]?
        if passthrough == nil {
            for placement in frame.graphics where placement.graphic.kind == .sixel {
                if sixelRows == nil { sixelRows = [Bool](repeating: false, count: frame.size.height) }
                for y in placement.rect.y..<placement.rect.maxY { sixelRows?[y] = true }
            }
        }
        let width = frame.size.width
        let last = lastMove
        let move = frame.cells.withUnsafeBufferPointer { cells -> ScrollMove? in
            let movable = { (y: Int) in sixelRows?[y] == true || ScrollMove.hasContent(cells, row: y * width, width: width) }
            // The last frame's block first: a held key scrolls the same rows again.
            if let last, let again = ScrollMove.again(last.found, oldHashes: oldRows.hashes, newHashes: newRows.hashes, movable: movable) {
                return again
            }
            return ScrollMove.detect(oldHashes: oldRows.hashes, newHashes: newRows.hashes, movable: movable)
        }
        guard let move else {
            lastMove = nil
            return nil
        }
        if let lastMove, lastMove.found == move { return lastMove.extended }
        let extended = move.extended(old: old, new: frame, oldHashes: oldRows.hashes, newHashes: newRows.hashes)
        lastMove = (move, extended)
        extensionsEstimated += 1
        return extended
    }
}
