import EndlessSimulator
import Foundation

/// `portraits draw`: drawing every face the simulator serves (197 people at 128, 72 and 48
/// pixels) into RGB pixels, the work a person's first minute of scrolling the people feed pays
/// once, against the renderer it replaced: a verbatim copy below, which evaluated every shape
/// at every pixel of its bounds (mostly the whole canvas) through `hypot`. Both must give
/// identical pixels for every face, or the bench fails. JPEG encoding, the same for both, is
/// left out.
enum PortraitBenchmark {
    static let sizes = [128, 72, 48]

    static func run() throws {
        let faces = PortraitKey.Gender.allCases.flatMap { gender in
            (0...gender.maxIndex).map { PortraitFeatures(gender: gender, index: $0) }
        }
        for face in faces {
            for size in sizes where PortraitRenderer.render(face, size: size) != BaselinePortraitRenderer.render(face, size: size) {
                throw BenchFailure("portraits: the renderer and its baseline draw a face differently at \(size) px")
            }
        }
        // Bytes drawn by each side, so no run can be optimized away and both drew the same.
        var oursBytes = 0
        var baselineBytes = 0
        let times = Bench.interleaved(
            ours: {
                Bench.seconds {
                    for face in faces {
                        for size in sizes { oursBytes += PortraitRenderer.render(face, size: size).count }
                    }
                }
            },
            baseline: {
                Bench.seconds {
                    for face in faces {
                        for size in sizes { baselineBytes += BaselinePortraitRenderer.render(face, size: size).count }
                    }
                }
            })
        guard oursBytes == baselineBytes else { throw BenchFailure("portraits: the two renderers drew different amounts") }
        Bench.figure(
            "portraits", "draw", unit: "ms_for_all_faces", ours: times.ours.scaled(1000),
            baseline: .init(name: "previous_renderer_every_pixel_of_the_bounds", samples: times.baseline.scaled(1000)),
            better: .lower, decimals: 1,
            details: [
                "faces": faces.count, "sizes": "128,72,48", "identical_pixels": "yes",
                "us_per_face_at_all_sizes": Bench.fixed(times.ours.median * 1e6 / Double(faces.count), 0),
            ])
    }
}

// MARK: - Baseline: the renderer before it bounded each shape (a verbatim copy, renamed)

/// A signed distance function in unit coordinates: negative inside, positive outside, and
/// roughly the distance to the edge, which is what anti-aliasing needs.
struct BaselineShape {
    let distance: (Double, Double) -> Double

    init(_ distance: @escaping (Double, Double) -> Double) {
        self.distance = distance
    }

    static func circle(_ cx: Double, _ cy: Double, _ radius: Double) -> BaselineShape {
        BaselineShape { x, y in hypot(x - cx, y - cy) - radius }
    }

    /// An axis-aligned ellipse (Inigo Quilez's gradient-corrected approximation, exact enough
    /// for a one-pixel anti-aliased edge).
    static func ellipse(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double) -> BaselineShape {
        BaselineShape { x, y in
            let px = (x - cx) / rx, py = (y - cy) / ry
            let k0 = hypot(px, py)
            let k1 = hypot(px / rx, py / ry)
            return k1 == 0 ? -min(rx, ry) : k0 * (k0 - 1) / k1
        }
    }

    /// A box of half sizes `hw`×`hh` with corners rounded by `radius`.
    static func roundedBox(_ cx: Double, _ cy: Double, _ hw: Double, _ hh: Double, radius: Double) -> BaselineShape {
        BaselineShape { x, y in
            let qx = abs(x - cx) - hw + radius, qy = abs(y - cy) - hh + radius
            return hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - radius
        }
    }

    /// A segment from a to b, thickened to `radius`: strokes, brows, lids.
    static func capsule(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ radius: Double) -> BaselineShape {
        BaselineShape { x, y in
            let pax = x - ax, pay = y - ay, bax = bx - ax, bay = by - ay
            let length2 = bax * bax + bay * bay
            let h = length2 == 0 ? 0 : min(1, max(0, (pax * bax + pay * bay) / length2))
            return hypot(pax - bax * h, pay - bay * h) - radius
        }
    }

