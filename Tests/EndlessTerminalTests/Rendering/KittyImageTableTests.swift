import Testing

@testable import EndlessTerminal

@Suite("Kitty images held by the terminal")
struct KittyImageTableTests {
    static func graphic(_ index: Int) -> TerminalGraphic {
        TerminalGraphic(kind: .kitty, escape: Array("picture \(index)".utf8), size: Size(width: 2, height: 1))
    }

    @Test("when full, the least recently placed image not on screen is deleted; a placed one is kept")
    func evictsLeastRecentlyUsedNotInUse() throws {
        var table = KittyImageTable(capacity: 3, firstID: 100)
        let first = table.insert(Self.graphic(1), inUse: [])
        let second = table.insert(Self.graphic(2), inUse: [])
        let third = table.insert(Self.graphic(3), inUse: [])
        #expect(first.evicted == nil && second.evicted == nil && third.evicted == nil)
        #expect(table.id(of: Self.graphic(1)) == first.id)  // 1 placed again: 2 is now the oldest
        // 2 is still on screen, so 3 goes.
        let fourth = table.insert(Self.graphic(4), inUse: [second.id])
        #expect(fourth.evicted == third.id)
        #expect(table.id(of: Self.graphic(3)) == nil)
        #expect(table.count == 3)
        // Every one on screen: nothing can be deleted, so the table grows past its capacity.
        let fifth = table.insert(Self.graphic(5), inUse: [first.id, second.id, fourth.id])
        #expect(fifth.evicted == nil && table.count == 4)
    }

    @Test("a thousand images through a small table: ids stay unique and the table stays bounded")
    func staysBounded() {
        var table = KittyImageTable(capacity: 16, firstID: 1)
        var live: Set<UInt32> = []
        for index in 0..<1000 {
            let (id, evicted) = table.insert(Self.graphic(index), inUse: [])
            if let evicted { live.remove(evicted) }
            #expect(!live.contains(id))
            live.insert(id)
        }
        #expect(table.count == 16 && live.count == 16)
    }
}
