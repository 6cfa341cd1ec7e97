/// Finds a block of rows that moved up or down between two frames, so the renderer can
/// scroll them in the terminal (`ESC[t;br`, `ESC[nS`) instead of rewriting every cell.
///
/// Scrolling a list by one item shifts most rows; without this, a cell-by-cell diff rewrites
/// nearly the whole screen.
struct ScrollMove: Equatable {
    /// The first row of the region, in the new frame's coordinates.
    var top: Int
    /// The row after the last one that receives moved content.
    var bottom: Int
    /// Rows the content moves: positive is up (the list scrolled down), negative is down.
    var shift: Int

    /// The terminal's scroll region (0-based, end exclusive) that performs the move.
    var region: Range<Int> {
        shift > 0 ? top..<(bottom + shift) : (top + shift)..<bottom
    }

    /// Looks for the shift that saves the most rewritten rows; nil when none saves at least
    /// `minimumGain` rows.
    static func detect(old: ScreenBuffer, new: ScreenBuffer, minimumGain: Int = 3) -> ScrollMove? {
        detect(oldHashes: rowHashes(old), newHashes: rowHashes(new), minimumGain: minimumGain)
    }

    /// The same, from row hashes (the renderer keeps the last frame's).
    static func detect(oldHashes: [UInt64], newHashes: [UInt64], minimumGain: Int = 3) -> ScrollMove? {
        let height = newHashes.count
        guard oldHashes.count == height, height >= 3 else { return nil }
        var changedRows = 0
        for y in 0..<height where oldHashes[y] != newHashes[y] { changedRows += 1 }
        guard changedRows >= minimumGain else { return nil }

        // Each changed row votes for the shifts that would bring its content from where it
        // was; only the most voted shifts are evaluated, so the search stays linear.
        var positions: [UInt64: [Int]] = [:]
        for (y, hash) in oldHashes.enumerated() { positions[hash, default: []].append(y) }
        var votes: [Int: Int] = [:]
        for y in 0..<height where newHashes[y] != oldHashes[y] {
            guard let sources = positions[newHashes[y]] else { continue }
            for source in sources.prefix(8) where source != y { votes[source - y, default: 0] += 1 }
        }
        let candidates = votes.sorted { a, b in
            if a.value != b.value { return a.value > b.value }
            if abs(a.key) != abs(b.key) { return abs(a.key) < abs(b.key) }
            return a.key > b.key
        }
        var best: (move: ScrollMove, gain: Int)?
        for (shift, _) in candidates.prefix(4) {
            guard let candidate = evaluate(shift: shift, old: oldHashes, new: newHashes) else { continue }
            if candidate.gain > (best?.gain ?? minimumGain - 1) { best = candidate }
        }
        return best?.move
    }

    /// The region and gain for one shift: the rows from the first to the last that match,
    /// counting rows saved minus rows that matched in place and would now need rewriting.
    private static func evaluate(shift: Int, old: [UInt64], new: [UInt64]) -> (move: ScrollMove, gain: Int)? {
        let height = new.count
        var first = -1
        var last = -1
        for y in 0..<height {
            let source = y + shift
            guard source >= 0, source < height else { continue }
            if new[y] == old[source] && new[y] != old[y] {
                if first < 0 { first = y }
                last = y
            }
        }
        guard first >= 0 else { return nil }
        var gain = 0
        for y in first...last {
            let source = y + shift
            let moved = new[y] == old[source]
            let inPlace = new[y] == old[y]
            if moved && !inPlace { gain += 1 }
            if inPlace && !moved { gain -= 1 }
        }
        return (ScrollMove(top: first, bottom: last + 1, shift: shift), gain)
    }

    /// One FNV-1a hash per row over graphemes, widths and styles.
    static func rowHashes(_ buffer: ScreenBuffer) -> [UInt64] {
        let width = buffer.size.width
        var hashes = [UInt64](repeating: 0, count: buffer.size.height)
        buffer.cells.withUnsafeBufferPointer { cells in
            for y in 0..<buffer.size.height {
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for x in 0..<width {
                    let cell = cells[y * width + x]
                    for byte in cell.grapheme.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
                    hash = (hash ^ styleBits(cell.style) ^ (UInt64(cell.width) << 60)) &* 0x100_0000_01b3
                }
                hashes[y] = hash
            }
        }
        return hashes
    }

    private static func styleBits(_ style: Style) -> UInt64 {
        (colorBits(style.foreground) << 26) ^ (colorBits(style.background) << 1) ^ (UInt64(style.attributes.rawValue) << 53)
    }

    private static func colorBits(_ color: Color) -> UInt64 {
        switch color {
        case .default: return 0
        case .ansi(let index): return 1 << 24 | UInt64(index)
        case .indexed(let index): return 2 << 24 | UInt64(index)
        case .rgb(let r, let g, let b): return 3 << 24 | UInt64(r) << 16 | UInt64(g) << 8 | UInt64(b)
        }
    }

    /// Where each screen row's content comes from after the move, as the terminal does it:
    /// the old row index, or -1 for the rows the scroll uncovered (now blank).
    func rowSources(height: Int) -> [Int] {
        var sources = Array(0..<height)
        let region = self.region
        for y in region {
            let source = y + shift
            sources[y] = region.contains(source) ? source : -1
        }
        return sources
    }
}
