import Foundation

/// A signed distance function in unit coordinates: negative inside, positive outside, and
/// roughly the distance to the edge, which is what anti-aliasing needs.
struct Shape {
    let distance: (Double, Double) -> Double

    init(_ distance: @escaping (Double, Double) -> Double) {
        self.distance = distance
    }

    static func circle(_ cx: Double, _ cy: Double, _ radius: Double) -> Shape {
        Shape { x, y in hypot(x - cx, y - cy) - radius }
    }

    /// An axis-aligned ellipse (Inigo Quilez's gradient-corrected approximation, exact enough
    /// for a one-pixel anti-aliased edge).
    static func ellipse(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double) -> Shape {
        Shape { x, y in
            let px = (x - cx) / rx, py = (y - cy) / ry
            let k0 = hypot(px, py)
            let k1 = hypot(px / rx, py / ry)
            return k1 == 0 ? -min(rx, ry) : k0 * (k0 - 1) / k1
        }
    }

    /// A box of half sizes `hw`×`hh` with corners rounded by `radius`.
    static func roundedBox(_ cx: Double, _ cy: Double, _ hw: Double, _ hh: Double, radius: Double) -> Shape {
        Shape { x, y in
            let qx = abs(x - cx) - hw + radius, qy = abs(y - cy) - hh + radius
            return hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - radius
        }
    }

    /// A segment from a to b, thickened to `radius`: strokes, brows, lids.
    static func capsule(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ radius: Double) -> Shape {
        Shape { x, y in
            let pax = x - ax, pay = y - ay, bax = bx - ax, bay = by - ay
            let length2 = bax * bax + bay * bay
            let h = length2 == 0 ? 0 : min(1, max(0, (pax * bax + pay * bay) / length2))
            return hypot(pax - bax * h, pay - bay * h) - radius
        }
    }

    /// A stroke along a circular arc from angle `from` to `to` (radians, 0 = right, π/2 = down).
    static func arc(
        _ cx: Double, _ cy: Double, radius: Double, from: Double, to: Double, thickness: Double
    ) -> Shape {
        let steps = 10
        let points = (0...steps).map { step -> (Double, Double) in
            let angle = from + (to - from) * Double(step) / Double(steps)
            return (cx + cos(angle) * radius, cy + sin(angle) * radius)
        }
        return .polyline(points, thickness: thickness)
    }

    /// A stroke through `points`.
    static func polyline(_ points: [(Double, Double)], thickness: Double) -> Shape {
        let segments = zip(points, points.dropFirst()).map { a, b in
            Shape.capsule(a.0, a.1, b.0, b.1, thickness)
        }
        return .union(segments)
    }

    /// The half-plane below (greater y than) `y0`.
    static func below(_ y0: Double) -> Shape { Shape { _, y in y0 - y } }

    /// The half-plane above (smaller y than) `y0`.
    static func above(_ y0: Double) -> Shape { Shape { _, y in y - y0 } }

    /// A triangle (exact signed distance).
    static func triangle(_ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double)) -> Shape {
        let edges = [capsule(a.0, a.1, b.0, b.1, 0), capsule(b.0, b.1, c.0, c.1, 0), capsule(c.0, c.1, a.0, a.1, 0)]
        func side(_ p: (Double, Double), _ q: (Double, Double), _ x: Double, _ y: Double) -> Double {
            (q.0 - p.0) * (y - p.1) - (q.1 - p.1) * (x - p.0)
        }
        return Shape { x, y in
            let edge = edges.map { $0.distance(x, y) }.min() ?? 0
            let s1 = side(a, b, x, y), s2 = side(b, c, x, y), s3 = side(c, a, x, y)
            let inside = (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0)
            return inside ? -edge : edge
        }
    }

    static func union(_ shapes: [Shape]) -> Shape {
        Shape { x, y in shapes.reduce(Double.infinity) { min($0, $1.distance(x, y)) } }
    }

    func union(_ other: Shape) -> Shape { Shape { x, y in min(distance(x, y), other.distance(x, y)) } }

    func intersection(_ other: Shape) -> Shape { Shape { x, y in max(distance(x, y), other.distance(x, y)) } }

    func subtracting(_ other: Shape) -> Shape { Shape { x, y in max(distance(x, y), -other.distance(x, y)) } }

    /// Grown (positive) or shrunk (negative) by `amount`.
    func offset(_ amount: Double) -> Shape { Shape { x, y in distance(x, y) - amount } }

    /// Narrows the shape below `y0` toward a chin: x is stretched by `taper` per unit of y.
    func tapered(below y0: Double, centerX: Double, taper: Double) -> Shape {
        Shape { x, y in
            let factor = 1 + taper * max(0, y - y0)
            return distance(centerX + (x - centerX) * factor, y)
        }
    }
}
