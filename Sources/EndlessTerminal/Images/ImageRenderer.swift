import CChafa

/// Turns pixels into terminal images through libchafa: cells of symbols and colors that go
/// into the screen buffer (and so diff like text), or a sixel / kitty escape string.
public enum ImageRenderer {
    /// The cell size assumed when the terminal does not report pixels.
    public static let defaultCellPixelSize = Size(width: 10, height: 20)

    /// The largest cell size that keeps the image's aspect ratio within `bounds`.
    ///
    /// - Parameters:
    ///   - image: the image.
    ///   - bounds: the most columns and rows available.
    ///   - fontRatio: cell width divided by cell height (about 0.5 in most fonts).
    /// - Returns: the size to render at.
    public static func fittingSize(for image: PixelImage, within bounds: Size, fontRatio: Float = 0.5) -> Size {
        var width = Int32(bounds.width)
        var height = Int32(bounds.height)
        chafa_calc_canvas_geometry(Int32(image.width), Int32(image.height), &width, &height, fontRatio, 1, 0)
        return Size(width: Int(width), height: Int(height))
    }

    /// Renders an image as symbols: each cell gets chafa's symbol and its foreground and
    /// background, in the palette of `colorDepth` (with no color, shapes only). A picture with
    /// no more pixels than half blocks show (one across and two down a cell: a BlurHash
    /// placeholder stretched over a photo's box) is drawn in half blocks, every pixel shown,
    /// without chafa's costly search for symbols that could add nothing.
    ///
    /// - Parameters:
    ///   - image: the pixels.
    ///   - size: the cells to fill; the image is stretched to it (see ``fittingSize(for:within:fontRatio:)``).
    ///   - symbols: the symbols allowed.
    ///   - colorDepth: the terminal's colors.
    /// - Returns: the cells, ready for ``ScreenBuffer/draw(_:at:)``.
    public static func cells(
        for image: PixelImage, size: Size, symbols: SymbolSet = .standard, colorDepth: ColorDepth
    ) -> CellImage {
        cells(for: image, size: size, symbols: symbols, colorDepth: colorDepth, canvases: .shared)
    }

    /// ``cells(for:size:symbols:colorDepth:)`` with canvases from `canvases` (tests pass a pool
    /// of their own).
    static func cells(
        for image: PixelImage, size: Size, symbols: SymbolSet, colorDepth: ColorDepth, canvases: ChafaCanvasPool
    ) -> CellImage {
        guard size.area > 0 else { return CellImage(size: size, cells: []) }
        if halfBlocksShowEveryPixel(of: image, in: size, colorDepth: colorDepth) {
            return halfBlocks(for: image, size: size, colorDepth: colorDepth)
        }
        let mode = canvasMode(for: colorDepth)
        let key = ChafaCanvasPool.Key(size: size, mode: mode.rawValue, symbols: symbols)
        // A canvas of this size, mode and symbols from the last picture, its symbol tables
        // built (see ``ChafaCanvasPool``).
        let cells = canvases.withCanvas(key, make: { symbolCanvas(size: size, mode: mode, symbols: symbols) }) {
            canvas in
            draw(image, on: canvas)
            return readCells(of: canvas, size: size, colorDepth: colorDepth)
        }
        return CellImage(size: size, cells: cells ?? [])
    }

