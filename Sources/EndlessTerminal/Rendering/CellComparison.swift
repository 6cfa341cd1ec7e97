import Glibc

/// Compares runs of cells of two frames, as the diff does for every row it looks at.
///
/// Cells are compared as raw memory, a block at a time: a cell is its key and packed style,
/// plain memory, so identical bytes are equal cells and different bytes different ones, and
/// `memcmp` walks a run of unchanged cells many times faster than a cell-by-cell loop.
enum CellComparison {
    /// Cells per block compared with one `memcmp` once a run is known to differ somewhere.
    static let block = 8

    /// The offset of the first of `count` cells from `new[i]` and `old[j]` that differ, nil
    /// when all are equal.
    @inline(__always)
    static func firstDifference(_ new: UnsafeBufferPointer<Cell>, _ i: Int, _ old: UnsafeBufferPointer<Cell>, _ j: Int, count: Int) -> Int? {
        guard count > 0, let newBase = new.baseAddress, let oldBase = old.baseAddress else { return nil }
        let stride = MemoryLayout<Cell>.stride
        let newRun = UnsafeRawPointer(newBase + i)
        let oldRun = UnsafeRawPointer(oldBase + j)
        if memcmp(newRun, oldRun, count * stride) == 0 { return nil }
        var x = 0
        while x < count {
            let length = min(block, count - x)
            if memcmp(newRun + x * stride, oldRun + x * stride, length * stride) != 0 {
                for offset in x..<(x + length) where new[i + offset] != old[j + offset] { return offset }
            }
            x += length
        }
        return nil
    }

    /// The first column from `x` where row `newRow` of `new` and row `oldRow` of `old`
    /// differ, `width` when none does. A few cells are looked at one by one first: the next
    /// change is often near, and a `memcmp` call costs more than a cell or two.
    @inline(__always)
    static func nextDifference(
        _ new: UnsafeBufferPointer<Cell>, row newRow: Int, _ old: UnsafeBufferPointer<Cell>, row oldRow: Int, from x: Int, width: Int
    ) -> Int {
        var x = x
        let near = min(width, x + 4)
        while x < near {
            if new[newRow + x] != old[oldRow + x] { return x }
            x += 1
        }
        guard let offset = firstDifference(new, newRow + x, old, oldRow + x, count: width - x) else { return width }
        return x + offset
    }
}
