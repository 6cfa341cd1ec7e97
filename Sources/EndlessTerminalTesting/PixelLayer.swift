import EndlessTerminal

/// What a ``VirtualScreen`` shows besides its cells, modelled on real terminals so tests can
/// catch stale pixels:
///
/// - Sixel pixels belong to the cells they cover, as in xterm (checked under Xvfb): writing
///   or erasing a cell wipes its pixels, scrolling moves them with the text, and a clear wipes
///   them all. The cells covered follow from the image's raster size and ``cellPixelSize``.
/// - Kitty placements lie above the text by image and placement id: text does not touch
///   them; `a=d` commands delete them; whether a scroll moves them is a setting
///   (``kittyScrollsImages``), so tests can hold the renderer to both behaviours.
/// - Ink overflow: a glyph that may draw outside its cell (`GlyphOverflow`) leaves ink on
///   the cells beside, above and below it, which only a write or erase of those cells
///   removes, as in xterm. Ink whose glyph is no longer there is stale (``staleInk``).
public struct PixelLayer: Sendable {
    /// A cell showing part of a sixel image.
    public struct SixelPixels: Hashable, Sendable {
        /// The image, by ``VirtualScreen/fingerprint(_:continuing:)`` of its escape string.
        public var fingerprint: UInt64
        /// Where in the image this cell is, in cells from its top-left.
        public var offset: Point
    }

    /// A kitty image placed on screen.
    public struct KittyPlacement: Hashable, Sendable {
        /// The image id and the placement id.
        public var image: UInt32, placement: UInt32
        /// The cells it covers.
        public var rect: Rect
    }

    struct Ink: Hashable, Sendable {
        var dx: Int
        var dy: Int
        /// The glyph that left it, in the plain style (see ``glyph(_:)``).
        var glyph: Cell
    }

    let size: Size
    /// Pixels per cell, to turn a sixel's raster size into cells.
    public var cellPixelSize = Size(width: 10, height: 20)
    /// Whether a scroll moves the kitty placements inside the region (kitty does); off, they
    /// stay where they were.
    public var kittyScrollsImages = true
    /// Per cell, the sixel pixels it shows.
    public private(set) var sixel: [SixelPixels?]
    /// Kitty image data held, by id: the fingerprint of its payload.
    public private(set) var kittyImages: [UInt32: UInt64] = [:]
    /// Kitty placements on screen.
    public private(set) var kittyPlacements: [KittyPlacement] = []
    private(set) var ink: [[Ink]]
    /// Per cell, the glyph drawn there, in the plain style: ink is stale once its glyph is gone.
    private var cells: [Cell]
    private var transmission: (keys: [String: String], hash: UInt64, origin: Point)?

    init(size: Size) {
        self.size = size
        sixel = Array(repeating: nil, count: size.area)
        ink = Array(repeating: [], count: size.area)
        cells = Array(repeating: Cell.blank, count: size.area)
    }

    // MARK: - Cells

    mutating func write(_ cell: Cell, x: Int, y: Int, replacing old: Cell) {
        let index = y * size.width + x
        for covered in index..<min(size.area, index + max(1, Int(cell.width))) { wipe(covered) }
        // Overwriting half of a wide character repaints the whole character.
        if old.isContinuation, x > 0 { wipe(index - 1) }
        if old.width == 2, x + 1 < size.width { wipe(index + 1) }
        cells[index] = Self.glyph(cell)
        guard cell.mayOverflow else { return }
        for (dx, dy) in [(-1, 0), (Int(max(1, cell.width)), 0), (0, -1), (0, 1)] {
            let nx = x + dx
            let ny = y + dy
            guard nx >= 0, ny >= 0, nx < size.width, ny < size.height else { continue }
            ink[ny * size.width + nx].append(Ink(dx: -dx, dy: -dy, glyph: cells[index]))
        }
    }

    /// A cell's glyph without its style: ink is matched to the glyph that left it by text
    /// and width only.
    static func glyph(_ cell: Cell) -> Cell {
        var glyph = cell
        glyph.style = .plain
        return glyph
    }

    mutating func erase(_ index: Int) {
        wipe(index)
        cells[index] = Cell.blank
    }

    private mutating func wipe(_ index: Int) {
        sixel[index] = nil
        if !ink[index].isEmpty { ink[index].removeAll() }
    }

