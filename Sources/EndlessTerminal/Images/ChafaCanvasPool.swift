import CChafa
import Synchronization

/// chafa canvases kept for the next picture of the same size, colors and symbols.
///
/// A new canvas copies its configuration's symbol map and builds the map's tables again (each
/// symbol's coverage, sorted) before it draws a pixel: for a row's avatar, six cells by three,
/// that was more work than the drawing. A canvas drawn again with new pixels keeps its tables
/// (chafa replaces the pixels and computes every cell afresh), so pictures of one size, as a
/// list's avatars are, build the tables once.
///
/// A canvas is drawn on by one thread at a time: one lent by ``withCanvas(_:make:_:)`` is out
/// of the pool until the call returns. The pool keeps at most ``capacity`` idle canvases, the
/// most recently returned, and none larger than ``largestKept`` cells, so its memory is bounded
/// whatever sizes come (a photo feed's rows each have their own, and a resized terminal's
/// details picture another): a large picture's drawing outweighs the tables anyway.
final class ChafaCanvasPool: Sendable {
    /// What makes two canvases interchangeable.
    struct Key: Hashable, Sendable {
        let size: Size
        let mode: ChafaCanvasMode.RawValue
        let symbols: SymbolSet
    }

    /// A canvas owned by the pool while idle. chafa's canvases are plain heap objects with no
    /// tie to a thread; the pool lends each to one caller at a time.
    private struct Canvas: @unchecked Sendable {
        let key: Key
        let pointer: OpaquePointer
    }

    /// The most idle canvases kept.
    let capacity: Int
    /// The most cells a canvas kept idle may have; a larger one is let go after its picture.
    let largestKept: Int
    private let idle = Mutex<[Canvas]>([])
    private let madeCount = Atomic<Int>(0)

    /// The pool ``ImageRenderer`` draws cells with.
    static let shared = ChafaCanvasPool(capacity: 8)

    /// - Parameters:
    ///   - capacity: the most idle canvases kept (at least 1).
    ///   - largestKept: the most cells a kept canvas may have: a list's pictures, not a
    ///     screenful.
    init(capacity: Int, largestKept: Int = 1024) {
        self.capacity = max(1, capacity)
        self.largestKept = largestKept
    }

    /// Canvases made so far; every other picture reused one (tests count with it).
    var made: Int { madeCount.load(ordering: .relaxed) }

    /// Runs `body` with an idle canvas for `key`, or with one `make` makes when none is idle,
    /// and keeps the canvas for the next call after.
    /// - Returns: `body`'s result, or nil when `make` made no canvas.
    func withCanvas<Result>(_ key: Key, make: () -> OpaquePointer?, _ body: (OpaquePointer) -> Result) -> Result? {
        let lent =
            idle.withLock { idle -> Canvas? in
                guard let index = idle.lastIndex(where: { $0.key == key }) else { return nil }
                return idle.remove(at: index)
            }
            ?? make().map { pointer in
                madeCount.add(1, ordering: .relaxed)
                return Canvas(key: key, pointer: pointer)
            }
        guard let lent else { return nil }
        let result = body(lent.pointer)
        guard key.size.area <= largestKept else {
            chafa_canvas_unref(lent.pointer)
            return result
        }
        let evicted = idle.withLock { idle -> Canvas? in
            idle.append(lent)
            return idle.count > capacity ? idle.removeFirst() : nil
        }
        if let evicted { chafa_canvas_unref(evicted.pointer) }
        return result
    }

    /// Lets go of every idle canvas.
    func removeAll() {
        let all = idle.withLock { idle in
            defer { idle.removeAll() }
            return idle
        }
        for canvas in all { chafa_canvas_unref(canvas.pointer) }
    }

    /// Idle canvases now (for tests).
    var idleCount: Int { idle.withLock { $0.count } }

    deinit {
        removeAll()
    }
}
