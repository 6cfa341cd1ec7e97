import Endless
import EndlessFeedModel
import EndlessImages
import EndlessShared
import EndlessTerminal

/// Turns decoded pictures into what the terminal draws: cells of chafa symbols (kept in the
/// cell buffer, so frames still diff cell by cell), or sixel/kitty graphics. Converted images
/// are kept, since the same pictures are drawn frame after frame; the least recently drawn go
/// first when a limit is reached, so scrolling back finds the pictures just left.
@MainActor
final class ImageCells {
    /// How images reach the terminal, as resolved for this terminal.
    let mode: GraphicsMode
    let colorDepth: ColorDepth
    let symbols: SymbolSet
    let cellPixelSize: Size

    private struct Key: Hashable, Sendable {
        /// The picture's request, priority aside: the same pixels whether they were decoded
        /// for a row drawn ahead (at prefetch priority) or on screen. Keyed with it, a held
        /// `j` converted some pictures twice, once each way (issue 29: 78 of 266 conversions in
        /// its first 20 s).
        let request: ImageRequest
        let size: Size

        init(request: ImageRequest, size: Size) {
            self.request = request.anyPriority
            self.size = size
        }
    }

    private var cells: LRUList<Key, CellImage>
    /// Costed by the bytes of their escapes.
    private var graphics: LRUList<Key, TerminalGraphic>
    /// The most converted images kept of each kind; a few screens' worth.
    static let capacity = 600
    /// The most bytes of graphics escapes kept by default: a sixel photo row is 50 to 200 KB,
    /// so 600 of them would hold up to 120 MB where a few screens need a few MB.
    static let defaultGraphicsByteLimit = 24 * 1024 * 1024
    var graphicsByteLimit: Int { graphics.costLimit }
    /// Bytes of the graphics escapes kept now.
    var graphicsBytes: Int { graphics.totalCost }
    /// How many pictures were converted; every other draw used one kept.
    private(set) var conversions = 0

    /// Where sixel and kitty graphics are made.
    enum GraphicConversion {
        /// In the draw that asks for one (tests that look at the graphic drawn).
        case inline
        /// Off the main thread: until a picture's graphic is made, its draws show the picture
        /// in half blocks. chafa's sixel encoder sorts a photo's colours for its palette, 10
        /// to 40 ms a photo at 100×30, and a held `j` over photos waited for it in the frame
        /// of every key that brought one (13.5 ms a key at the median, one key in ten with no
        /// frame within its 33 ms). A picture of ``inlinePixels`` or fewer (a face, an icon)
        /// is still made at once.
        case background
    }

    /// The most pixels a graphic made at once has, in the background mode: a row's face or a
    /// coin's icon, whose sixel takes a small fraction of a photo's (the palette's sort grows
    /// with the pixels), and which would otherwise show in half blocks for a frame each time
    /// one scrolls in.
    static let inlinePixels = 96 * 96

    let graphicConversion: GraphicConversion
    /// Graphics made off the main thread and kept, so far: frames read it, so each one made
    /// brings a frame, and rows drawn before it (in half blocks) are drawn again (see
    /// ``FeedTab``'s row memo).
    @SignalObserved private(set) var graphicsMade = 0
    /// The graphics being made off the main thread: asked for once each.
    private var converting: [Key: Task<Void, Never>] = [:]
    /// The last graphic made too large to keep within ``graphicsByteLimit``: kept apart, so
    /// that drawing it again does not make it again.
    private var oversized: (key: Key, graphic: TerminalGraphic)?
    /// The last picture whose graphic could not be made: drawn in half blocks, not tried again
    /// each frame.
    private var unmade: Key?

    init(
        mode: GraphicsMode, colorDepth: ColorDepth, symbols: SymbolSet = .standard, cellPixelSize: Size?,
        graphicsByteLimit: Int = defaultGraphicsByteLimit, graphicConversion: GraphicConversion = .background
    ) {
        self.graphicConversion = graphicConversion
        cells = LRUList(costLimit: Self.capacity, countLimit: Self.capacity)
        graphics = LRUList(costLimit: graphicsByteLimit, countLimit: Self.capacity)
        self.mode = mode
        self.colorDepth = colorDepth
        self.symbols = symbols
        self.cellPixelSize = cellPixelSize ?? ImageRenderer.defaultCellPixelSize
    }