    /// A stroke along a circular arc from angle `from` to `to` (radians, 0 = right, π/2 = down).
    static func arc(
        _ cx: Double, _ cy: Double, radius: Double, from: Double, to: Double, thickness: Double
    ) -> BaselineShape {
        let steps = 10
        let points = (0...steps).map { step -> (Double, Double) in
            let angle = from + (to - from) * Double(step) / Double(steps)
            return (cx + cos(angle) * radius, cy + sin(angle) * radius)
        }
        return .polyline(points, thickness: thickness)
    }

    /// A stroke through `points`.
    static func polyline(_ points: [(Double, Double)], thickness: Double) -> BaselineShape {
        let segments = zip(points, points.dropFirst()).map { a, b in
            BaselineShape.capsule(a.0, a.1, b.0, b.1, thickness)
        }
        return .union(segments)
    }

    /// The half-plane below (greater y than) `y0`.
    static func below(_ y0: Double) -> BaselineShape { BaselineShape { _, y in y0 - y } }

    /// The half-plane above (smaller y than) `y0`.
    static func above(_ y0: Double) -> BaselineShape { BaselineShape { _, y in y - y0 } }

    /// A triangle (exact signed distance).
    static func triangle(_ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double)) -> BaselineShape {
        let edges = [capsule(a.0, a.1, b.0, b.1, 0), capsule(b.0, b.1, c.0, c.1, 0), capsule(c.0, c.1, a.0, a.1, 0)]
        func side(_ p: (Double, Double), _ q: (Double, Double), _ x: Double, _ y: Double) -> Double {
            (q.0 - p.0) * (y - p.1) - (q.1 - p.1) * (x - p.0)
        }
        return BaselineShape { x, y in
            let edge = edges.map { $0.distance(x, y) }.min() ?? 0
            let s1 = side(a, b, x, y), s2 = side(b, c, x, y), s3 = side(c, a, x, y)
            let inside = (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0)
            return inside ? -edge : edge
        }
    }

    static func union(_ shapes: [BaselineShape]) -> BaselineShape {
        BaselineShape { x, y in shapes.reduce(Double.infinity) { min($0, $1.distance(x, y)) } }
    }

    func union(_ other: BaselineShape) -> BaselineShape { BaselineShape { x, y in min(distance(x, y), other.distance(x, y)) } }

    func intersection(_ other: BaselineShape) -> BaselineShape { BaselineShape { x, y in max(distance(x, y), other.distance(x, y)) } }

    func subtracting(_ other: BaselineShape) -> BaselineShape { BaselineShape { x, y in max(distance(x, y), -other.distance(x, y)) } }

    /// Grown (positive) or shrunk (negative) by `amount`.
    func offset(_ amount: Double) -> BaselineShape { BaselineShape { x, y in distance(x, y) - amount } }

    /// Narrows the shape below `y0` toward a chin: x is stretched by `taper` per unit of y.
    func tapered(below y0: Double, centerX: Double, taper: Double) -> BaselineShape {
        BaselineShape { x, y in
            let factor = 1 + taper * max(0, y - y0)
            return distance(centerX + (x - centerX) * factor, y)
        }
    }
}

