/// An RGB pixel buffer that shapes are painted into with analytic anti-aliasing: a shape is
/// a signed distance function in unit coordinates (the square is 0...1 both ways, y down),
/// and a pixel's coverage is how far its centre lies inside the edge, in pixels, clamped to
/// 0...1. Each size is drawn directly from the same shapes, so 48 px stays crisp.
struct PortraitCanvas {
    /// An sRGB colour with components in 0...255.
    struct Color: Equatable {
        var red: Double
        var green: Double
        var blue: Double

        init(_ red: Double, _ green: Double, _ blue: Double) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// `0xRRGGBB`.
        init(hex: UInt32) {
            self.init(Double(hex >> 16 & 0xFF), Double(hex >> 8 & 0xFF), Double(hex & 0xFF))
        }

        /// Mixed toward black by `amount` (0...1).
        func darker(_ amount: Double) -> Color { mixed(with: Color(0, 0, 0), amount) }

        func mixed(with other: Color, _ amount: Double) -> Color {
            Color(
                red + (other.red - red) * amount, green + (other.green - green) * amount,
                blue + (other.blue - blue) * amount)
        }
    }

    /// A box in unit coordinates that bounds a shape, so painting skips the pixels outside.
    struct Bounds {
        var minX: Double, minY: Double, maxX: Double, maxY: Double

        static let all = Bounds(minX: -1, minY: -1, maxX: 2, maxY: 2)

        /// The box around a centre with half sizes, grown by a margin.
        static func around(_ x: Double, _ y: Double, _ halfWidth: Double, _ halfHeight: Double) -> Bounds {
            Bounds(minX: x - halfWidth, minY: y - halfHeight, maxX: x + halfWidth, maxY: y + halfHeight)
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

    init(size: Int, background: Color, zoom: Double = 1, focus: (x: Double, y: Double) = (0.5, 0.5)) {
        self.size = size
        self.zoom = zoom
        self.focus = focus
        pixels = [Double](repeating: 0, count: size * size * 3)
        for index in 0..<(size * size) {
            pixels[index * 3] = background.red
            pixels[index * 3 + 1] = background.green
            pixels[index * 3 + 2] = background.blue
        }
    }

    /// Paints `color` where `shape` is negative (inside), blended by coverage and `opacity`.
    mutating func fill(_ shape: Shape, _ color: Color, opacity: Double = 1, bounds: Bounds = .all) {
        // Pixels per unit, and the unit point at pixel (0, 0).
        let scale = Double(size) * zoom
        let originX = focus.x - 0.5 / zoom
        let originY = focus.y - 0.5 / zoom
        // One pixel of margin so the anti-aliased fringe is painted too.
        let x0 = max(0, Int(((bounds.minX - originX) * scale).rounded(.down)) - 1)
        let y0 = max(0, Int(((bounds.minY - originY) * scale).rounded(.down)) - 1)
        let x1 = min(size - 1, Int(((bounds.maxX - originX) * scale).rounded(.up)) + 1)
        let y1 = min(size - 1, Int(((bounds.maxY - originY) * scale).rounded(.up)) + 1)
        guard x0 <= x1, y0 <= y1 else { return }
        for row in y0...y1 {
            let y = originY + (Double(row) + 0.5) / scale
            for column in x0...x1 {
                let x = originX + (Double(column) + 0.5) / scale
                let distance = shape.distance(x, y)
                let coverage = min(1, max(0, 0.5 - distance * scale))
                guard coverage > 0 else { continue }
                let alpha = coverage * opacity
                let index = (row * size + column) * 3
                pixels[index] += (color.red - pixels[index]) * alpha
                pixels[index + 1] += (color.green - pixels[index + 1]) * alpha
                pixels[index + 2] += (color.blue - pixels[index + 2]) * alpha
            }
        }
    }

    /// The pixels as 8-bit RGB, ready for the JPEG encoder.
    var rgb: [UInt8] {
        pixels.map { UInt8(max(0, min(255, $0.rounded()))) }
    }
}
