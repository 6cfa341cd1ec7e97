extension FrameRenderer {
    /// What a frame does with pixel graphics once the old ones are dealt with.
    struct GraphicsPlan {
        /// Placements to draw after the cells.
        var toDraw: [GraphicPlacement] = []
    }

    /// Compares the graphics the terminal shows (moved by `move`, if the terminal scrolled)
    /// with the frame's: those still placed where they are stay (the cells under a sixel are
    /// covered: not written); the others are removed (a sixel's cells forced to be
    /// repainted); the frame's graphics not on screen yet are to be drawn.
    mutating func planGraphics(for frame: ScreenBuffer, after move: ScrollMove?, marks: inout CellMarks, into out: inout ByteWriter) -> GraphicsPlan {
        if graphics.shown.isEmpty && frame.graphics.isEmpty { return GraphicsPlan() }
        let wanted = frame.graphics
        var matched = [Bool](repeating: false, count: wanted.count)
        var kept: [GraphicsLedger.Shown] = []
        kept.reserveCapacity(graphics.shown.count)
        // Indices into the graphics shown, with where their pixels may be: no copies.
        var removed: [(index: Int, stale: Stale)] = []
        for index in graphics.shown.indices {
            let rect = graphics.shown[index].rect
            // Where the pixels may be now: where they were, unless a scroll moved them.
            var stale = Stale(rect)
            var now = rect
            var disturbed = false
            if let move, rect.y < move.region.upperBound, rect.maxY > move.region.lowerBound {
                let region = move.region
                // Sixel pixels move with the text in the region (xterm, foot, mlterm). Kitty
                // placements are placed again by id, whatever the terminal did with them;
                // inside tmux, tmux may redraw the rows, erasing pixels it does not know.
                if graphics.shown[index].graphic.kind == .sixel && passthrough == nil, let carried = move.carries(rect) {
                    now = carried
                    stale = Stale(carried)
                } else {
                    disturbed = true
                    let shifted = Rect(x: rect.x, y: rect.y - move.shift, width: rect.width, height: rect.height)
                    stale.moved = shifted.intersection(Rect(x: 0, y: region.lowerBound, width: frame.size.width, height: region.count))
                }
            }
            if !disturbed, let match = Self.unmatched(graphics.shown[index].graphic, at: now, in: wanted, matched: matched) {
                matched[match] = true
                var shown = graphics.shown[index]
                shown.rect = now
                kept.append(shown)
                // A space written over sixel pixels erases them; kitty images lie above the
                // text, so the cells under them are kept up to date instead.
                if shown.graphic.kind == .sixel { marks.cover(now) }
                continue
            }
            removed.append((index, stale))
        }
        // When every kitty placement goes (a page turned), one command deletes them all.
        let allKittyGo = removed.count(where: { graphics.shown[$0.index].kitty != nil }) > 1 && !kept.contains { $0.kitty != nil }
        if allKittyGo { writeOuter(KittyCommands.deleteAllPlacements, into: &out) }
        for (index, stale) in removed where !(allKittyGo && graphics.shown[index].kitty != nil) {
            remove(graphics.shown[index], stale: stale, marks: &marks, into: &out)
        }
        graphics.shown = kept
        var plan = GraphicsPlan()
        plan.toDraw.reserveCapacity(wanted.count - kept.count)
        for (index, placement) in wanted.enumerated() where !matched[index] { plan.toDraw.append(placement) }
        return plan
    }

    /// Where a graphic's pixels may be: where it was, and after a scroll that disturbed it,
    /// where the scroll may have moved them.
    struct Stale {
        var rect: Rect
        var moved: Rect?

        init(_ rect: Rect) {
            self.rect = rect
        }
    }

    /// The first placement of `wanted` not matched yet that shows `graphic` at `rect`.
    /// Compared in place, id first: no placement is copied.
    private static func unmatched(_ graphic: TerminalGraphic, at rect: Rect, in wanted: [GraphicPlacement], matched: [Bool]) -> Int? {
        wanted.withUnsafeBufferPointer { wanted in
            for index in wanted.indices where !matched[index] && wanted[index].graphic.id == graphic.id {
                if wanted[index].rect == rect && wanted[index].graphic == graphic { return index }
            }
            return nil
        }
    }

    /// Removes a graphic from the terminal: a kitty placement by id; sixel pixels by
    /// repainting the cells (and, inside tmux, erasing them on the outer terminal).
    private mutating func remove(_ shown: GraphicsLedger.Shown, stale: Stale, marks: inout CellMarks, into out: inout ByteWriter) {
        if let kitty = shown.kitty {
            var command = ByteWriter()
            command.append("\u{1B}_Ga=d,d=i,i=")
            command.appendDecimal(Int(kitty.image))
            command.append(",p=")
            command.appendDecimal(Int(kitty.placement))
            command.append(",q=2\u{1B}\\")
            writeOuter(command.bytes, into: &out)
        }
        // Sixel pixels are overdrawn by repainting the cells; under a kitty image the cells
        // are already what the frame has, and deleting the placement uncovers them.
        guard shown.graphic.kind == .sixel else { return }
        for rect in [stale.rect, stale.moved].compactMap(\.self) {
            marks.force(rect)
            if let passthrough { eraseOuter(rect, passthrough: passthrough, into: &out) }
        }
    }

    /// Erases a rectangle on the terminal outside tmux, which does not know pixels are there.
    private mutating func eraseOuter(_ rect: Rect, passthrough: TmuxPassthrough, into out: inout ByteWriter) {
        for y in rect.y..<rect.maxY {
            var erase = ByteWriter()
            erase.append("\u{1B}[m\u{1B}[")
            erase.appendDecimal(rect.width)
            erase.append(0x58)
            passthrough.append(erase.bytes, at: Point(x: rect.x, y: y), into: &out)
        }
        cursor = .zero  // `ESC [ r` homes the pane's cursor
    }

    /// Writes a graphic at its rectangle's top-left cell and records it as shown. A kitty
    /// image the terminal holds is placed again by id; a new one is sent with its ids.
    mutating func drawGraphic(_ placement: GraphicPlacement, into out: inout ByteWriter) {
        let graphic = placement.graphic
        let origin = Point(x: placement.rect.x, y: placement.rect.y)
        var kitty: (image: UInt32, placement: UInt32)?
        var sendsImage = true
        if graphic.kind == .kitty {
            let placementID = graphics.nextPlacement()
            if let image = graphics.kittyImages.id(of: graphic) {
                kitty = (image, placementID)
                sendsImage = false
            } else {
                let inUse = Set(graphics.shown.compactMap { $0.kitty?.image })
                let (image, evicted) = graphics.kittyImages.insert(graphic, inUse: inUse)
                if let evicted { writeOuter(KittyCommands.deleteImage(evicted), into: &out) }
                kitty = (image, placementID)
            }
        }
        func write(into out: inout ByteWriter) {
            switch (kitty, sendsImage) {
            case (let ids?, true): KittyCommands.transmit(graphic, image: ids.image, placement: ids.placement, into: &out)
            case (let ids?, false): out.append(contentsOf: KittyCommands.place(image: ids.image, placement: ids.placement, size: placement.rect.size))
            case (nil, _): out.append(contentsOf: graphic.escape)
            }
        }
        if let passthrough {
            var inner = ByteWriter()
            write(into: &inner)
            passthrough.append(inner.bytes, at: origin, into: &out)
        } else {
            CursorMotion.append(from: cursor, to: origin, into: &out)
            setPen(.plain, into: &out)
            write(into: &out)
        }
        cursor = nil
        graphics.shown.append(GraphicsLedger.Shown(graphic: graphic, rect: placement.rect, kitty: kitty))
    }

    /// Before a full redraw: every kitty placement goes (their images stay, to be placed
    /// again); sixel pixels go with the cleared screen.
    mutating func clearGraphics(into out: inout ByteWriter) {
        if graphics.shown.contains(where: { $0.kitty != nil }) {
            writeOuter(KittyCommands.deleteAllPlacements, into: &out)
        }
        graphics.shown.removeAll()
    }

    /// Writes a command for the terminal itself, through tmux's passthrough when inside tmux.
    private func writeOuter(_ bytes: [UInt8], into out: inout ByteWriter) {
        if passthrough != nil {
            TmuxPassthrough.append(bytes, into: &out)
        } else {
            out.append(contentsOf: bytes)
        }
    }
}
