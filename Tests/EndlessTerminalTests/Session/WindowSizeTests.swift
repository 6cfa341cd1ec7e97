import Glibc
import Testing

@testable import EndlessTerminal

/// The window's size as the session believes it (`TIOCGWINSZ` is set by whoever holds the
/// terminal).
@Suite("The window's size")
struct WindowSizeTests {
    @Test("a window within 2,000 cells a side is taken as reported, its pixels too")
    func ordinary() throws {
        let window = try #require(RawMode.windowSize(winsize(ws_row: 30, ws_col: 100, ws_xpixel: 1000, ws_ypixel: 600)))
        #expect(window.cells == Size(width: 100, height: 30))
        #expect(window.pixels == Size(width: 1000, height: 600))
        let edge = try #require(RawMode.windowSize(winsize(ws_row: 2000, ws_col: 2000, ws_xpixel: 0, ws_ypixel: 0)))
        #expect(edge.cells == Size(width: 2000, height: 2000))
        #expect(edge.pixels == nil)
    }

    @Test("a larger one is drawn in its top-left 2,000 × 2,000 cells, its pixels cut alike, so a cell keeps its size")
    func huge() throws {
        let window = try #require(RawMode.windowSize(winsize(ws_row: 65_535, ws_col: 4000, ws_xpixel: 40_000, ws_ypixel: 65_535)))
        #expect(window.cells == Size(width: 2000, height: 2000))
        #expect(window.pixels == Size(width: 20_000, height: 2000))
        #expect(Size(width: 2001, height: 7).boundedToWindow == Size(width: 2000, height: 7))
        // One pixel across 4,000 columns, cut to 2,000: none left, so no pixel size at all.
        let thin = try #require(RawMode.windowSize(winsize(ws_row: 30, ws_col: 4000, ws_xpixel: 1, ws_ypixel: 600)))
        #expect(thin.pixels == nil)
    }

    @Test("no columns or no rows is no window")
    func empty() {
        #expect(RawMode.windowSize(winsize(ws_row: 0, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)) == nil)
        #expect(RawMode.windowSize(winsize(ws_row: 24, ws_col: 0, ws_xpixel: 0, ws_ypixel: 0)) == nil)
    }
}
