import EndlessTerminal

/// The renderer and a ``VirtualScreen`` wired together: the app's tests render frames to it
/// exactly as to a real terminal, then read the screen back as text or styled cells.
///
/// ```swift
/// var terminal = InMemoryTerminal(size: Size(width: 40, height: 10))
/// var frame = ScreenBuffer(size: terminal.size)
/// frame.write("hello", at: .zero, style: .bold)
/// terminal.render(frame)
/// #expect(terminal.text == "hello")
/// ```
public struct InMemoryTerminal: Sendable {
    /// The emulated screen.
    public internal(set) var screen: VirtualScreen
    /// The renderer, with the same options as a live session's.
    public var renderer: FrameRenderer
    /// The bytes the last ``render(_:)`` wrote.
    public private(set) var lastOutput: [UInt8] = []
    /// All bytes written so far, setup included.
    public private(set) var totalBytes = 0

    /// Creates a terminal and writes the session's setup sequence to it (alternate screen,
    /// hidden cursor, no autowrap, mouse and paste modes).
    ///
    /// - Parameters:
    ///   - size: columns and rows.
    ///   - colorDepth: the depth the renderer downsamples to.
    ///   - synchronizedOutput: wrap frames in mode 2026, as a live session does by default.
    public init(size: Size, colorDepth: ColorDepth = .trueColor, synchronizedOutput: Bool = true) {
        screen = VirtualScreen(size: size)
        renderer = FrameRenderer(colorDepth: colorDepth, synchronizedOutput: synchronizedOutput)
        renderer.autowrapDisabled = true
        write(Self.sessionSetup)
    }

    /// What a session with the default ``TerminalSession/Options`` writes when it opens:
    /// alternate screen, hidden cursor, no autowrap, mouse reports with drags (SGR), bracketed
    /// paste, then a cleared screen. A test holds it equal to the session's.
    static let sessionSetup = Array(
        "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h\u{1B}[m\u{1B}[H\u{1B}[2J".utf8)

    /// Columns and rows.
    public var size: Size { screen.size }

    /// The screen as text, trailing spaces removed.
    public var text: String { screen.text }

    /// Renders a frame (a diff against the last one) and feeds the bytes to the screen.
    ///
    /// - Parameter frame: the frame.
    /// - Returns: the bytes written.
    @discardableResult
    public mutating func render(_ frame: ScreenBuffer) -> [UInt8] {
        let bytes = renderer.render(frame)
        write(bytes)
        lastOutput = bytes
        return bytes
    }

    /// Writes raw bytes to the screen, as a program would.
    ///
    /// - Parameter bytes: terminal output.
    public mutating func write(_ bytes: [UInt8]) {
        screen.write(bytes)
        totalBytes += bytes.count
    }

    /// Whether the screen shows exactly `frame`'s cells, with colors downsampled as the
    /// renderer does (spaces compared by their look: a space's foreground does not show; the
    /// cells under a sixel image show its pixels, not themselves).
    ///
    /// - Parameter frame: the frame last rendered.
    /// - Returns: true if every cell matches.
    public func shows(_ frame: ScreenBuffer) -> Bool {
        guard frame.size == screen.size else { return false }
        let depth = renderer.colorDepth
        var underPictures = Set<Int>()
        for placement in frame.graphics where placement.graphic.kind == .sixel {
            let rect = placement.rect
            for y in rect.y..<rect.maxY { for x in rect.x..<rect.maxX { underPictures.insert(y * frame.size.width + x) } }
        }
        for (index, cell) in frame.cells.enumerated() where !underPictures.contains(index) {
            var expected = cell
            expected.style.foreground = depth.downsample(cell.style.foreground)
            expected.style.background = depth.downsample(cell.style.background)
            if screen.cells[index].look != expected.look { return false }
        }
        return true
    }

    /// How the pictures on screen differ from `frame`'s graphics: missing or damaged images,
    /// images no longer placed, stray sixel pixels, and ink of glyphs that are gone. Empty
    /// when the screen shows exactly the frame's pictures.
    ///
    /// - Parameter frame: the frame last rendered.
    /// - Returns: one line per difference.
    public func pictureDifferences(from frame: ScreenBuffer) -> [String] {
        var differences: [String] = []
        let visible = screen.visiblePictures
        var expectedSixel: [Rect: UInt64] = [:]
        var expectedKitty: [Rect: UInt64] = [:]
        for placement in frame.graphics {
            switch placement.graphic.kind {
            case .sixel: expectedSixel[placement.rect] = placement.graphic.id
            case .kitty: expectedKitty[placement.rect] = VirtualScreen.kittyFingerprint(of: placement.graphic.escape)
            }
        }
        for (rect, print) in expectedSixel where visible.sixel[rect] != print { differences.append("sixel at \(rect) missing or damaged") }
        for (rect, _) in visible.sixel where expectedSixel[rect] == nil { differences.append("stale sixel at \(rect)") }
        for (rect, print) in expectedKitty where visible.kitty[rect] != print { differences.append("kitty image at \(rect) missing or wrong") }
        for (rect, _) in visible.kitty where expectedKitty[rect] == nil { differences.append("stale kitty image at \(rect)") }
        if !visible.strayPixels.isEmpty { differences.append("stray sixel pixels at \(visible.strayPixels.prefix(5))") }
        if screen.pixels.kittyPlacements.count != visible.kitty.count { differences.append("overlapping or dangling kitty placements") }
        let ink = screen.pixels.staleInk
        if !ink.isEmpty { differences.append("stale ink at \(ink.prefix(5))") }
        return differences
    }
}
