import CChafa
import Testing

@testable import EndlessTerminal

@Suite("Images through chafa")
struct ImageRendererTests {
    /// Red grows left to right, green top to bottom, blue constant.
    static let gradient: PixelImage = {
        let width = 64
        let height = 32
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { pixels += [UInt8(x * 255 / (width - 1)), UInt8(y * 255 / (height - 1)), 128, 255] }
        }
        return PixelImage(width: width, height: height, rgba: pixels) ?? PixelImage(width: 1, height: 1, rgba: [0, 0, 0, 0])!
    }()

    /// A disc with detail at its edge, on a transparent background.
    static let disc: PixelImage = {
        let size = 48
        var pixels: [UInt8] = []
        for y in 0..<size {
            for x in 0..<size {
                let dx = x - size / 2
                let dy = y - size / 2
                let inside = dx * dx + dy * dy < (size / 2 - 2) * (size / 2 - 2)
                pixels += inside ? [230, 180, 140, 255] : [0, 0, 0, 0]
            }
        }
        return PixelImage(width: size, height: size, rgba: pixels) ?? gradient
    }()

    @Test("an RGBA gradient becomes cells with symbols and plausible colors")
    func gradientCells() throws {
        let image = ImageRenderer.cells(for: Self.gradient, size: Size(width: 16, height: 4), colorDepth: .trueColor)
        #expect(image.size == Size(width: 16, height: 4))
        try #require(image.cells.count == 64)
        #expect(image.cells.allSatisfy { !$0.grapheme.isEmpty && $0.width == 1 })
        func red(_ cell: Cell) -> Int {
            for color in [cell.style.background, cell.style.foreground] {
                if case .rgb(let r, _, _) = color { return Int(r) }
            }
            return -1
        }
        func green(_ cell: Cell) -> Int {
            for color in [cell.style.background, cell.style.foreground] {
                if case .rgb(_, let g, _) = color { return Int(g) }
            }
            return -1
        }
        let left = image.cells[0]
        let right = image.cells[15]
        let bottom = image.cells[3 * 16]
        #expect(red(left) >= 0 && red(left) < 64, "left edge is dark red: \(left)")
        #expect(red(right) > 190, "right edge is bright red: \(right)")
        #expect(green(bottom) > green(left) + 100, "green grows downwards")
        var frame = ScreenBuffer(size: Size(width: 20, height: 6))
        frame.draw(image, at: Point(x: 2, y: 1))
        #expect(frame[2, 1] == image.cells[0] && frame[17, 4] == image.cells[63])
        #expect(frame[1, 1] == .blank)
    }

    @Test("chafa draws on the calling thread: no pool of threads for each picture")
    func drawsOnTheCallingThread() {
        _ = ImageRenderer.cells(for: Self.gradient, size: Size(width: 4, height: 2), colorDepth: .trueColor)
        // chafa's default (-1) is a pool of threads per picture, one per processor.
        #expect(chafa_get_n_threads() == 1)
        #expect(chafa_get_n_actual_threads() == 1)
    }

    @Test("pictures of one size reuse a canvas, and each shows its own pixels")
    func canvasesAreReused() {
        let pool = ChafaCanvasPool(capacity: 2)
        let size = Size(width: 6, height: 3)
        func cells(_ image: PixelImage, in pool: ChafaCanvasPool) -> [Cell] {
            ImageRenderer.cells(for: image, size: size, symbols: .standard, colorDepth: .trueColor, canvases: pool).cells
        }
        let gradient = cells(Self.gradient, in: pool)
        let disc = cells(Self.disc, in: pool)
        let gradientAgain = cells(Self.gradient, in: pool)
        #expect(pool.made == 1)
        #expect(pool.idleCount == 1)
        // Drawn on a canvas of its own, each picture looks the same.
        #expect(gradient == cells(Self.gradient, in: ChafaCanvasPool(capacity: 1)))
        #expect(disc == cells(Self.disc, in: ChafaCanvasPool(capacity: 1)))
        #expect(gradientAgain == gradient)
        #expect(disc != gradient)
    }

    @Test("the canvas pool keeps at most its capacity, whatever sizes come")
    func canvasPoolIsBounded() {
        let pool = ChafaCanvasPool(capacity: 2)
        for width in 1...5 {
            _ = ImageRenderer.cells(
                for: Self.gradient, size: Size(width: width, height: 2), symbols: .standard, colorDepth: .indexed256, canvases: pool)
        }
        #expect(pool.made == 5)
        #expect(pool.idleCount == 2)
        // Another color depth is another canvas.
        _ = ImageRenderer.cells(for: Self.gradient, size: Size(width: 5, height: 2), symbols: .standard, colorDepth: .trueColor, canvases: pool)
        #expect(pool.made == 6)
        pool.removeAll()
        #expect(pool.idleCount == 0)
    }

    @Test("a canvas larger than the pool keeps is let go after its picture")
    func largeCanvasesAreNotKept() {
        let pool = ChafaCanvasPool(capacity: 4, largestKept: 50)
        let large = Size(width: 20, height: 10)
        for _ in 0..<2 {
            _ = ImageRenderer.cells(for: Self.gradient, size: large, symbols: .standard, colorDepth: .trueColor, canvases: pool)
        }
        #expect(pool.made == 2)
        #expect(pool.idleCount == 0)
        _ = ImageRenderer.cells(for: Self.gradient, size: Size(width: 10, height: 5), symbols: .standard, colorDepth: .trueColor, canvases: pool)
        #expect(pool.idleCount == 1, "50 cells are kept")
    }

    @Test("symbol sets produce different symbols")
    func symbolSets() {
        var used: [SymbolSet: Set<String>] = [:]
        for set in SymbolSet.allCases {
            let image = ImageRenderer.cells(for: Self.disc, size: Size(width: 12, height: 6), symbols: set, colorDepth: .trueColor)
            used[set] = Set(image.cells.map(\.grapheme))
        }
        let braille = used[.braille] ?? []
        let halves = used[.halfBlock] ?? []
        #expect(braille.contains { $0.unicodeScalars.first.map { (0x2800...0x28FF).contains($0.value) } ?? false })
        #expect(halves.isSubset(of: ["▀", "▄", "▌", "▐", "█", " "]), "\(halves)")
        #expect(braille != halves)
        #expect(used[.standard] != braille)
        #expect(Set(used.values).count >= 3)
    }

    @Test("colors follow the color depth")
    func depths() {
        let size = Size(width: 8, height: 3)
        let indexed = ImageRenderer.cells(for: Self.gradient, size: size, colorDepth: .indexed256)
        #expect(
            indexed.cells.allSatisfy { cell in
                [cell.style.foreground, cell.style.background].allSatisfy { color in
                    if case .indexed(let index) = color { return index >= 16 }
                    return color == .default
                }
            })
        let ansi = ImageRenderer.cells(for: Self.gradient, size: size, colorDepth: .ansi16)
        #expect(
            ansi.cells.allSatisfy { cell in
                [cell.style.foreground, cell.style.background].allSatisfy { color in
                    if case .ansi = color { return true }
                    return color == .default
                }
            })
        let none = ImageRenderer.cells(for: Self.disc, size: size, colorDepth: .none)
        #expect(none.cells.allSatisfy { $0.style.foreground == .default && $0.style.background == .default })
        #expect(Set(none.cells.map(\.grapheme)).count > 1, "shapes remain without color")
    }

    @Test("transparent pixels leave the default background")
    func transparency() throws {
        let image = ImageRenderer.cells(for: Self.disc, size: Size(width: 12, height: 6), colorDepth: .trueColor)
        let corner = try #require(image.cells.first)
        #expect(corner.style.background == .default)
    }

    @Test("fitting keeps the aspect ratio for cells twice as tall as wide")
    func fitting() {
        #expect(ImageRenderer.fittingSize(for: Self.disc, within: Size(width: 40, height: 10)) == Size(width: 20, height: 10))
        #expect(ImageRenderer.fittingSize(for: Self.gradient, within: Size(width: 8, height: 10)) == Size(width: 8, height: 2))
    }

    @Test("sixel and kitty graphics are escape strings")
    func pixelGraphics() throws {
        let sixel = try #require(ImageRenderer.graphic(for: Self.disc, size: Size(width: 6, height: 3), kind: .sixel))
        #expect(sixel.escape.starts(with: [0x1B, 0x50]))
        #expect(sixel.escape.suffix(2) == [0x1B, 0x5C])
        let kitty = try #require(ImageRenderer.graphic(for: Self.disc, size: Size(width: 6, height: 3), kind: .kitty))
        #expect(String(decoding: kitty.escape.prefix(3), as: UTF8.self) == "\u{1B}_G")
        #expect(kitty != sixel)
        #expect(ImageRenderer.graphic(for: Self.disc, size: .zero, kind: .kitty) == nil)
    }

    @Test("capabilities from chafa's terminal database and the environment")
    func capabilities() {
        let kitty = TerminalCapabilities.detect(environment: ["TERM": "xterm-kitty", "COLORTERM": "truecolor"])
        #expect(kitty == TerminalCapabilities(colorDepth: .trueColor, sixel: false, kitty: true))
        let foot = TerminalCapabilities.detect(environment: ["TERM": "foot"])
        #expect(foot.sixel && !foot.kitty)
        let xterm = TerminalCapabilities.detect(environment: ["TERM": "xterm-256color"])
        #expect(xterm == TerminalCapabilities(colorDepth: .indexed256))
        #expect(GraphicsMode.auto.resolved(for: kitty) == .kitty)
        #expect(GraphicsMode.auto.resolved(for: foot) == .sixel)
        #expect(GraphicsMode.auto.resolved(for: xterm) == .symbols)
        #expect(GraphicsMode.sixel.resolved(for: xterm) == .sixel, "an explicit mode is an override")
        #expect(GraphicsMode.kitty.resolved(for: kitty) == .kitty)
        #expect(GraphicsMode.none.resolved(for: kitty) == .none)
        #expect(PixelImage(width: 2, height: 2, rgba: [0, 0, 0]) == nil)
    }
}