    /// A new canvas that draws `size` cells of `symbols` in `mode`.
    private static func symbolCanvas(size: Size, mode: ChafaCanvasMode, symbols: SymbolSet) -> OpaquePointer? {
        let config = chafa_canvas_config_new()
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(size.width), Int32(size.height))
        chafa_canvas_config_set_canvas_mode(config, mode)
        let map = symbolMap(symbols)
        defer { chafa_symbol_map_unref(map) }
        chafa_canvas_config_set_symbol_map(config, map)
        return chafa_canvas_new(config)
    }

    /// Each cell of a drawn canvas, row by row: its symbol, foreground and background.
    private static func readCells(of canvas: OpaquePointer, size: Size, colorDepth: ColorDepth) -> [Cell] {
        var cells: [Cell] = []
        cells.reserveCapacity(size.area)
        for y in 0..<Int32(size.height) {
            for x in 0..<Int32(size.width) {
                let code = chafa_canvas_get_char_at(canvas, x, y)
                var foreground: Int32 = -1
                var background: Int32 = -1
                if colorDepth == .trueColor {
                    chafa_canvas_get_colors_at(canvas, x, y, &foreground, &background)
                } else {
                    chafa_canvas_get_raw_colors_at(canvas, x, y, &foreground, &background)
                }
                let style = Style(
                    foreground: color(foreground, depth: colorDepth), background: color(background, depth: colorDepth))
                cells.append(cell(code, style: style))
            }
        }
        return cells
    }

    /// Renders an image as a sixel or kitty escape string covering `size` cells.
    ///
    /// - Parameters:
    ///   - image: the pixels.
    ///   - size: the cells the image covers.
    ///   - kind: sixel or kitty.
    ///   - cellPixelSize: pixels per cell, from ``TerminalSession/cellPixelSize``.
    /// - Returns: the graphic for ``ScreenBuffer/place(_:in:)``, or nil if chafa produced nothing.
    public static func graphic(
        for image: PixelImage, size: Size, kind: TerminalGraphic.Kind, cellPixelSize: Size = defaultCellPixelSize
    ) -> TerminalGraphic? {
        guard size.area > 0, cellPixelSize.area > 0 else { return nil }
        let config = chafa_canvas_config_new()
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(size.width), Int32(size.height))
        chafa_canvas_config_set_cell_geometry(config, Int32(cellPixelSize.width), Int32(cellPixelSize.height))
        chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
        chafa_canvas_config_set_pixel_mode(config, kind == .sixel ? CHAFA_PIXEL_MODE_SIXELS : CHAFA_PIXEL_MODE_KITTY)
        guard let canvas = chafa_canvas_new(config) else { return nil }
        defer { chafa_canvas_unref(canvas) }
        draw(image, on: canvas)
        // A terminal known to speak the protocol, so chafa has the sequences to print with;
        // whether the real terminal does was decided by GraphicsMode.resolved(for:).
        let environment = kind == .sixel ? ["TERM": "foot"] : ["TERM": "xterm-kitty"]
        let bytes: [UInt8]? = ChafaTerm.withTermInfo(environment: environment) { info in
            guard let info, let printed = chafa_canvas_print(canvas, info) else { return nil }
            defer { g_string_free(printed, 1) }
            let length = Int(printed.pointee.len)
            guard length > 0, let start = printed.pointee.str else { return nil }
            return start.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
        }
        guard let bytes else { return nil }
        return TerminalGraphic(kind: kind, escape: bytes, size: size)
    }

    /// chafa on the calling thread alone, set once before its first picture.
    ///
    /// By default chafa splits each picture's work over a thread pool of its own: a new GLib
    /// pool, and new threads, for every picture, after reading the number of processors from
    /// `/sys`. For the pictures the browser draws (a row's avatar is 6×3 cells, a photo a few
    /// dozen) that was most of the work: a held `j` over people started a thread and opened
    /// a file for each picture that scrolled in (issue 29: 306 threads and 616 files in 300
    /// keys). The biggest picture, a photo's details, is a few hundred cells and takes well
    /// under a millisecond on one thread.
    static let runsOnCallingThread: Void = chafa_set_n_threads(1)

    private static func draw(_ image: PixelImage, on canvas: OpaquePointer) {
        _ = runsOnCallingThread
        image.rgba.withUnsafeBufferPointer { pixels in
            chafa_canvas_draw_all_pixels(
                canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress, Int32(image.width), Int32(image.height),
                Int32(image.width * 4))
        }
    }

    private static func canvasMode(for depth: ColorDepth) -> ChafaCanvasMode {
        switch depth {
        case .trueColor: return CHAFA_CANVAS_MODE_TRUECOLOR
        // 240, not 256: the first 16 entries are the theme's and would be remapped.
        case .indexed256: return CHAFA_CANVAS_MODE_INDEXED_240
        case .ansi16: return CHAFA_CANVAS_MODE_INDEXED_16
        case .none: return CHAFA_CANVAS_MODE_FGBG
        }
    }

    private static func symbolMap(_ symbols: SymbolSet) -> OpaquePointer? {
        let map = chafa_symbol_map_new()
        switch symbols {
        case .standard:
            chafa_symbol_map_add_by_tags(
                map, ChafaSymbolTags(CHAFA_SYMBOL_TAG_BLOCK.rawValue | CHAFA_SYMBOL_TAG_BORDER.rawValue | CHAFA_SYMBOL_TAG_SPACE.rawValue))
            chafa_symbol_map_remove_by_tags(map, ChafaSymbolTags(CHAFA_SYMBOL_TAG_WIDE.rawValue | CHAFA_SYMBOL_TAG_INVERTED.rawValue))
        case .block:
            chafa_symbol_map_add_by_tags(map, ChafaSymbolTags(CHAFA_SYMBOL_TAG_BLOCK.rawValue | CHAFA_SYMBOL_TAG_SPACE.rawValue))
            chafa_symbol_map_remove_by_tags(map, ChafaSymbolTags(CHAFA_SYMBOL_TAG_WIDE.rawValue | CHAFA_SYMBOL_TAG_INVERTED.rawValue))
        case .halfBlock:
            chafa_symbol_map_add_by_tags(map, ChafaSymbolTags(CHAFA_SYMBOL_TAG_HALF.rawValue | CHAFA_SYMBOL_TAG_SPACE.rawValue))
            chafa_symbol_map_remove_by_tags(map, CHAFA_SYMBOL_TAG_INVERTED)
        case .braille:
            chafa_symbol_map_add_by_tags(map, ChafaSymbolTags(CHAFA_SYMBOL_TAG_BRAILLE.rawValue | CHAFA_SYMBOL_TAG_SPACE.rawValue))
        }
        return map
    }

    private static func color(_ value: Int32, depth: ColorDepth) -> Color {
        guard value >= 0 else { return .default }  // transparent
        switch depth {
        case .trueColor: return .hex(UInt32(value))
        case .indexed256: return value < 256 ? .indexed(UInt8(value)) : .default
        case .ansi16: return value < 16 ? .ansi(UInt8(value)) : .default
        case .none: return .default
        }
    }

    private static func cell(_ code: UInt32, style: Style) -> Cell {
        guard code != 0, let scalar = Unicode.Scalar(code) else { return .blank(style) }
        let cell = Cell(Character(scalar), style: style)
        // Wide symbols are excluded from every set; should one slip through, keep the grid.
        return cell.width == 1 ? cell : .blank(style)
    }
}
