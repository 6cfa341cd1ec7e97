import EndlessImages
import EndlessTerminal
import Foundation
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
        let cells = ImageCells(mode: .sixel, colorDepth: .trueColor, cellPixelSize: Size(width: 10, height: 20), graphicsByteLimit: limit)
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

    @Test("when the limit is reached the least recently drawn go first: the picture drawn just before is still kept")
    func leastRecentlyDrawnGoFirst() throws {
        // Room for a few of these noisy sixels (about 40 KB each), not for all 24.
        let limit = 256 * 1024
        let cells = ImageCells(mode: .sixel, colorDepth: .trueColor, cellPixelSize: Size(width: 10, height: 20), graphicsByteLimit: limit)
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
            let cells = ImageCells(mode: mode, colorDepth: .indexed256, cellPixelSize: Size(width: 10, height: 20))
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
}
