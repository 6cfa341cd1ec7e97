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
    public private(set) var screen: VirtualScreen
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
        write(TerminalModes(mouse: .drags, bracketedPaste: true, focusEvents: false).enterSequence)
    }

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
    /// renderer does (spaces compared by their look: a space's foreground does not show).
    ///
    /// - Parameter frame: the frame last rendered.
    /// - Returns: true if every cell matches.
    public func shows(_ frame: ScreenBuffer) -> Bool {
        guard frame.size == screen.size else { return false }
        let depth = renderer.colorDepth
        for (index, cell) in frame.cells.enumerated() {
            var expected = cell
            expected.style.foreground = depth.downsample(cell.style.foreground)
            expected.style.background = depth.downsample(cell.style.background)
            if screen.cells[index].look != expected.look { return false }
        }
        return true
    }
}
