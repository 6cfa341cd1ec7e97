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

    /// The fewest cells of content (not plain blanks) for a row to count as saved when it
    /// moves (see ``detect(oldHashes:newHashes:minimumGain:movable:)``).
    static let minimumContent = 3

    /// Whether a row of `width` cells from `cells[row]` has ``minimumContent`` cells that
    /// are not plain blanks.
    static func hasContent(_ cells: UnsafeBufferPointer<Cell>, row: Int, width: Int) -> Bool {
        var found = 0
        for x in row..<(row + width) where !cells[x].isPlainBlank {
            found += 1
            if found == minimumContent { return true }
        }
        return false
    }

    /// Looks for the shift that saves the most rewritten rows, from the row hashes of both
    /// frames (the renderer keeps the last frame's); nil when none saves at least
    /// `minimumGain` rows.
    ///
    /// Only rows that are `movable` count as saved when they move: a row of plain blanks,
    /// or with a cell or two of content (a scrollbar's track beside a kitty picture, which
    /// is placed again after a scroll anyway), costs about nothing to draw where the scroll
    /// uncovers it. Scrolling the screen for such rows would trade the rows around them,
    /// which in place share much with what the terminal shows (a list's layout), for rows
    /// drawn from nothing: a page turned in a list of kitty pictures cost more bytes
    /// scrolled than diffed in place. `movable` is asked once per row, only about changed
    /// rows that match an old row elsewhere.
    static func detect(oldHashes: [UInt64], newHashes: [UInt64], minimumGain: Int = 3, movable: (Int) -> Bool) -> ScrollMove? {
        let height = newHashes.count
        guard oldHashes.count == height, height >= 3 else { return nil }
        var changedRows = 0
        for y in 0..<height where oldHashes[y] != newHashes[y] { changedRows += 1 }
        guard changedRows >= minimumGain else { return nil }

        // Each changed row votes for the shifts that would bring its content from where it
        // was; only the most voted shifts are evaluated. Screens are a few dozen rows high,
        // so plain arrays beat dictionaries: no allocation per row.
        var votes = [Int](repeating: 0, count: 2 * height + 1)  // index: shift + height
        // Changed rows that match an old row elsewhere and are worth moving.
        var counted = [Bool](repeating: false, count: height)
        // A 1024-bit filter of the old hashes: most rows of a page turned match none, and
        // are let go after one look instead of a walk over every old row.
        var filter = [UInt64](repeating: 0, count: 16)
        @inline(__always) func slot(_ hash: UInt64) -> (word: Int, bit: UInt64) { (Int(hash >> 60), 1 << (hash >> 54 & 63)) }
        for hash in oldHashes {
            let (word, bit) = slot(hash)
            filter[word] |= bit
        }
        oldHashes.withUnsafeBufferPointer { old in
            newHashes.withUnsafeBufferPointer { new in
                for y in 0..<height where new[y] != old[y] {
                    let (word, bit) = slot(new[y])
                    guard filter[word] & bit != 0 else { continue }
                    var found = 0
                    for source in 0..<height where source != y && old[source] == new[y] {
                        if found == 0 {
                            guard movable(y) else { break }
                            counted[y] = true
                        }
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
            guard let candidate = evaluate(shift: chosen - height, old: oldHashes, new: newHashes, counted: counted) else { continue }
            if candidate.gain > (best?.gain ?? minimumGain - 1) { best = candidate }
        }
        return best?.move
    }

    /// `move` again, if it is still the block its shift finds (the same rows, from the first
    /// to the last that moved by it) and still saves at least `minimumGain` rows: what a held
    /// key scrolling by the same rows finds frame after frame, confirmed in one pass over the
    /// rows instead of the votes of every changed row against every old row (issue 29). Nil
    /// to look for the best move anew. Another shift might save a row or two more; any move
    /// gives the right frame.
    static func again(
        _ move: ScrollMove, oldHashes: [UInt64], newHashes: [UInt64], minimumGain: Int = 3, movable: (Int) -> Bool
    ) -> ScrollMove? {
        let height = newHashes.count
        guard oldHashes.count == height, move.top >= 0, move.bottom <= height, move.top < move.bottom else { return nil }
        var counted = [Bool](repeating: false, count: height)
        for y in move.top..<move.bottom {
            let source = y + move.shift
            guard source >= 0, source < height else { return nil }
            if newHashes[y] == oldHashes[source], newHashes[y] != oldHashes[y] { counted[y] = movable(y) }
        }
        guard let found = evaluate(shift: move.shift, old: oldHashes, new: newHashes, counted: counted), found.move == move,
            found.gain >= minimumGain
        else { return nil }
        return move
    }

    /// The region and gain for one shift: the rows from the first to the last that match,
    /// counting rows saved (those `counted` as worth moving) minus rows that matched in
    /// place and would now need rewriting.
    private static func evaluate(shift: Int, old: [UInt64], new: [UInt64], counted: [Bool]) -> (move: ScrollMove, gain: Int)? {
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
            if moved && !inPlace && counted[y] { gain += 1 }
            if inPlace && !moved { gain -= 1 }
        }
        return (ScrollMove(top: first, bottom: last + 1, shift: shift), gain)
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