    mutating func scroll(top: Int, bottom: Int, count: Int) {
        let width = size.width
        func shifted<T>(_ array: [T], blank: T) -> [T] {
            var result = array
            for y in top..<bottom {
                let source = y + count
                for x in 0..<width {
                    result[y * width + x] = source >= top && source < bottom ? array[source * width + x] : blank
                }
            }
            return result
        }
        sixel = shifted(sixel, blank: nil)
        ink = shifted(ink, blank: [])
        cells = shifted(cells, blank: Cell.blank)
        guard kittyScrollsImages else { return }
        kittyPlacements = kittyPlacements.compactMap { placement in
            guard placement.rect.maxY > top, placement.rect.y < bottom else { return placement }
            var moved = placement
            moved.rect.y -= count
            // Partly scrolled out of the region: clipped away (kitty crops; this drops it).
            return moved.rect.y >= top && moved.rect.maxY <= bottom ? moved : nil
        }
    }

    mutating func clearAll() {
        for index in 0..<size.area { erase(index) }
    }

    mutating func switchScreen() {
        clearAll()
        kittyPlacements.removeAll()
    }

    /// Cells with ink of a glyph that is no longer where it was drawn.
    public var staleInk: [Point] {
        var stale: [Point] = []
        for index in 0..<size.area {
            let x = index % size.width
            let y = index / size.width
            for mark in ink[index] {
                let sx = x + mark.dx
                let sy = y + mark.dy
                let source = sx >= 0 && sy >= 0 && sx < size.width && sy < size.height ? cells[sy * size.width + sx] : nil
                if source != mark.glyph {
                    stale.append(Point(x: x, y: y))
                    break
                }
            }
        }
        return stale
    }

    // MARK: - Sixel

    mutating func drawSixel(_ body: [UInt8], at origin: Point, screen: Size) {
        let fingerprint = VirtualScreen.fingerprint([0x1B, 0x50] + body + [0x1B, 0x5C])
        var columns = 1
        var rows = 1
        // Raster attributes `"Pan;Pad;Ph;Pv` give the size in pixels.
        if let quote = body.firstIndex(of: 0x22) {
            let numbers = body[(quote + 1)...].prefix { $0 == 0x3B || ($0 >= 0x30 && $0 <= 0x39) }
                .split(separator: 0x3B).compactMap { Int(String(decoding: $0, as: UTF8.self)) }
            if numbers.count == 4 {
                columns = max(1, (numbers[2] + cellPixelSize.width - 1) / cellPixelSize.width)
                rows = max(1, (numbers[3] + cellPixelSize.height - 1) / cellPixelSize.height)
            }
        }
        for dy in 0..<rows {
            for dx in 0..<columns {
                let x = origin.x + dx
                let y = origin.y + dy
                guard x < screen.width, y < screen.height else { continue }
                sixel[y * screen.width + x] = SixelPixels(fingerprint: fingerprint, offset: Point(x: dx, y: dy))
            }
        }
    }

    // MARK: - Kitty

    mutating func kittyCommand(_ body: [UInt8], at cursor: Point, screen: Size) {
        let content = body.dropFirst()  // "G"
        let control = content.prefix { $0 != 0x3B }
        let payload = content.dropFirst(control.count + 1)
        var keys: [String: String] = [:]
        for pair in control.split(separator: 0x2C) {
            let parts = pair.split(separator: 0x3D, maxSplits: 1)
            guard parts.count == 2 else { continue }
            keys[String(decoding: parts[0], as: UTF8.self)] = String(decoding: parts[1], as: UTF8.self)
        }
        if var pending = transmission, VirtualScreen.isKittyContinuation(body) {
            pending.hash = VirtualScreen.fingerprint(payload, continuing: pending.hash)
            transmission = pending
            if keys["m"] != "1" { finishTransmission() }
            return
        }
        let action = keys["a"] ?? "t"
        switch action {
        case "t", "T":
            transmission = (keys, VirtualScreen.fingerprint(payload), cursor)
            if keys["m"] != "1" { finishTransmission() }
        case "p":
            guard let image = keys["i"].flatMap(UInt32.init), kittyImages[image] != nil else { return }
            place(image: image, keys: keys, at: cursor)
        case "d":
            delete(keys)
        default:
            break
        }
    }

    private mutating func finishTransmission() {
        guard let (keys, hash, origin) = transmission else { return }
        transmission = nil
        guard let image = keys["i"].flatMap(UInt32.init) else { return }
        kittyImages[image] = hash
        if keys["a"] == "T" { place(image: image, keys: keys, at: origin) }
    }

