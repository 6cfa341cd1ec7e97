import Testing

@testable import EndlessTerminal

@Suite("Layout")
struct LayoutTests {
    @Test("fixed bands and a flexible middle")
    func headerListFooter() {
        let parts = Layout.rows([.fixed(1), .flexible, .fixed(1)], in: Rect(x: 0, y: 0, width: 80, height: 24))
        #expect(parts == [Rect(x: 0, y: 0, width: 80, height: 1), Rect(x: 0, y: 1, width: 80, height: 22), Rect(x: 0, y: 23, width: 80, height: 1)])
    }

    @Test("weights share the remainder and always add up")
    func weights() {
        #expect(Layout.split([.flexible(weight: 1, min: 0), .flexible(weight: 2, min: 0)], total: 10, spacing: 0) == [3, 7])
        #expect(Layout.split([.flexible, .flexible, .flexible], total: 10, spacing: 0) == [4, 3, 3])
        #expect(Layout.split([.fixed(2), .flexible(weight: 1, min: 5), .flexible(weight: 1, min: 0)], total: 13, spacing: 1) == [2, 7, 2])
        let columns = Layout.columns([.fixed(7), .flexible], in: Rect(x: 3, y: 2, width: 40, height: 3), spacing: 1)
        #expect(columns == [Rect(x: 3, y: 2, width: 7, height: 3), Rect(x: 11, y: 2, width: 32, height: 3)])
    }

    @Test("when space runs out, flexible bands shrink first, then fixed ones from the end")
    func shortage() {
        #expect(Layout.split([.fixed(1), .atLeast(3), .fixed(1)], total: 4, spacing: 0) == [1, 2, 1])
        #expect(Layout.split([.fixed(1), .atLeast(3), .fixed(1)], total: 1, spacing: 0) == [1, 0, 0])
        #expect(Layout.split([.fixed(5)], total: 0, spacing: 0) == [0])
        #expect(Layout.split([], total: 10, spacing: 0) == [])
    }

    @Test("rectangles: intersection, inset, centering")
    func rects() {
        let rect = Rect(x: 2, y: 2, width: 10, height: 6)
        #expect(rect.intersection(Rect(x: 8, y: 0, width: 10, height: 4)) == Rect(x: 8, y: 2, width: 4, height: 2))
        #expect(rect.intersection(Rect(x: 20, y: 0, width: 1, height: 1)).isEmpty)
        #expect(rect.inset(horizontal: 1, vertical: 1) == Rect(x: 3, y: 3, width: 8, height: 4))
        #expect(rect.inset(horizontal: 6).width == 0)
        #expect(rect.centered(Size(width: 4, height: 2)) == Rect(x: 5, y: 4, width: 4, height: 2))
        #expect(rect.contains(Point(x: 2, y: 7)) && !rect.contains(Point(x: 12, y: 2)))
    }
}