    /// Whether images are drawn at all.
    var showsImages: Bool { mode != .none }

    /// Whether images are pixel graphics (sixel or kitty) rather than symbols.
    var usesPixels: Bool { mode == .sixel || mode == .kitty }

    /// The pixel size to ask the pipeline for, for an image `size` cells big: the cells' real
    /// pixels for graphics; for symbols, 5 pixels a cell across and 10 down (more than chafa's
    /// symbols resolve), at least 48 a side.
    func pixelSize(forCells size: Size) -> PixelSize {
        usesPixels
            ? PixelSize(width: size.width * cellPixelSize.width, height: size.height * cellPixelSize.height)
            : PixelSize(width: max(48, size.width * 5), height: max(48, size.height * 10))
    }

    /// The pixel sizes a feed's pictures are requested at, for rows and details of these sizes.
    func sizing(row: Size, details: Size) -> ImageSizing {
        ImageSizing(
            row: FeedImage.Size(pixelSize(forCells: row)), details: FeedImage.Size(pixelSize(forCells: details)), showsPixels: usesPixels,
            pixelsPerCell: usesPixels
                ? FeedImage.Size(width: cellPixelSize.width, height: cellPixelSize.height) : FeedImage.Size(Self.symbolPixelsPerCell))
    }

    /// What chafa's symbols resolve in a cell, about: 5 pixels across, 10 down.
    static let symbolPixelsPerCell = PixelSize(width: 5, height: 10)

    /// Cell height over cell width: a picture keeps its shape when its lines are its columns
    /// divided by this (about 2 in most fonts).
    var cellAspect: Double {
        guard cellPixelSize.width > 0, cellPixelSize.height > 0 else { return 2 }
        return Double(cellPixelSize.height) / Double(cellPixelSize.width)
    }

    /// Draws `image` into `rect`, as symbols or as a graphic.
    func draw(_ image: DecodedImage, in rect: Rect, into frame: inout ScreenBuffer) {
        let key = Key(request: image.request, size: rect.size)
        switch mode {
        case .sixel, .kitty:
            if let graphic = graphic(for: key, image: image) {
                frame.place(graphic, in: rect)
            } else if colorDepth != .none, let pixels = PixelImage(width: image.width, height: image.height, rgba: image.pixels) {
                // Its graphic is being made: the picture meanwhile, in half blocks, in a frame
                // told when a graphic is made.
                _ = graphicsMade
                frame.draw(
                    ImageRenderer.halfBlocks(for: filling(pixels, key.size), size: key.size, colorDepth: colorDepth), at: Point(x: rect.x, y: rect.y))
            }
        case .symbols, .auto:
            frame.draw(symbolCells(for: key, image: image), at: Point(x: rect.x, y: rect.y))
        case .none:
            break
        }
    }

    /// The symbols for `image` at `size` cells, e.g. for the detail panel.
    func symbolCells(for image: DecodedImage, size: Size) -> CellImage {
        symbolCells(for: Key(request: image.request, size: size), image: image)
    }

    private func symbolCells(for key: Key, image: DecodedImage) -> CellImage {
        if let cached = cells.value(for: key) { return cached }
        guard let pixels = PixelImage(width: image.width, height: image.height, rgba: image.pixels).map({ filling($0, key.size) }) else {
            return CellImage(size: key.size, cells: [])
        }
        let converted = ImageRenderer.cells(for: pixels, size: key.size, symbols: symbols, colorDepth: colorDepth)
        conversions += 1
        cells.insert(converted, for: key, cost: 1)
        return converted
    }

