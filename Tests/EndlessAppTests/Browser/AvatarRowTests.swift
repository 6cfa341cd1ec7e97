import EndlessFeedModel
import EndlessImages
import EndlessTerminal
import EndlessTerminalTesting
import Foundation
import Testing

@testable import EndlessApp

/// The row people and users share: two lines beside a 4×2 picture, and a selection that is a
/// bar in the gutter alone, so that moving it rewrites the gutter and never the text.
@Suite("Avatar rows")
@MainActor
struct AvatarRowTests {
    static let width = 60

    /// A screen of `count` rows from line 1, `selected` among them.
    static func rows(
        _ count: Int, selected: Int?, image: DecodedImage? = nil,
        cells: ImageCells = ImageCells(mode: .none, colorDepth: .trueColor, cellPixelSize: nil)
    ) -> ScreenBuffer {
        var frame = ScreenBuffer(size: Size(width: width, height: 1 + count * AvatarRow.height))
        frame.write("header", at: .zero)
        for index in 0..<count {
            let rect = Rect(x: 0, y: 1 + index * AvatarRow.height, width: width - 1, height: AvatarRow.height)
            let context = RowContext(
                rect: rect, isSelected: index == selected, image: image, placeholder: nil, cells: cells, now: Date(timeIntervalSince1970: 0))
            AvatarRow.draw(
                title: UntrustedText("Mr Leo Bennink \(index)"), subtitle: UntrustedText("Almere, Netherlands · \(30 + index)"),
                initials: UntrustedText("LB"), context: context, into: &frame)
        }
        return frame
    }

    @Test("two lines: the name bold, the place dim, beside a 4×2 square with the initials centred while the picture loads")
    func layout() {
        #expect(AvatarRow.height == 2)
        #expect(AvatarRow.imageSize == Size(width: 4, height: 2))
        let frame = Self.rows(1, selected: nil)
        #expect(frame.lines[1].hasPrefix("       Mr Leo Bennink 0"))
        #expect(frame.lines[2].hasPrefix("  LB   Almere, Netherlands · 30"))
        #expect(frame[7, 1].style == Theme.name && frame[7, 2].style == Theme.subtitle)
        for y in 1...2 {
            for x in 1...4 { #expect(frame[x, y].style.background == Theme.placeholder.background, "(\(x), \(y)) is the square") }
            #expect(frame[0, y] == .blank && frame[5, y] == .blank, "nothing beside the square on line \(y)")
        }
    }

    @Test("the selected row differs from the others only by the bar in its gutter, on both lines; no background, no restyled text")
    func selectionIsTheGutterAlone() {
        let plain = Self.rows(3, selected: nil)
        let selected = Self.rows(3, selected: 1)
        var differing: [Point] = []
        for y in 0..<plain.size.height {
            for x in 0..<Self.width where plain[x, y] != selected[x, y] { differing.append(Point(x: x, y: y)) }
        }
        #expect(differing == [Point(x: 0, y: 3), Point(x: 0, y: 4)])
        for y in 3...4 {
            #expect(selected[0, y].grapheme == Theme.selectionBarGlyph && selected[0, y].style == Theme.selectionBar)
        }
        #expect(Theme.selectionBar.background == .default)
    }

    @Test("moving the selection to the next row writes the four gutter cells and none of the text")
    func movingTheSelection() {
        var terminal = InMemoryTerminal(size: Size(width: Self.width, height: 7), colorDepth: .indexed256)
        terminal.render(Self.rows(3, selected: 0))
        let next = Self.rows(3, selected: 1)
        terminal.render(next)
        #expect(terminal.shows(next))
        let output = String(decoding: terminal.lastOutput, as: UTF8.self)
        #expect(!output.contains("Leo") && !output.contains("Almere"), "\(output.debugDescription)")
        #expect(output.filter { $0 == "▌" }.count == 2)
        #expect(terminal.lastOutput.count < 60, "\(terminal.lastOutput.count) bytes: \(output.debugDescription)")
    }

    @Test("people and users ask for pictures of the row's size")
    func requestSizes() {
        #expect(PeopleFeed.rowStyle.rowImageSize == AvatarRow.imageSize)
        #expect(UsersFeed.rowStyle.rowImageSize == AvatarRow.imageSize)
        #expect(PeopleFeed.rowStyle.height(BrowseFixtures.person(1)) == 2)
    }

    @Test("a picture fills the square, and the selection bar beside it leaves it alone")
    func picture() throws {
        let url = try #require(URL(string: "http://127.0.0.1:1/face.jpg"))
        let pixels = (0..<(40 * 40)).flatMap { index -> [UInt8] in index % 40 < 20 ? [200, 150, 120, 255] : [40, 60, 90, 255] }
        let image = DecodedImage(width: 40, height: 40, pixels: pixels, request: ImageRequest(url: url, targetSize: PixelSize(width: 40, height: 40)))
        let cells = ImageCells(mode: .symbols, colorDepth: .trueColor, cellPixelSize: nil)
        let plain = Self.rows(1, selected: nil, image: image, cells: cells)
        let selected = Self.rows(1, selected: 0, image: image, cells: cells)
        for y in 1...2 {
            for x in 1...4 {
                #expect(plain[x, y].style.background != .default || plain[x, y].style.foreground != .default, "(\(x), \(y)) shows the picture")
                #expect(plain[x, y] == selected[x, y])
            }
            #expect(plain[5, y] == .blank)
        }
    }
}
