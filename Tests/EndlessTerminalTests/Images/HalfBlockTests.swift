import Testing

@testable import EndlessTerminal

/// A picture with no more pixels than half blocks show (a BlurHash placeholder stretched over
/// a photo's box) is drawn in half blocks, every pixel as it is, without chafa.
@Suite("Small pictures in half blocks")
struct HalfBlockTests {
    /// 4 × 4 pixels, each of its own colour: (x·60, y·60, 200).
    static let checker: PixelImage = {
        var pixels: [UInt8] = []
        for y in 0..<4 {
            for x in 0..<4 { pixels += [UInt8(x * 60), UInt8(y * 60), 200, 255] }
        }
        return PixelImage(width: 4, height: 4, rgba: pixels)!
    }()

    @Test("one pixel across and two down a cell: each cell is ▀, the upper pixel its foreground, the lower its background")
    func everyPixel() throws {
        let image = ImageRenderer.cells(for: Self.checker, size: Size(width: 4, height: 2), colorDepth: .trueColor)
        try #require(image.cells.count == 8)
        for row in 0..<2 {
            for column in 0..<4 {
                let cell = image.cells[row * 4 + column]
                #expect(cell.grapheme == "▀")
                #expect(cell.style.foreground == .rgb(UInt8(column * 60), UInt8(2 * row * 60), 200))
                #expect(cell.style.background == .rgb(UInt8(column * 60), UInt8((2 * row + 1) * 60), 200))
            }
        }
    }

    @Test("a cell whose halves are one colour is a space of that background")
    func oneColour() throws {
        let grey = try #require(PixelImage(width: 2, height: 2, rgba: Array(repeating: [90, 90, 90, 255], count: 4).flatMap { $0 }))
        let image = ImageRenderer.cells(for: grey, size: Size(width: 2, height: 1), colorDepth: .indexed256)
        #expect(image.cells.allSatisfy { $0.grapheme == " " && $0.style.background == .indexed(Palette.nearest256(90, 90, 90)) })
    }

    @Test("stretched over more cells, a picture blends smoothly between its pixels")
    func stretched() throws {
        let image = ImageRenderer.cells(for: Self.checker, size: Size(width: 16, height: 4), colorDepth: .trueColor)
        try #require(image.cells.count == 64)
        func red(_ color: Color) -> Int {
            if case .rgb(let red, _, _) = color { return Int(red) }
            return -1
        }
        let reds = (0..<16).map { red(image.cells[$0].style.foreground) }
        #expect(reds == reds.sorted(), "red grows left to right: \(reds)")
        #expect(reds.first == 0 && reds.last == 180)
        #expect(Set(reds).count > 4, "blended, not four steps: \(reds)")
    }

    @Test("a transparent half leaves the default colour; a cell transparent in both is blank")
    func transparency() throws {
        // Top row opaque red, bottom row clear, over one column of two cells' height.
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 0, 0, 0]
        let image = ImageRenderer.cells(
            for: try #require(PixelImage(width: 1, height: 2, rgba: pixels)), size: Size(width: 1, height: 1), colorDepth: .trueColor)
        #expect(image.cells.first?.grapheme == "▀")
        #expect(image.cells.first?.style.foreground == .rgb(255, 0, 0))
        #expect(image.cells.first?.style.background == .default)
        let lower = ImageRenderer.cells(
            for: try #require(PixelImage(width: 1, height: 2, rgba: [0, 0, 0, 0, 0, 0, 255, 255])), size: Size(width: 1, height: 1),
            colorDepth: .trueColor)
        #expect(lower.cells.first?.grapheme == "▄")
        #expect(lower.cells.first?.style.foreground == .rgb(0, 0, 255))
        let clear = ImageRenderer.cells(
            for: try #require(PixelImage(width: 1, height: 2, rgba: [0, 0, 0, 0, 0, 0, 0, 0])), size: Size(width: 1, height: 1),
            colorDepth: .trueColor)
        #expect(clear.cells.first == .blank)
    }

    @Test("colours follow the terminal's depth; without colour chafa draws the shapes")
    func depths() {
        let size = Size(width: 4, height: 2)
        let indexed = ImageRenderer.cells(for: Self.checker, size: size, colorDepth: .indexed256).cells
        #expect(indexed.allSatisfy { $0.grapheme == "▀" })
        #expect(indexed.first?.style.foreground == .indexed(Palette.nearest256(0, 0, 200)))
        #expect(
            indexed.allSatisfy { cell in
                [cell.style.foreground, cell.style.background].allSatisfy { if case .indexed(let index) = $0 { index >= 16 } else { false } }
            })
        let ansi = ImageRenderer.cells(for: Self.checker, size: size, colorDepth: .ansi16).cells
        func isANSI(_ color: Color) -> Bool { if case .ansi = color { true } else { false } }
        // Halves the 16 colours make one are a space: its foreground unused.
        #expect(ansi.allSatisfy { isANSI($0.style.background) && (isANSI($0.style.foreground) || $0.grapheme == " ") })
        #expect(ansi.contains { $0.grapheme == "▀" })
        #expect(ImageRenderer.halfBlocksShowEveryPixel(of: Self.checker, in: size, colorDepth: .none) == false)
        let none = ImageRenderer.cells(for: Self.checker, size: size, colorDepth: .none).cells
        #expect(none.allSatisfy { $0.style.foreground == .default && $0.style.background == .default })
    }

    @Test("a picture with more pixels than half blocks show goes to chafa's symbols")
    func detailedPictures() {
        #expect(ImageRenderer.halfBlocksShowEveryPixel(of: Self.checker, in: Size(width: 4, height: 2), colorDepth: .trueColor))
        #expect(!ImageRenderer.halfBlocksShowEveryPixel(of: Self.checker, in: Size(width: 3, height: 2), colorDepth: .trueColor))
        #expect(!ImageRenderer.halfBlocksShowEveryPixel(of: Self.checker, in: Size(width: 4, height: 1), colorDepth: .trueColor))
        // A photo row: 150 × 100 pixels into 30 × 10 cells.
        let photo = PixelImage(width: 150, height: 100, rgba: [UInt8](repeating: 128, count: 150 * 100 * 4))!
        #expect(!ImageRenderer.halfBlocksShowEveryPixel(of: photo, in: Size(width: 30, height: 10), colorDepth: .trueColor))
    }
}
