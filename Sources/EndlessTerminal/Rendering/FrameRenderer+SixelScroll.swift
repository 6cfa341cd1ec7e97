extension ScrollMove {
    /// Where the terminal's scroll leaves pixels that were drawn over `rect`: moved with the
    /// text when the region holds them wholly before and after, where they were when the
    /// region misses them, and nil when the scroll cuts through them (some rows scroll, some
    /// stay, some are lost).
    func carries(_ rect: Rect) -> Rect? {
        let region = self.region
        guard rect.y < region.upperBound, rect.maxY > region.lowerBound else { return rect }
        let shifted = Rect(x: rect.x, y: rect.y - shift, width: rect.width, height: rect.height)
        let inside =
            rect.y >= region.lowerBound && rect.maxY <= region.upperBound
            && shifted.y >= region.lowerBound && shifted.maxY <= region.upperBound
        return inside ? shifted : nil
    }

    /// ``carries(_:)`` by `move`, or `rect` itself when there is no move.
    static func carries(_ rect: Rect, by move: ScrollMove?) -> Rect? {
        guard let move else { return rect }
        return move.carries(rect)
    }
}

extension FrameRenderer {
    /// A scroll that carries sixel pictures to where the frame wants them, when it costs
    /// fewer bytes than `found` (the move the row hashes found, or none).
    ///
    /// Row hashes find a move from rows that moved unchanged. A list of tall rows, each a
    /// picture beside a few lines of text (photos), changes every row of the item that moves
    /// into the selection: its highlight runs down its whole height. No row matches, so no
    /// move was found, and the moved picture was sent again at its new place: a held `j`
    /// over sixel photos sent each photo twice, 40-200 KB apiece. Here each sixel shown
    /// lower down (the same picture, at the same columns) proposes the shift
    /// that brings it to its new place; a shift is taken when the bytes it is estimated to
    /// cost (each row repaired from where the scroll leaves it, each picture not carried
    /// sent) are fewer than without it.
    ///
    /// Only outside tmux, where sixel pixels move with the text (see ``planGraphics``), and
    /// only for content moving up.
    func sixelScroll(old: ScreenBuffer, new frame: ScreenBuffer, oldRows: RowHashes, newRows: RowHashes, found: ScrollMove?) -> ScrollMove? {
        let shownSixels = graphics.shown.filter { $0.graphic.kind == .sixel }
        guard passthrough == nil, !shownSixels.isEmpty else { return nil }
        // The block of rows each shift would carry pictures into, in the new frame's rows.
        var blocks: [(shift: Int, rows: Range<Int>)] = []
        for placement in frame.graphics where placement.graphic.kind == .sixel {
            let rect = placement.rect
            // Already there, or carried there by the move found: nothing to propose.
            if shownSixels.contains(where: { $0.graphic == placement.graphic && ScrollMove.carries($0.rect, by: found) == rect }) {
                continue
            }
            // Only up (`j`): a picture carried down (`k`, `ESC [ T`) left its old pixels behind
            // in xterm, under the picture drawn in its place.
            for shown in shownSixels
            where shown.graphic == placement.graphic && shown.rect.x == rect.x && shown.rect.size == rect.size && shown.rect.y > rect.y {
                let shift = shown.rect.y - rect.y
                if let index = blocks.firstIndex(where: { $0.shift == shift }) {
                    let rows = blocks[index].rows
                    blocks[index].rows = min(rows.lowerBound, rect.y)..<max(rows.upperBound, rect.maxY)
                } else {
                    blocks.append((shift, rect.y..<rect.maxY))
                }
            }
        }
        guard !blocks.isEmpty else { return nil }
        var estimate = RepairCost(old: old, new: frame, oldHashes: oldRows.hashes, newHashes: newRows.hashes)
        var best = (move: found, bytes: estimatedBytes(after: found, shown: shownSixels, frame: frame, estimate: &estimate))
        for block in blocks {
            let move = ScrollMove(top: block.rows.lowerBound, bottom: block.rows.upperBound, shift: block.shift)
            let bytes = estimatedBytes(after: move, shown: shownSixels, frame: frame, estimate: &estimate)
            if bytes < best.bytes { best = (move, bytes) }
        }
        return best.move == found ? nil : best.move
    }

    /// About the bytes that bring the terminal to `frame` after `move` (nil: none): every
    /// row repaired from where the scroll leaves it, and every sixel the scroll does not
    /// bring to its place sent.
    private func estimatedBytes(after move: ScrollMove?, shown: [GraphicsLedger.Shown], frame: ScreenBuffer, estimate: inout RepairCost) -> Int {
        let height = frame.size.height
        let sources = move?.rowSources(height: height) ?? Array(0..<height)
        var bytes = 0
        for y in 0..<height {
            bytes += estimate.cost(row: y, from: sources[y] < 0 ? nil : sources[y])
        }
        var carried = shown.compactMap { shown in ScrollMove.carries(shown.rect, by: move).map { (graphic: shown.graphic, rect: $0) } }
        for placement in frame.graphics where placement.graphic.kind == .sixel {
            if let index = carried.firstIndex(where: { $0.rect == placement.rect && $0.graphic == placement.graphic }) {
                carried.remove(at: index)
            } else {
                bytes += placement.graphic.escape.count
            }
        }
        return bytes
    }
}
