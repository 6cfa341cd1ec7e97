import EndlessShared
import Glibc

/// What pixel graphics the terminal shows, as far as the renderer knows, and which kitty
/// images it holds.
struct GraphicsLedger: Sendable {
    /// A graphic on screen, where it is now (a scroll may have moved it since it was drawn).
    struct Shown: Sendable {
        var graphic: TerminalGraphic
        var rect: Rect
        /// For kitty: the image and placement ids, to delete exactly this placement.
        var kitty: (image: UInt32, placement: UInt32)?
    }

    var shown: [Shown] = []
    var kittyImages = KittyImageTable()
    private var lastPlacement: UInt32 = 0

    /// A new placement id (kitty ids are 32-bit and must not be 0).
    mutating func nextPlacement() -> UInt32 {
        lastPlacement = lastPlacement == UInt32.max ? 1 : lastPlacement + 1
        return lastPlacement
    }
}

/// The kitty images the terminal holds, by graphic, least recently used first out.
///
/// Kitty keeps transmitted image data until deleted, so an image is sent once and placed
/// again by id (a few dozen bytes instead of its pixels). The table is bounded; an image
/// evicted from it is deleted from the terminal too, so the terminal's memory stays bounded.
struct KittyImageTable: Sendable {
    static let defaultCapacity = 256

    let capacity: Int
    /// Evicted by hand (see `insert`), so unbounded itself.
    private var ids = LRUList<TerminalGraphic, UInt32>(costLimit: .max, countLimit: .max)
    private var lastID: UInt32

    /// - Parameters:
    ///   - capacity: the most images kept in the terminal.
    ///   - firstID: where ids start; a per-process base keeps two programs in one kitty window
    ///     from replacing each other's images.
    init(capacity: Int = defaultCapacity, firstID: UInt32 = KittyImageTable.processBase) {
        self.capacity = max(1, capacity)
        lastID = firstID
    }

    /// Ids from a base derived from the process id.
    static var processBase: UInt32 { UInt32(truncatingIfNeeded: getpid() & 0x7FFF) << 16 }

    var count: Int { ids.count }

    /// The id of a graphic the terminal already holds, marked as just used.
    mutating func id(of graphic: TerminalGraphic) -> UInt32? {
        ids.value(for: graphic)
    }

    /// Records a graphic about to be sent. Returns its new id and the id of an image to
    /// delete from the terminal to make room, if any. `inUse` ids are never evicted.
    mutating func insert(_ graphic: TerminalGraphic, inUse: Set<UInt32>) -> (id: UInt32, evicted: UInt32?) {
        var evicted: UInt32?
        if ids.count >= capacity, let victim = ids.oldest(where: { !inUse.contains($1) }) {
            evicted = victim.value
            ids.remove(victim.key)
        }
        lastID = lastID == UInt32.max ? 1 : lastID + 1
        ids.insert(lastID, for: graphic, cost: 1)
        return (lastID, evicted)
    }

    /// Forgets every image (the terminal was told to delete them all).
    mutating func removeAll() {
        ids.removeAll()
    }
}
