extension ImageRenderer {
    /// Whether `image` has no more pixels than half blocks show in `size` cells (one across,
    /// two down a cell), in colour: then ``halfBlocks(for:size:colorDepth:)`` shows every pixel
    /// it has, and chafa's symbols could add no detail; they cost a photo row's BlurHash
    /// placeholder as much as the photo itself, about 2 ms of the main thread for a 30 × 10 row
    /// (issue 29; `endless-bench`'s `photos placeholder_cells`). Without colour, shapes are all
    /// a picture has, and chafa draws them.
    static func halfBlocksShowEveryPixel(of image: PixelImage, in size: Size, colorDepth: ColorDepth) -> Bool {
        colorDepth != .none && image.width <= size.width && image.height <= size.height * 2
    }

    /// `image` stretched over `size` cells as upper half blocks (`▀`): each cell's foreground is
    /// the picture at the cell's upper half, its background at the lower half (a space where
    /// both are one colour), sampled bilinearly so a small picture stretches smoothly. A
    /// transparent half leaves the default colour (a cell transparent in both halves is blank).
    /// - Parameters:
    ///   - image: the pixels.
    ///   - size: the cells to fill.
    ///   - colorDepth: the terminal's colours; not `.none`.
    /// - Returns: the cells.
    public static func halfBlocks(for image: PixelImage, size: Size, colorDepth: ColorDepth) -> CellImage {
        guard size.area > 0 else { return CellImage(size: size, cells: []) }
        var cells: [Cell] = []
        cells.reserveCapacity(size.area)
        let samplesDown = size.height * 2
        for row in 0..<size.height {
            for column in 0..<size.width {
                let top = sample(image, column, of: size.width, 2 * row, of: samplesDown)
                let bottom = sample(image, column, of: size.width, 2 * row + 1, of: samplesDown)
                cells.append(cell(top: top.map { color($0, depth: colorDepth) }, bottom: bottom.map { color($0, depth: colorDepth) }))
            }
        }
        return CellImage(size: size, cells: cells)
    }

    /// A cell showing `top` over `bottom` (nil: transparent); a space in their colour where
    /// they are one (most cells of a smooth picture in 256 colours), which the terminal is
    /// sent without a foreground.
    private static func cell(top: Color?, bottom: Color?) -> Cell {
        if let top, top == bottom { return .blank(Style(background: top)) }
        return switch (top, bottom) {
        case (let top?, let bottom?): Cell(key: upperHalf, packedStyle: Style(foreground: top, background: bottom).packed)
        case (let top?, nil): Cell(key: upperHalf, packedStyle: Style(foreground: top).packed)
        case (nil, let bottom?): Cell(key: lowerHalf, packedStyle: Style(foreground: bottom).packed)
        case (nil, nil): .blank
        }
    }

    private static let upperHalf = GraphemeKey("▀", width: 1)
    private static let lowerHalf = GraphemeKey("▄", width: 1)

    /// The picture's colour at the middle of sample (`x`, `y`) of a grid `columns` × `rows`
    /// stretched over it, interpolated between its four nearest pixels; nil where it is mostly
    /// transparent.
    private static func sample(_ image: PixelImage, _ x: Int, of columns: Int, _ y: Int, of rows: Int) -> (UInt8, UInt8, UInt8)? {
        let sourceX = max(0, (Double(x) + 0.5) * Double(image.width) / Double(columns) - 0.5)
        let sourceY = max(0, (Double(y) + 0.5) * Double(image.height) / Double(rows) - 0.5)
        let left = min(Int(sourceX), image.width - 1)
        let upper = min(Int(sourceY), image.height - 1)
        let right = min(left + 1, image.width - 1)
        let lower = min(upper + 1, image.height - 1)
        let across = sourceX - Double(left)
        let down = sourceY - Double(upper)
        var red = 0.0
        var green = 0.0
        var blue = 0.0
        var opacity = 0.0
        func add(_ px: Int, _ py: Int, _ weight: Double) {
            guard weight > 0 else { return }
            let offset = (py * image.width + px) * 4
            // Weighted by opacity, so a transparent neighbour's colour does not bleed in.
            let share = Double(image.rgba[offset + 3]) / 255 * weight
            red += Double(image.rgba[offset]) * share
            green += Double(image.rgba[offset + 1]) * share
            blue += Double(image.rgba[offset + 2]) * share
            opacity += share
        }
        add(left, upper, (1 - across) * (1 - down))
        add(right, upper, across * (1 - down))
        add(left, lower, (1 - across) * down)
        add(right, lower, across * down)
        guard opacity >= 0.5 else { return nil }
        func level(_ sum: Double) -> UInt8 { UInt8(min(255, max(0, (sum / opacity).rounded()))) }
        return (level(red), level(green), level(blue))
    }

    private static func color(_ rgb: (UInt8, UInt8, UInt8), depth: ColorDepth) -> Color {
        switch depth {
        case .trueColor: .rgb(rgb.0, rgb.1, rgb.2)
        case .indexed256: .indexed(Palette.nearest256(rgb.0, rgb.1, rgb.2))
        case .ansi16: .ansi(Palette.nearest16(rgb.0, rgb.1, rgb.2))
        case .none: .default
        }
    }
}
