import EndlessImages
import EndlessTerminal
import Foundation
import Observation
import Synchronization
import Testing

@testable import EndlessApp

@Suite("Converted pictures kept for the screen")
@MainActor
struct ImageCellsTests {
    /// A noisy picture, so a sixel of it is as large as a photo's.
    static func picture(_ index: Int, side: Int, priority: ImagePriority = .visible) throws -> DecodedImage {
        var state = UInt32(truncatingIfNeeded: index &* 2_654_435_761 &+ 1)
        let pixels = (0..<side * side * 4).map { channel -> UInt8 in
            if channel % 4 == 3 { return 255 }
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        let url = try #require(URL(string: "http://127.0.0.1:1/picture/\(index).jpg"))
        let request = ImageRequest(url: url, targetSize: PixelSize(width: side, height: side), priority: priority)
        return DecodedImage(width: side, height: side, pixels: pixels, request: request)
    }

    @Test("sixels of many different photos stay within the byte limit; the one drawn last is kept")
    func graphicsStayWithinTheirBytes() throws {
        let limit = 64 * 1024
        let cells = ImageCells(
            mode: .sixel, colorDepth: .trueColor, cellPixelSize: Size(width: 10, height: 20), graphicsByteLimit: limit, graphicConversion: .inline)
        let rect = Rect(x: 0, y: 0, width: 8, height: 4)
        var frame = ScreenBuffer(size: Size(width: 40, height: 14))
        var largest = 0
        for index in 0..<24 {
            let image = try Self.picture(index, side: 80)
            cells.draw(image, in: rect, into: &frame)
            largest = max(largest, cells.graphicsBytes)
            #expect(cells.graphicsBytes <= limit, "after \(index + 1) pictures")
        }
        // The limit was reached (so the bound did the work, not the count) and the last is held.
        #expect(largest > limit / 2)
        #expect(cells.graphicsBytes > 0)
    }

    @Test(
        "made in the background, a graphic is drawn in half blocks until it is made; its making tells the frame that drew them, and the next draws it"
    )
    func madeInTheBackground() async throws {
        let cells = ImageCells(mode: .sixel, colorDepth: .trueColor, cellPixelSize: Size(width: 10, height: 20))
        let image = try Self.picture(1, side: 160)
        let rect = Rect(x: 2, y: 1, width: 16, height: 8)
        var frame = ScreenBuffer(size: Size(width: 40, height: 14))
        let told = Mutex(false)
        withObservationTracking {
            cells.draw(image, in: rect, into: &frame)
        } onChange: {
            told.withLock { $0 = true }
        }
        #expect(frame.graphics.isEmpty, "no graphic yet")
        let halfBlocks = (rect.y..<rect.maxY).flatMap { y in (rect.x..<rect.maxX).map { x in frame[x, y] } }
        #expect(halfBlocks.contains { $0.grapheme == "▀" }, "the picture meanwhile, in half blocks")
        #expect(frame[rect.maxX, rect.y] == .blank, "within its box")
        cells.draw(image, in: rect, into: &frame)  // a second frame before it is made asks nothing more
        await cells.conversionsEnded()
        #expect(told.withLock { $0 }, "its making brings a frame")
        #expect(cells.graphicsMade == 1)
        #expect(cells.conversions == 1)
        var next = ScreenBuffer(size: Size(width: 40, height: 14))
        cells.draw(image, in: rect, into: &next)
        #expect(next.graphics.map(\.rect) == [rect])
        #expect(next.graphics.first?.graphic.kind == .sixel)
        #expect(cells.conversions == 1, "kept: not made again")

        // A face's few pixels (80 × 80 here) are made at once: no half blocks for a frame.
        var face = ScreenBuffer(size: Size(width: 40, height: 14))
        cells.draw(try Self.picture(2, side: 80), in: Rect(x: 0, y: 0, width: 8, height: 4), into: &face)
        #expect(face.graphics.count == 1)
        #expect(cells.conversions == 2)
    }

    @Test("when the limit is reached the least recently drawn go first: the picture drawn just before is still kept")
    func leastRecentlyDrawnGoFirst() throws {
        // Room for a few of these noisy sixels (about 40 KB each), not for all 24.
        let limit = 256 * 1024
        let cells = ImageCells(
            mode: .sixel, colorDepth: .trueColor, cellPixelSize: Size(width: 10, height: 20), graphicsByteLimit: limit, graphicConversion: .inline)
        let rect = Rect(x: 0, y: 0, width: 8, height: 4)
        var frame = ScreenBuffer(size: Size(width: 40, height: 14))
        let pictures = try (0..<24).map { try Self.picture($0, side: 80) }
        cells.draw(pictures[0], in: rect, into: &frame)
        for index in 1..<pictures.count {
            cells.draw(pictures[index], in: rect, into: &frame)
            let converted = cells.conversions
            cells.draw(pictures[index - 1], in: rect, into: &frame)  // scrolling back one row
            #expect(cells.conversions == converted, "picture \(index - 1) was dropped when \(index) came")
        }
        #expect(cells.graphicsBytes > limit / 2)
    }

    @Test("a picture decoded for a row drawn ahead (prefetch) and then on screen (visible) is converted once, in both modes")
    func priorityIsNotAnotherPicture() throws {
        for mode in [GraphicsMode.symbols, .sixel] {
            let cells = ImageCells(mode: mode, colorDepth: .indexed256, cellPixelSize: Size(width: 10, height: 20), graphicConversion: .inline)
            var frame = ScreenBuffer(size: Size(width: 40, height: 14))
            let rect = Rect(x: 0, y: 0, width: 4, height: 2)
            let ahead = try Self.picture(7, side: 48, priority: .prefetch)
            let shown = try Self.picture(7, side: 48, priority: .visible)
            cells.draw(ahead, in: rect, into: &frame)
            let before = frame
            cells.draw(shown, in: rect, into: &frame)
            #expect(cells.conversions == 1, "\(mode)")
            #expect(frame == before, "\(mode)")
            // Another size of the same picture is another conversion.
            cells.draw(shown, in: Rect(x: 0, y: 0, width: 6, height: 3), into: &frame)
            #expect(cells.conversions == 2, "\(mode)")
        }
    }

    /// The colours a person sees in the top left `width` × `height` cells: a blank cell's
    /// background, a full block's foreground, both for any other symbol.
    static func visibleColours(_ frame: ScreenBuffer, width: Int, height: Int) -> Set<String> {
        var colours = Set<String>()
        for y in 0..<height {
            for x in 0..<width {
                let cell = frame[x, y]
                if cell.grapheme != "█" { colours.insert("\(cell.style.background)") }
                if cell.grapheme != " " { colours.insert("\(cell.style.foreground)") }
            }
        }
        return colours
    }

    /// A picture black at its left and right quarters, white between.
    static func banded(width: Int, height: Int) throws -> DecodedImage {
        var pixels = [UInt8]()
        for _ in 0..<height {
            for x in 0..<width {
                let white: UInt8 = x >= width / 4 && x < width - width / 4 ? 255 : 0
                pixels += [white, white, white, 255]
            }
        }
        let url = try #require(URL(string: "http://127.0.0.1:1/banded.jpg"))
        return DecodedImage(
            width: width, height: height, pixels: pixels, request: ImageRequest(url: url, targetSize: PixelSize(width: width, height: height)))
    }

    @Test("a picture drawn into a box of another shape shows its middle, cut to the box's shape, not squeezed; one of the box's shape is drawn whole")
    func aNarrowerBoxShowsTheMiddle() throws {
        let cells = ImageCells(mode: .symbols, colorDepth: .trueColor, cellPixelSize: nil)
        // 150 × 100 pixels asked for a box of 30 × 10 symbol cells (5 × 10 pixels each): the same shape.
        let photo = try Self.banded(width: 150, height: 100)
        let whole = try #require(PixelImage(width: 150, height: 100, rgba: photo.pixels))
        #expect(cells.filling(whole, Size(width: 30, height: 10)) == whole)
        #expect(cells.filling(whole, Size(width: 28, height: 10)) == whole, "within a tenth: drawn whole")
        // A box of 10 × 10 cells is 50 × 100 pixels: the middle 50 × 100, its edges white.
        let middle = cells.filling(whole, Size(width: 10, height: 10))
        #expect(middle.width == 50 && middle.height == 100)
        #expect(Array(middle.rgba[0..<4]) == [255, 255, 255, 255] && Array(middle.rgba[(49 * 4)..<(50 * 4)]) == [255, 255, 255, 255])
        // Squeezed, the black quarters would fill the box's sides; cut, the box is white throughout.
        var frame = ScreenBuffer(size: Size(width: 12, height: 10))
        cells.draw(photo, in: Rect(x: 0, y: 0, width: 10, height: 10), into: &frame)
        let colours = Self.visibleColours(frame, width: 10, height: 10)
        #expect(!colours.contains("\(Color.rgb(0, 0, 0))"), "\(colours)")
        var wide = ScreenBuffer(size: Size(width: 32, height: 10))
        cells.draw(photo, in: Rect(x: 0, y: 0, width: 30, height: 10), into: &wide)
        let wideColours = Self.visibleColours(wide, width: 30, height: 10)
        #expect(wideColours.contains("\(Color.rgb(0, 0, 0))"), "drawn whole, its black sides show: \(wideColours)")
        // Graphics cut to their cells' pixels (10 × 20 here): 5 × 5 cells are 50 × 100 pixels.
        let graphics = ImageCells(mode: .sixel, colorDepth: .trueColor, cellPixelSize: Size(width: 10, height: 20), graphicConversion: .inline)
        let narrow = graphics.filling(whole, Size(width: 5, height: 5))
        #expect(narrow.width == 50 && narrow.height == 100, "\(narrow.width) × \(narrow.height)")
        // A picture taller than its box: its middle rows.
        let portrait = try #require(PixelImage(width: 100, height: 150, rgba: (0..<150).flatMap { y in Array(repeating: UInt8(y), count: 400) }))
        let square = graphics.filling(portrait, Size(width: 10, height: 5))
        #expect(
            square.width == 100 && square.height == 100 && square.rgba.first == 25 && square.rgba.last == 124, "\(square.width) × \(square.height)")
    }
}
