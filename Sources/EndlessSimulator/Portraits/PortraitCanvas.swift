/// An RGB pixel buffer that shapes are painted into with analytic anti-aliasing: a shape is
/// a signed distance function in unit coordinates (the square is 0...1 both ways, y down),
/// and a pixel's coverage is how far its centre lies inside the edge, in pixels, clamped to
/// 0...1. Each size is drawn directly from the same shapes, so 48 px stays crisp.
package struct PortraitCanvas {
    /// An sRGB colour with components in 0...255.
    package struct Color: Equatable {
        /// Red, 0...255.
        package var red: Double
        /// Green, 0...255.
        package var green: Double
        /// Blue, 0...255.
        package var blue: Double

        /// A colour from its components, each 0...255.
        package init(_ red: Double, _ green: Double, _ blue: Double) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// `0xRRGGBB`.
        package init(hex: UInt32) {
            self.init(Double(hex >> 16 & 0xFF), Double(hex >> 8 & 0xFF), Double(hex & 0xFF))
        }

        /// Mixed toward black by `amount` (0...1).
        package func darker(_ amount: Double) -> Color { mixed(with: Color(0, 0, 0), amount) }

        /// Mixed toward `other` by `amount` (0...1).
        package func mixed(with other: Color, _ amount: Double) -> Color {
            Color(
                red + (other.red - red) * amount, green + (other.green - green) * amount,
                blue + (other.blue - blue) * amount)
        }
    }

    /// A box in unit coordinates that bounds a shape, so painting skips the pixels outside.
    /// Sides may be infinite (a half-plane); a box with a minimum above its maximum is empty.
    struct Bounds {
        var minX: Double, minY: Double, maxX: Double, maxY: Double

        static let all = Bounds(minX: -1, minY: -1, maxX: 2, maxY: 2)
        static let everywhere = Bounds(minX: -.infinity, minY: -.infinity, maxX: .infinity, maxY: .infinity)
        static let nowhere = Bounds(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

        /// The box around a centre with half sizes, grown by a margin.
        static func around(_ x: Double, _ y: Double, _ halfWidth: Double, _ halfHeight: Double) -> Bounds {
            Bounds(minX: x - halfWidth, minY: y - halfHeight, maxX: x + halfWidth, maxY: y + halfHeight)
        }

        var isEmpty: Bool { !(minX <= maxX && minY <= maxY) }

        func union(_ other: Bounds) -> Bounds {
            Bounds(minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
        }

        func intersection(_ other: Bounds) -> Bounds {
            Bounds(minX: max(minX, other.minX), minY: max(minY, other.minY), maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
        }

        func with(minX: Double? = nil, minY: Double? = nil, maxX: Double? = nil, maxY: Double? = nil) -> Bounds {
            Bounds(minX: minX ?? self.minX, minY: minY ?? self.minY, maxX: maxX ?? self.maxX, maxY: maxY ?? self.maxY)
        }

        func moved(down dy: Double) -> Bounds {
            Bounds(minX: minX, minY: minY + dy, maxX: maxX, maxY: maxY + dy)
        }
    }

    let size: Int
    /// How much the unit square is magnified around ``focus``: the drawing leaves room
    /// around the head, and a larger face reads better at 48 px.
    let zoom: Double
    /// The unit-coordinate point shown at the centre of the image.
    let focus: (x: Double, y: Double)
    /// Red, green, blue per pixel, row by row, as doubles until encoding.
    private(set) var pixels: [Double]
    /// Evaluates the distance at every pixel of a fill's bounds, as the renderer did before
    /// shapes knew their reach: the same pixels, for the bench's baseline.
    let scansEveryPixel: Bool

    init(
        size: Int, background: Color, zoom: Double = 1, focus: (x: Double, y: Double) = (0.5, 0.5), scansEveryPixel: Bool = false
    ) {
        self.size = size
        self.scansEveryPixel = scansEveryPixel
        self.zoom = zoom
        self.focus = focus
        pixels = [Double](repeating: 0, count: size * size * 3)
        for index in 0..<(size * size) {
            pixels[index * 3] = background.red
            pixels[index * 3 + 1] = background.green
            pixels[index * 3 + 2] = background.blue
        }
    }

    /// Paints `color` where `shape` is negative (inside), blended by coverage and `opacity`,
    /// within `bounds` (and a pixel around it).
    mutating func fill(_ shape: Shape, _ color: Color, opacity: Double = 1, bounds: Bounds = .all) {
        // Pixels per unit, and the unit point at pixel (0, 0).
        let scale = Double(size) * zoom
        let originX = focus.x - 0.5 / zoom
        let originY = focus.y - 0.5 / zoom
        let size = size
        // The pixel columns or rows whose centres can lie between `low` and `high`, with one
        // pixel of margin so the anti-aliased fringe is painted too. Clamped before the
        // conversion to Int, as a side may be infinite.
        func span(_ low: Double, _ high: Double, origin: Double) -> (first: Int, last: Int) {
            let limit = Double(size + 2)
            let first = Int(max(-limit, min(limit, ((low - origin) * scale).rounded(.down)))) - 1
            let last = Int(max(-limit, min(limit, ((high - origin) * scale).rounded(.up)))) + 1
            return (max(0, first), min(size - 1, last))
        }
        // Coverage is positive only where the distance is below half a pixel: the shape's
        // reach at that threshold, within the bounds asked for.
        let reach = scansEveryPixel ? .everywhere : shape.reach(0.5 / scale)
        guard !reach.isEmpty else { return }
        let columns = span(max(bounds.minX, reach.minX), min(bounds.maxX, reach.maxX), origin: originX)
        let rows = span(max(bounds.minY, reach.minY), min(bounds.maxY, reach.maxY), origin: originY)
        guard columns.first <= columns.last, rows.first <= rows.last else { return }
        // Row by row, the shape tells where the distance is surely at most minus half a pixel
        // (fully covered: the distance is not needed) and where surely at least half a pixel
        // (nothing to paint). Asked with a hair more than half a pixel, and with those spans
        // narrowed by a hair, so rounding cannot put a pixel on the wrong side.
        let threshold = 0.5 / scale * (1 + 1e-9) + 1e-12
        let hair = 1e-9
        let distance = shape.distance
        let scansEveryPixel = scansEveryPixel
        let row = shape.row
        pixels.withUnsafeMutableBufferPointer { pixels in
            for pixelRow in rows.first...rows.last {
                let y = originY + (Double(pixelRow) + 0.5) / scale
                let spans = scansEveryPixel ? Shape.Row.unknown : row(y, threshold)
                let core = spans.core.grown(by: -hair), hole = spans.hole.grown(by: -hair)
                let reach = spans.reach.grown(by: hair)
                guard !reach.isEmpty else { continue }
                let within = span(reach.low, reach.high, origin: originX)
                let first = max(columns.first, within.first), last = min(columns.last, within.last)
                guard first <= last else { continue }
                for column in first...last {
                    let x = originX + (Double(column) + 0.5) / scale
                    if hole.contains(x) { continue }
                    let coverage = core.contains(x) ? 1 : min(1, max(0, 0.5 - distance(x, y) * scale))
                    guard coverage > 0 else { continue }
                    let alpha = coverage * opacity
                    let index = (pixelRow * size + column) * 3
                    pixels[index] += (color.red - pixels[index]) * alpha
                    pixels[index + 1] += (color.green - pixels[index + 1]) * alpha
                    pixels[index + 2] += (color.blue - pixels[index + 2]) * alpha
                }
            }
        }
    }

    /// The pixels as 8-bit RGB, ready for the JPEG encoder.
    var rgb: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: pixels.count) { bytes, count in
            pixels.withUnsafeBufferPointer { pixels in
                for index in pixels.indices {
                    // Halves away from zero, as `rounded()` does, without its library call
                    // and vectorizable: adding 2^52 rounds a value in 0...255 to the nearest
                    // integer (halves to even) in the low bits, and a half rounded down is
                    // then bumped up.
                    let value = min(max(pixels[index], 0), 255)
                    let shifted = value + 0x1p52
                    let nearest = shifted - 0x1p52
                    bytes[index] = UInt8(truncatingIfNeeded: shifted.bitPattern) &+ (value - nearest == 0.5 ? 1 : 0)
                }
            }
            count = pixels.count
        }
    }
}