/// An RGB pixel buffer that shapes are painted into with analytic anti-aliasing: a shape is
/// a signed distance function in unit coordinates (the square is 0...1 both ways, y down),
/// and a pixel's coverage is how far its centre lies inside the edge, in pixels, clamped to
/// 0...1. Each size is drawn directly from the same shapes, so 48 px stays crisp.
struct BaselinePortraitCanvas {
    typealias Color = PortraitCanvas.Color

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
    mutating func fill(_ shape: BaselineShape, _ color: Color, opacity: Double = 1, bounds: Bounds = .all) {
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

/// Draws a ``PortraitFeatures`` face into a square RGB image, back to front: background,
/// hair behind the head, shoulders, neck, ears, face, beard, hair in front, then eyes,
/// brows, nose, mouth and glasses. All geometry is in unit coordinates, so every size is the
/// same picture.
struct BaselinePortraitRenderer {
    let features: PortraitFeatures
    var canvas: BaselinePortraitCanvas

    // The face's frame: centre, half sizes, and the rows the features sit on.
    let cx = 0.5
    let cy = 0.47
    var fw: Double { features.faceWidth }
    var fh: Double { features.faceHeight }
    var eyeY: Double { cy + 0.005 }
    var browY: Double { eyeY - 0.047 }
    var noseY: Double { eyeY + 0.072 }
    var mouthY: Double { eyeY + 0.128 }

    /// The head fills most of the frame, the shoulders just show.
    static let zoom = 1.22
    static let focus = (x: 0.5, y: 0.53)

    /// Renders `features` at `size`×`size` pixels.
    /// - Returns: 8-bit RGB pixels, row by row.
    static func render(_ features: PortraitFeatures, size: Int) -> [UInt8] {
        var renderer = BaselinePortraitRenderer(
            features: features, canvas: BaselinePortraitCanvas(size: size, background: features.background, zoom: Self.zoom, focus: Self.focus))
        renderer.draw()
        return renderer.canvas.rgb
    }

    /// The face outline: an oval blended toward a rounded box by squareness, narrowing to the chin.
    var face: BaselineShape {
        let oval = BaselineShape.ellipse(cx, cy, fw, fh)
        let box = BaselineShape.roundedBox(cx, cy, fw, fh, radius: fw * 0.85)
        let t = features.squareness
        return BaselineShape { x, y in oval.distance(x, y) * (1 - t) + box.distance(x, y) * t }
            .tapered(below: cy + 0.03, centerX: cx, taper: 1.1)
    }

    private mutating func draw() {
        let skin = features.skin
        if let back = hairBehind() { canvas.fill(back, features.hairColor) }
        drawBody()

        // Ears sit just outside the face, level with the eyes.
        for side in [-1.0, 1.0] {
            let ex = cx + side * fw * 0.97
            canvas.fill(.ellipse(ex, eyeY + 0.018, 0.028, 0.046), skin.darker(0.04), bounds: .around(ex, eyeY, 0.05, 0.08))
            canvas.fill(
                .ellipse(ex + side * 0.006, eyeY + 0.02, 0.012, 0.026), skin.darker(0.2), opacity: 0.35,
                bounds: .around(ex, eyeY, 0.05, 0.08))
            if features.earrings {
                canvas.fill(.circle(ex, eyeY + 0.07, 0.011), .init(hex: 0xE5C158), bounds: .around(ex, eyeY + 0.07, 0.03, 0.03))
            }
        }

        canvas.fill(face, skin)
        if features.blush {
            for side in [-1.0, 1.0] {
                let bx = cx + side * (features.eyeSpacing + 0.02)
                canvas.fill(
                    .ellipse(bx, mouthY - 0.045, 0.03, 0.017), .init(hex: 0xE8898A), opacity: 0.28,
                    bounds: .around(bx, mouthY - 0.045, 0.05, 0.04))
            }
        }
        drawBeard()
        if let front = hairInFront() {
            // A buzz cut lets the scalp show through.
            canvas.fill(front, features.hairColor, opacity: features.hair == .buzz ? 0.72 : 1)
        }
        if features.hair == .bald {
            canvas.fill(.ellipse(cx - 0.05, cy - fh * 0.72, 0.06, 0.025), .init(255, 255, 255), opacity: 0.18)
        }
        drawEyes()
        drawNose()
        drawMouth()
        drawGlasses()
    }

    /// Shoulders in the shirt colour, the neck, its shadow under the chin, and the collar.
    private mutating func drawBody() {
        let neckColor = features.skin.darker(0.07)
        let shoulders = features.isWoman ? 0.36 : 0.41
        let shirtTop = 0.8
        canvas.fill(.ellipse(cx, shirtTop + 0.23, shoulders, 0.23), features.shirt)
        let neckTop = cy + fh * 0.45
        let neck = BaselineShape.roundedBox(cx, (neckTop + shirtTop + 0.02) / 2, fw * 0.46, (shirtTop + 0.02 - neckTop) / 2, radius: 0.02)
        canvas.fill(neck, neckColor)
        switch features.collar {
        case .crew:
            canvas.fill(.ellipse(cx, shirtTop, fw * 0.46, 0.028), neckColor)
            let band = BaselineShape.ellipse(cx, shirtTop + 0.002, fw * 0.46 + 0.008, 0.034)
            canvas.fill(
                BaselineShape { x, y in abs(band.distance(x, y)) - 0.006 }.intersection(.below(shirtTop - 0.004)),
                features.shirt.darker(0.25))
        case .vee:
            canvas.fill(
                .triangle((cx - fw * 0.46, shirtTop - 0.01), (cx + fw * 0.46, shirtTop - 0.01), (cx, shirtTop + 0.085)),
                neckColor)
        }
        // The chin's shadow on the neck gives the head some depth.
        let outline = face
        let shadow = BaselineShape { x, y in outline.distance(x, y - 0.03) }.intersection(neck)
        canvas.fill(shadow, features.skin.darker(0.3), opacity: 0.35)
    }

    private mutating func drawEyes() {
        let scale = features.eyeSize
        for side in [-1.0, 1.0] {
            let ex = cx + side * features.eyeSpacing
            let bounds = BaselinePortraitCanvas.Bounds.around(ex, eyeY, 0.05, 0.06)
            let white = BaselineShape.ellipse(ex, eyeY, 0.025 * scale, 0.0155 * scale)
            canvas.fill(white, .init(hex: 0xF7F4F0), bounds: bounds)
            canvas.fill(BaselineShape.circle(ex, eyeY + 0.001, 0.0125 * scale).intersection(white), features.eyeColor, bounds: bounds)
            canvas.fill(.circle(ex, eyeY + 0.001, 0.006 * scale), .init(hex: 0x111111), bounds: bounds)
            canvas.fill(.circle(ex + 0.004, eyeY - 0.004, 0.0032), .init(255, 255, 255), opacity: 0.9, bounds: bounds)
            // The upper lid, heavier (lashes) on some faces.
            let lid = features.isWoman ? 0.0042 : 0.003
            canvas.fill(
                .arc(ex, eyeY + 0.013 * scale, radius: 0.029 * scale, from: .pi * 1.18, to: .pi * 1.82, thickness: lid),
                features.skin.darker(0.65), bounds: bounds)

            let browColor = features.hairColor.darker(0.15).mixed(with: features.skin, features.hair == .bald ? 0.3 : 0)
            let brow = BaselineShape.polyline(
                [
                    (ex - side * 0.024, browY + 0.003),
                    (ex + side * 0.004, browY - 0.005),
                    (ex + side * 0.032, browY + features.browTilt),
                ], thickness: features.browThickness / 2)
            canvas.fill(brow, browColor, bounds: .around(ex, browY, 0.05, 0.03))
        }
    }

    private mutating func drawNose() {
        let shade = features.skin.darker(0.35)
        let bounds = BaselinePortraitCanvas.Bounds.around(cx, noseY, 0.04, 0.06)
        canvas.fill(.capsule(cx + 0.008, eyeY + 0.02, cx + 0.012, noseY - 0.004, 0.003), shade, opacity: 0.25, bounds: bounds)
        canvas.fill(
            .arc(cx, noseY - 0.008, radius: 0.016, from: .pi * 0.2, to: .pi * 0.8, thickness: 0.0035),
            shade, opacity: 0.55, bounds: bounds)
    }
}

/// Hair: the part behind the head (long styles, afros, buns) and the part in front of it
/// (the cap with its hairline, fringes, quiffs).
extension BaselinePortraitRenderer {
    /// The skull the hair cap hugs, grown by `volume`.
    private func skull(_ volume: Double) -> BaselineShape {
        .ellipse(cx, cy - 0.012, fw + 0.012 + volume, fh + 0.014 + volume)
    }

    /// The skin the hairline leaves free: an ellipse over the forehead, shifted by the parting.
    private func forehead(shift: Double = 0, height: Double = 0) -> BaselineShape {
        .ellipse(cx + shift, cy + 0.1 - height, fw * 0.94, fh * 0.84 + height)
    }

    /// The cap: skull minus forehead, ending at the temples (`sides` below the eye line).
    private func cap(volume: Double, shift: Double = 0, height: Double = 0, sides: Double = -0.03) -> BaselineShape {
        skull(volume).intersection(.above(eyeY + sides)).subtracting(forehead(shift: shift, height: height))
    }

    func hairBehind() -> BaselineShape? {
        let side = features.parting < 0 ? -1.0 : 1.0
        switch features.hair {
        case .long:
            let bottom = features.isWoman ? 0.9 : 0.74
            let top = cy - fh * 0.4
            return BaselineShape.roundedBox(cx, (top + bottom) / 2, fw + 0.045, (bottom - top) / 2, radius: 0.09)
                .union(skull(0.03))
        case .bob:
            let bottom = cy + fh * 0.72
            let top = cy - fh * 0.5
            return BaselineShape.roundedBox(cx, (top + bottom) / 2, fw + 0.05, (bottom - top) / 2, radius: 0.06)
                .union(skull(0.04))
        case .afro:
            let center = (cx, cy - 0.04)
            let puffs = (0..<14).map { index -> BaselineShape in
                let angle = Double(index) / 14 * 2 * .pi
                return .circle(center.0 + cos(angle) * (fw + 0.075), center.1 + sin(angle) * (fh + 0.035), 0.05)
            }
            return BaselineShape.union(puffs).union(.ellipse(center.0, center.1, fw + 0.08, fh + 0.04))
        case .curlyLong:
            var puffs: [BaselineShape] = [skull(0.035)]
            for row in 0..<6 {
                let y = cy - 0.06 + Double(row) * 0.07
                let wobble = row % 2 == 0 ? 0.0 : 0.015
                for s in [-1.0, 1.0] {
                    puffs.append(.circle(cx + s * (fw + 0.03 + wobble), y, 0.052))
                }
            }
            return .union(puffs)
        case .bun:
            return BaselineShape.circle(cx + side * 0.02, cy - fh - 0.045, 0.065)
        case .ponytail:
            return BaselineShape.capsule(cx + side * fw * 0.6, cy - fh * 0.75, cx + side * (fw + 0.07), cy + 0.16, 0.045)
                .union(.circle(cx + side * (fw + 0.03), cy - fh * 0.45, 0.05))
        default:
            return nil
        }
    }

    func hairInFront() -> BaselineShape? {
        let side = features.parting < 0 ? -1.0 : 1.0
        switch features.hair {
        case .short:
            return cap(volume: 0.012, shift: features.parting * 0.02)
        case .sidePart:
            let sweep = skull(0.026).intersection(.above(cy - fh * 0.45))
                .subtracting(.ellipse(cx + side * 0.09, cy - 0.03, fw * 0.62, fh * 0.55))
            return cap(volume: 0.026, shift: side * 0.05, height: 0.02).union(sweep)
        case .buzz:
            return cap(volume: 0.004, height: 0.012)
        case .bald:
            return nil
        case .balding:
            return cap(volume: 0.008, height: 0.02).intersection(BaselineShape { x, _ in fw * 0.62 - abs(x - cx) })
        case .quiff:
            let quiff = BaselineShape.ellipse(cx + side * 0.02, cy - fh - 0.01, fw * 0.8, 0.055).intersection(.above(cy - fh * 0.55))
            return cap(volume: 0.014, height: 0.03).union(quiff)
        case .curlyTop:
            let curls = (0..<9).map { index -> BaselineShape in
                let angle = Double.pi * (1.1 + 0.8 * Double(index) / 8)
                return .circle(cx + cos(angle) * (fw + 0.01), cy - 0.012 + sin(angle) * (fh + 0.012), 0.032)
            }
            return cap(volume: 0.018).union(BaselineShape.union(curls).intersection(.above(cy - fh * 0.3)))
        case .afro:
            return cap(volume: 0.02, height: 0.01)
        case .long, .curlyLong:
            return cap(volume: 0.03, shift: features.parting * 0.03, sides: 0.01)
        case .bob:
            // Straight bangs across the forehead.
            return skull(0.04).intersection(.above(cy - fh * 0.38))
        case .bun, .ponytail:
            return cap(volume: 0.01, height: 0.015)
        case .pixie:
            let fringe = skull(0.02).intersection(.above(cy - fh * 0.25))
                .subtracting(.ellipse(cx - side * 0.1, cy + 0.02, fw * 0.8, fh * 0.62))
            return cap(volume: 0.02, shift: -side * 0.03).union(fringe)
        }
    }
}

/// Mouth, beard and glasses.
extension BaselinePortraitRenderer {
    mutating func drawMouth() {
        let line = features.lipColor?.darker(0.25) ?? features.skin.mixed(with: .init(hex: 0x8A3B3B), 0.6)
        let bounds = BaselinePortraitCanvas.Bounds.around(cx, mouthY, 0.07, 0.06)
        if let lips = features.lipColor, features.mouth != .grin {
            canvas.fill(.ellipse(cx, mouthY + 0.003, 0.032, 0.011), lips, opacity: 0.9, bounds: bounds)
        }
        switch features.mouth {
        case .smile:
            canvas.fill(
                .arc(cx, mouthY - 0.032, radius: 0.04, from: .pi * 0.27, to: .pi * 0.73, thickness: 0.0045),
                line, bounds: bounds)
        case .grin:
            let opening = BaselineShape.circle(cx, mouthY - 0.014, 0.037).intersection(.below(mouthY - 0.006))
            canvas.fill(opening, .init(hex: 0x5E2323), bounds: bounds)
            canvas.fill(opening.intersection(.above(mouthY + 0.004)), .init(hex: 0xFAFAF5), bounds: bounds)
            if let lips = features.lipColor {
                canvas.fill(BaselineShape { x, y in abs(opening.distance(x, y)) - 0.003 }, lips, bounds: bounds)
            }
        case .flat:
            canvas.fill(.capsule(cx - 0.028, mouthY + 0.002, cx + 0.028, mouthY + 0.002, 0.0042), line, bounds: bounds)
        case .smirk:
            canvas.fill(
                .polyline(
                    [(cx - 0.028, mouthY + 0.001), (cx + 0.005, mouthY + 0.005), (cx + 0.032, mouthY - 0.008)],
                    thickness: 0.0042), line, bounds: bounds)
        }
    }

    mutating func drawBeard() {
        let clearing = BaselineShape.ellipse(cx, mouthY + 0.002, 0.042, 0.017)
        let mustache = BaselineShape.ellipse(cx - 0.019, mouthY - 0.017, 0.027, 0.0095)
            .union(.ellipse(cx + 0.019, mouthY - 0.017, 0.027, 0.0095))
        // The beard line curves from the ears down to just under the nose.
        let cheeks = BaselineShape.ellipse(cx, eyeY - 0.02, fw * 1.1, mouthY - eyeY - 0.005)
        let jaw = face.offset(0.006).subtracting(cheeks).subtracting(clearing)
        switch features.beard {
        case .none:
            return
        case .stubble:
            canvas.fill(jaw.union(mustache), features.hairColor.darker(0.35), opacity: 0.22)
        case .full:
            canvas.fill(jaw, features.hairColor)
            canvas.fill(mustache, features.hairColor.darker(0.1))
        case .goatee:
            let goatee = BaselineShape.ellipse(cx, mouthY + 0.045, 0.034, 0.045).intersection(face).subtracting(clearing)
            canvas.fill(goatee, features.hairColor)
            canvas.fill(mustache, features.hairColor.darker(0.1))
        case .mustache:
            canvas.fill(mustache, features.hairColor.darker(0.1))
        }
    }

    mutating func drawGlasses() {
        guard let frame = features.glasses else { return }
        let half = (width: 0.04, height: 0.03)
        for side in [-1.0, 1.0] {
            let ex = cx + side * features.eyeSpacing
            let lens = BaselineShape.roundedBox(ex, eyeY, half.width, half.height, radius: 0.014)
            let bounds = BaselinePortraitCanvas.Bounds.around(ex, eyeY, 0.06, 0.05)
            canvas.fill(lens, .init(255, 255, 255), opacity: 0.14, bounds: bounds)
            canvas.fill(BaselineShape { x, y in abs(lens.distance(x, y)) - 0.0035 }, frame, bounds: bounds)
            // The temple arm, back to the ear.
            canvas.fill(.capsule(ex + side * half.width, eyeY - 0.01, cx + side * fw * 0.97, eyeY - 0.004, 0.003), frame)
        }
        let inner = features.eyeSpacing - half.width
        canvas.fill(.arc(cx, eyeY - 0.002, radius: inner, from: .pi * 1.2, to: .pi * 1.8, thickness: 0.003), frame)
    }
}
