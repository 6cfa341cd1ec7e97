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
        // was; only the most voted shifts are evaluated. Screens are a few dozen rows high,
        // so plain arrays beat dictionaries: no allocation per row.
        var votes = [Int](repeating: 0, count: 2 * height + 1)  // index: shift + height
        oldHashes.withUnsafeBufferPointer { old in
            newHashes.withUnsafeBufferPointer { new in
                for y in 0..<height where new[y] != old[y] {
                    var found = 0
                    for source in 0..<height where source != y && old[source] == new[y] {
                        votes[source - y + height] += 1
                        found += 1
                        if found == 8 { break }
                    }
                }
            }
        }
        var best: (move: ScrollMove, gain: Int)?
        for _ in 0..<4 {
            // The most voted shift left; ties go to the smaller shift, then to scrolling up.
            var chosen = -1
            for index in votes.indices where votes[index] > 0 {
                if chosen < 0 || votes[index] > votes[chosen]
                    || (votes[index] == votes[chosen] && (abs(index - height), -index) < (abs(chosen - height), -chosen))
                {
                    chosen = index
                }
            }
            guard chosen >= 0 else { break }
            votes[chosen] = 0
            guard let candidate = evaluate(shift: chosen - height, old: oldHashes, new: newHashes) else { continue }
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

    /// One hash per row (see ``RowHashes``).
    static func rowHashes(_ buffer: ScreenBuffer) -> [UInt64] {
        RowHashes(buffer).hashes
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