    private mutating func place(image: UInt32, keys: [String: String], at origin: Point) {
        let placement = keys["p"].flatMap(UInt32.init) ?? 0
        var columns = keys["c"].flatMap(Int.init) ?? 0
        var rows = keys["r"].flatMap(Int.init) ?? 0
        if columns == 0 { columns = max(1, ((keys["s"].flatMap(Int.init) ?? 1) + cellPixelSize.width - 1) / cellPixelSize.width) }
        if rows == 0 { rows = max(1, ((keys["v"].flatMap(Int.init) ?? 1) + cellPixelSize.height - 1) / cellPixelSize.height) }
        // A placement id names one placement of an image: placing it again moves it.
        if placement != 0 { kittyPlacements.removeAll { $0.image == image && $0.placement == placement } }
        kittyPlacements.append(KittyPlacement(image: image, placement: placement, rect: Rect(x: origin.x, y: origin.y, width: columns, height: rows)))
    }

    private mutating func delete(_ keys: [String: String]) {
        let image = keys["i"].flatMap(UInt32.init)
        let placement = keys["p"].flatMap(UInt32.init)
        switch keys["d"] ?? "a" {
        case "a": kittyPlacements.removeAll()
        case "A":
            for placed in kittyPlacements { kittyImages[placed.image] = nil }
            kittyPlacements.removeAll()
        case "i":
            kittyPlacements.removeAll { $0.image == image && (placement == nil || $0.placement == placement) }
        case "I":
            kittyPlacements.removeAll { $0.image == image && (placement == nil || $0.placement == placement) }
            if let image { kittyImages[image] = nil }
        default:
            break
        }
    }
}

extension VirtualScreen {
    /// FNV-1a of some bytes, as `TerminalGraphic.id` hashes an escape string.
    public static func fingerprint(_ bytes: some Sequence<UInt8>, continuing hash: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var hash = hash
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// The fingerprint a kitty transmission's data gets on this screen: its payloads, chunk
    /// after chunk, without the control data.
    public static func kittyFingerprint(of escape: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var index = 0
        while index + 2 < escape.count {
            guard escape[index] == 0x1B, escape[index + 1] == 0x5F, escape[index + 2] == 0x47 else {
                index += 1
                continue
            }
            var start = index + 3
            while start < escape.count, escape[start] != 0x3B, escape[start] != 0x1B { start += 1 }
            var end = start
            while end < escape.count, escape[end] != 0x1B { end += 1 }
            if start < end { hash = fingerprint(escape[(start + 1)..<end], continuing: hash) }
            index = end
        }
        return hash
    }

    /// The pictures the screen shows: sixel images whose every cell still shows them, and
    /// kitty placements; and the cells showing sixel pixels of no intact image.
    public var visiblePictures: (sixel: [Rect: UInt64], kitty: [Rect: UInt64], strayPixels: [Point]) {
        var sixel: [Rect: UInt64] = [:]
        var stray: [Point] = []
        var seen = Set<Int>()
        for index in 0..<size.area {
            guard let pixels = pixels.sixel[index], !seen.contains(index) else { continue }
            let origin = Point(x: index % size.width - pixels.offset.x, y: index / size.width - pixels.offset.y)
            // The image's extent: the cells around with the same fingerprint and matching offsets.
            var columns = 0
            while origin.x + columns < size.width, origin.x + columns >= 0, origin.y >= 0,
                self.pixels.sixel[origin.y * size.width + origin.x + columns]
                    == PixelLayer.SixelPixels(fingerprint: pixels.fingerprint, offset: Point(x: columns, y: 0))
            {
                columns += 1
            }
            var rows = 0
            while columns > 0, origin.y + rows < size.height,
                (0..<columns).allSatisfy({
                    self.pixels.sixel[(origin.y + rows) * size.width + origin.x + $0]
                        == PixelLayer.SixelPixels(fingerprint: pixels.fingerprint, offset: Point(x: $0, y: rows))
                })
            {
                rows += 1
            }
            if columns > 0, rows > 0, origin == Point(x: index % size.width, y: index / size.width) {
                let rect = Rect(x: origin.x, y: origin.y, width: columns, height: rows)
                sixel[rect] = pixels.fingerprint
                for y in rect.y..<rect.maxY { for x in rect.x..<rect.maxX { seen.insert(y * size.width + x) } }
            } else {
                stray.append(Point(x: index % size.width, y: index / size.width))
            }
        }
        var kitty: [Rect: UInt64] = [:]
        for placement in pixels.kittyPlacements {
            if let data = pixels.kittyImages[placement.image] { kitty[placement.rect] = data }
        }
        return (sixel, kitty, stray)
    }
}
