import Testing

@testable import EndlessTerminal
@testable import EndlessTerminalTesting

/// The renderer's buffers reused from frame to frame: the frame before last drawn into again,
/// and one output buffer for every frame's bytes.
extension FrameRenderer {
    /// Renders `frame`, keeping nothing of it here but its cells' address.
    fileprivate mutating func renderKeepingOnlyStorage(_ frame: consuming ScreenBuffer) -> UnsafeRawPointer? {
        let storage = FrameReuseTests.storage(frame)
        _ = render(frame)
        return storage
    }
}

@Suite("Frame reuse")
struct FrameReuseTests {
    static let size = Size(width: 40, height: 6)

    /// The address of a frame's cells: the same address is the same storage, not a copy.
    static func storage(_ frame: ScreenBuffer) -> UnsafeRawPointer? {
        frame.cells.withUnsafeBufferPointer { $0.baseAddress.map { UnsafeRawPointer($0) } }
    }

    /// A frame with text, a link and a picture on it.
    static func busyFrame(_ text: String) -> ScreenBuffer {
        var frame = ScreenBuffer(size: size)
        frame.write(text, at: Point(x: 2, y: 1), style: Style(foreground: .red))
        // A cluster too long to pack: a cell holding a reference.
        frame.write("👨‍👩‍👧‍👦 family", at: Point(x: 2, y: 2))
        _ = frame.write("a link", at: Point(x: 0, y: 3), link: "https://example.com/\(text)")
        let picture = TerminalGraphic(kind: .kitty, escape: Array("\u{1B}_Ga=T,f=32;AAAA\u{1B}\\".utf8), size: Size(width: 2, height: 1))
        frame.place(picture, in: Rect(x: 30, y: 4, width: 2, height: 1))
        frame.showsAnimation = true  // as a spinner drawn marks it
        return frame
    }

    @Test("the frame before last comes back blank, in its own storage, and draws like a new frame")
    func frameBeforeLastComesBack() throws {
        var renderer = FrameRenderer(colorDepth: .trueColor)
        #expect(renderer.recycledFrame(size: Self.size) == nil, "nothing drawn yet")
        let rendered = renderer.renderKeepingOnlyStorage(Self.busyFrame("first"))
        let firstStorage = try #require(rendered)
        _ = renderer.render(Self.busyFrame("second"))

        guard var recycled = renderer.recycledFrame(size: Self.size) else {
            Issue.record("the frame before last was not handed out")
            return
        }
        #expect(recycled == ScreenBuffer(size: Self.size), "blank: no cell, picture or link left over")
        #expect(recycled.links.isEmpty && recycled.graphics.isEmpty && !recycled.showsAnimation)
        #expect(Self.storage(recycled) == firstStorage, "the first frame's cells, not a new buffer")
        #expect(renderer.recycledFrame(size: Self.size) == nil, "handed out once")

        // Drawn into, it stays in place and renders as a fresh frame with the same content would.
        recycled.write("third", at: Point(x: 2, y: 2))
        #expect(Self.storage(recycled) == firstStorage, "drawing into it copied it")
        var fresh = ScreenBuffer(size: Self.size)
        fresh.write("third", at: Point(x: 2, y: 2))
        var other = FrameRenderer(colorDepth: .trueColor)
        _ = other.render(Self.busyFrame("first"))
        _ = other.render(Self.busyFrame("second"))
        #expect(renderer.render(recycled) == other.render(fresh))
        #expect(renderer.recycledFrame(size: Size(width: 41, height: 6)) == nil, "a frame of another size is not handed out")
    }

    @Test("blanking writes every cell back to a plain blank: styled, linked, wide, and long clusters")
    func blanking() throws {
        var frame = Self.busyFrame("blank me")
        frame.write("界 wide", at: Point(x: 20, y: 0), style: Style(background: .blue))
        frame.fill(Rect(x: 0, y: 5, width: 40, height: 1), style: Style(background: .green))
        #expect(frame.cells.contains { $0.key.isLong }, "the test needs a long cluster")
        FrameRenderer.blank(&frame.cells)
        #expect(frame.cells == ScreenBuffer(size: Self.size).cells)
        #expect(frame.lines.allSatisfy { $0 == String(repeating: " ", count: 40) })
    }

    @Test("render(into:) writes each frame's bytes into the one buffer, as render() returns them")
    func outputBufferReused() {
        var renderer = FrameRenderer(colorDepth: .trueColor)
        var reference = FrameRenderer(colorDepth: .trueColor)
        var output: [UInt8] = []
        var addresses: Set<UnsafeRawPointer?> = []
        for step in 0..<20 {
            var frame = Self.busyFrame("step \(step % 7)")
            frame.write(String(repeating: "x", count: step), at: Point(x: 0, y: 5))
            renderer.render(frame, into: &output)
            #expect(output == reference.render(frame), "step \(step)")
            if step >= 1 { addresses.insert(output.withUnsafeBufferPointer { $0.baseAddress.map { UnsafeRawPointer($0) } }) }
        }
        // The full redraw made the buffer big enough for every diff after it.
        #expect(addresses.count == 1, "the output buffer was reallocated \(addresses.count - 1) times")
        renderer.render(Self.busyFrame("step 5"), into: &output)
        _ = reference.render(Self.busyFrame("step 5"))
        renderer.render(Self.busyFrame("step 5"), into: &output)
        #expect(output.isEmpty, "nothing changed, nothing written")
    }
}
