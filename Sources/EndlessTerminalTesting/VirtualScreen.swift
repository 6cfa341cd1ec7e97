import EndlessTerminal

/// A terminal emulator in memory, for tests without a TTY: it interprets the subset of VT
/// sequences the renderer and the session emit (cursor moves, SGR, erase, scroll regions,
/// private modes, synchronized output, the alternate screen) and can be read back as plain
/// text or as styled cells.
///
/// Sequences it does not understand are recorded in ``unsupportedSequences`` rather than
/// ignored silently, so a test can assert the renderer only emits what a terminal knows.
public struct VirtualScreen: Sendable {
    /// A pixel graphic the program wrote, where the cursor was.
    public struct Graphic: Hashable, Sendable {
        /// `sixel` for DCS, `kitty` for APC `G`.
        public var kind: TerminalGraphic.Kind
        /// The cursor position when it arrived.
        public var origin: Point
        /// Its length in bytes.
        public var byteCount: Int
    }

    /// Columns and rows.
    public let size: Size
    /// The cursor position.
    public internal(set) var cursor = Point.zero
    /// The current SGR state.
    public internal(set) var pen = Style.plain
    /// Whether the alternate screen is active.
    public internal(set) var isAlternateScreen = false
    /// Whether the cursor is shown (`ESC[?25h`).
    public internal(set) var isCursorVisible = true
    /// DEC private modes currently set (`ESC[?…h`), e.g. 1006 for SGR mouse reports.
    public internal(set) var privateModes: Set<Int> = [7]
    /// Completed synchronized updates (`ESC[?2026h` … `ESC[?2026l` pairs).
    public internal(set) var synchronizedUpdates = 0
    /// Whether a synchronized update is open.
    public internal(set) var isInSynchronizedUpdate = false
    /// Pixel graphics written, in order.
    public internal(set) var graphics: [Graphic] = []
    /// Escape sequences that were not understood, as readable text.
    public internal(set) var unsupportedSequences: [String] = []
    /// The window title, from OSC 0 or 2.
    public internal(set) var title = ""

    var buffer: ScreenBuffer
    var savedMainScreen: ScreenBuffer?
    var savedCursor: Point?
    var wrapPending = false
    var scrollTop = 0
    var scrollBottom: Int
    var parser = ParserState.ground
    var pendingText: [UInt8] = []
    /// The bytes of the string sequence being read (DCS, OSC, APC …).
    var stringBody: [UInt8] = []
    /// What pixel graphics show where, and the ink glyphs left outside their cells.
    public internal(set) var pixels: PixelLayer
    /// tmux passthrough strings unwrapped (see `TmuxPassthrough`).
    public internal(set) var passthroughWrites = 0

    /// Creates a blank screen, cursor at the top-left, autowrap on.
    ///
    /// - Parameter size: columns and rows.
    public init(size: Size) {
        self.size = size
        buffer = ScreenBuffer(size: size)
        scrollBottom = size.height
        pixels = PixelLayer(size: size)
    }

    /// Whether autowrap (DECAWM, mode 7) is on.
    public var autowrap: Bool { privateModes.contains(7) }

    /// The cell at a position (a blank outside the screen).
    ///
    /// - Parameters:
    ///   - x: the column.
    ///   - y: the row.
    public subscript(x: Int, y: Int) -> Cell { buffer[x, y] }

    /// Every cell, row by row.
    public var cells: [Cell] { buffer.cells }

    /// The rows as plain text, at full width.
    public var lines: [String] { buffer.lines }

    /// The rows as plain text with trailing spaces and trailing empty rows removed, joined by
    /// newlines.
    public var text: String {
        var rows = lines.map { line in String(line.reversed().drop(while: { $0 == " " }).reversed()) }
        while rows.last?.isEmpty == true { rows.removeLast() }
        return rows.joined(separator: "\n")
    }

    /// Interprets bytes written by the program.
    ///
    /// - Parameter bytes: terminal output.
    public mutating func write(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { consume(byte) }
        flushText(final: false)
    }

    // MARK: - Text

    mutating func flushText(final: Bool) {
        guard !pendingText.isEmpty else { return }
        // Keep an incomplete UTF-8 sequence at the end for the next write.
        var end = pendingText.count
        var back = 0
        while back < min(3, end) && pendingText[end - 1 - back] & 0xC0 == 0x80 { back += 1 }
        if !final, back < end {
            let lead = pendingText[end - 1 - back]
            let expected = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            if expected > back + 1 { end -= back + 1 }
        }
        let text = String(decoding: pendingText[..<end], as: UTF8.self)
        pendingText.removeFirst(end)
        for character in text { print(character) }
    }

    mutating func print(_ character: Character) {
        let width = DisplayWidth.of(character)
        guard width > 0 else { return }
        if wrapPending {
            wrapPending = false
            if autowrap {
                cursor.x = 0
                lineFeed()
            }
        }
        if cursor.x + width > size.width {
            if autowrap {
                cursor.x = 0
                lineFeed()
            } else {
                cursor.x = max(0, size.width - width)
            }
        }
        guard cursor.x + width <= size.width else { return }
        let cell = Cell(character, style: pen)
        pixels.write(cell, x: cursor.x, y: cursor.y, replacing: buffer[cursor.x, cursor.y])
        buffer.set(cell, at: cursor)
        cursor.x += width
        if cursor.x >= size.width {
            cursor.x = size.width - 1
            wrapPending = true
        }
    }

    // MARK: - Movement and erasing

    mutating func moveTo(x: Int, y: Int) {
        wrapPending = false
        cursor = Point(x: min(max(0, x), max(0, size.width - 1)), y: min(max(0, y), max(0, size.height - 1)))
    }

    mutating func lineFeed() {
        wrapPending = false
        if cursor.y == scrollBottom - 1 {
            scroll(up: 1)
        } else if cursor.y < size.height - 1 {
            cursor.y += 1
        }
    }

    mutating func reverseIndex() {
        wrapPending = false
        if cursor.y == scrollTop {
            scroll(up: -1)
        } else if cursor.y > 0 {
            cursor.y -= 1
        }
    }

    /// Scrolls the scroll region: positive moves content up, negative down; uncovered rows
    /// take the current background.
    mutating func scroll(up count: Int, top: Int? = nil) {
        let top = top ?? scrollTop
        let bottom = scrollBottom
        guard bottom > top, count != 0 else { return }
        let shift = count > 0 ? min(count, bottom - top) : -min(-count, bottom - top)
        let old = buffer
        let blank = Cell.blank(erasedStyle)
        // Rows are copied whole through `set`, which writes a wide character's right half
        // itself and skips the stored one, so wide characters arrive whole.
        for y in top..<bottom {
            let source = y + shift
            let moves = source >= top && source < bottom
            for x in 0..<size.width { buffer.set(moves ? old[x, source] : blank, at: Point(x: x, y: y)) }
        }
        pixels.scroll(top: top, bottom: bottom, count: shift)
    }

    /// What erased cells look like: blank, with the current background (as xterm does).
    var erasedStyle: Style { Style(background: pen.background) }

    mutating func erase(from start: Int, to end: Int) {
        guard end > start else { return }
        for index in start..<end {
            let x = index % size.width
            buffer.set(.blank(erasedStyle), at: Point(x: x, y: index / size.width))
            pixels.erase(index)
        }
    }
}