    /// The graphic of `image` at the key's size: kept, made now (``GraphicConversion/inline``),
    /// or nil while it is made off the main thread.
    private func graphic(for key: Key, image: DecodedImage) -> TerminalGraphic? {
        if let cached = graphics.value(for: key) { return cached }
        if let oversized, oversized.key == key { return oversized.graphic }
        guard converting[key] == nil, unmade != key,
            let pixels = PixelImage(width: image.width, height: image.height, rgba: image.pixels).map({ filling($0, key.size) })
        else { return nil }
        let kind: TerminalGraphic.Kind = mode == .sixel ? .sixel : .kitty
        let cellPixelSize = cellPixelSize
        let pixelCount = key.size.width * cellPixelSize.width * key.size.height * cellPixelSize.height
        let conversion: GraphicConversion = graphicConversion == .background && pixelCount > Self.inlinePixels ? .background : .inline
        switch conversion {
        case .inline:
            let graphic = ImageRenderer.graphic(for: pixels, size: key.size, kind: kind, cellPixelSize: cellPixelSize)
            if let graphic { keep(graphic, for: key) } else { unmade = key }
            return graphic
        case .background:
            converting[key] = Task.detached(priority: .userInitiated) { [weak self] in
                let graphic = ImageRenderer.graphic(for: pixels, size: key.size, kind: kind, cellPixelSize: cellPixelSize)
                await self?.made(graphic, for: key)
            }
            return nil
        }
    }

    /// A graphic made off the main thread: kept, and a frame brought.
    private func made(_ graphic: TerminalGraphic?, for key: Key) {
        converting[key] = nil
        // One that could not be made is drawn in half blocks, as while it was made.
        guard let graphic else {
            unmade = key
            return
        }
        keep(graphic, for: key)
        graphicsMade += 1
    }

    /// Returns once every graphic being made off the main thread is made (for tests).
    func conversionsEnded() async {
        while let task = converting.values.first {
            await task.value
        }
    }

    private func keep(_ graphic: TerminalGraphic, for key: Key) {
        conversions += 1
        if graphic.escape.count > graphics.costLimit {
            oversized = (key, graphic)
        } else {
            graphics.insert(graphic, for: key, cost: graphic.escape.count)
        }
    }

    /// `pixels` cut at their middle to the shape of a box `size` cells big, when they are more
    /// than a tenth wider or taller than it: a picture drawn into a box of another shape (a
    /// photo's box narrowed on a narrow screen) shows its middle, as the pipeline's `.fill`
    /// does, rather than squeezed. Pictures asked for at their box's size pass unchanged.
    func filling(_ pixels: PixelImage, _ size: Size) -> PixelImage {
        let cell = usesPixels ? PixelSize(width: cellPixelSize.width, height: cellPixelSize.height) : Self.symbolPixelsPerCell
        guard size.width > 0, size.height > 0, cell.width > 0, cell.height > 0 else { return pixels }
        let box = Double(size.width * cell.width) / Double(size.height * cell.height)
        let shape = Double(pixels.width) / Double(pixels.height)
        guard abs(shape / box - 1) > 0.1 else { return pixels }
        if shape > box {
            // Wider than the box: the middle columns.
            let width = max(1, min(pixels.width, Int((Double(pixels.height) * box).rounded())))
            let left = (pixels.width - width) / 2
            var rgba = [UInt8]()
            rgba.reserveCapacity(width * pixels.height * 4)
            for y in 0..<pixels.height {
                let start = (y * pixels.width + left) * 4
                rgba.append(contentsOf: pixels.rgba[start..<(start + width * 4)])
            }
            return PixelImage(width: width, height: pixels.height, rgba: rgba) ?? pixels
        }
        // Taller than the box: the middle rows.
        let height = max(1, min(pixels.height, Int((Double(pixels.width) / box).rounded())))
        let top = (pixels.height - height) / 2
        let rows = Array(pixels.rgba[(top * pixels.width * 4)..<((top + height) * pixels.width * 4)])
        return PixelImage(width: pixels.width, height: height, rgba: rows) ?? pixels
    }
}
