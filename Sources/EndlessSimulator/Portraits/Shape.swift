import Foundation

/// A signed distance function in unit coordinates: negative inside, positive outside, and
/// roughly the distance to the edge, which is what anti-aliasing needs.
///
/// Each shape also knows its reach: a box outside which its distance is at least a given
/// threshold. The canvas paints only where the distance is below half a pixel, so it visits
/// the pixels of that box alone instead of the whole picture, and the box is worked out from
/// the geometry (conservatively, so no pixel that the shape touches is ever left out).
/// Likewise its core: a box inside which the distance is at most minus a threshold, where a
/// pixel is fully covered and its distance need not be worked out.
struct Shape {
    typealias Box = PortraitCanvas.Bounds

    let distance: (Double, Double) -> Double
    /// A box holding every point whose distance is below the threshold given.
    let reach: (Double) -> Box
    /// A box (maybe empty) whose every point has a distance at most minus the threshold.
    let core: (Double) -> Box

    init(
        reach: @escaping (Double) -> Box, core: @escaping (Double) -> Box = { _ in .nowhere },
        _ distance: @escaping (Double, Double) -> Double
    ) {
        self.reach = reach
        self.core = core
        self.distance = distance
    }

    /// The box around a centre with half sizes, empty if a half size is not positive.
    private static func coreBox(_ cx: Double, _ cy: Double, _ halfWidth: Double, _ halfHeight: Double) -> Box {
        halfWidth > 0 && halfHeight > 0 ? .around(cx, cy, halfWidth, halfHeight) : .nowhere
    }

    /// 1/√2: the half side of the square inscribed in a unit circle.
    private static let inscribed = 0.5.squareRoot()

    /// `sqrt(x² + y²)`: what `hypot` returns for the small, well-scaled values of a portrait
    /// (no overflow or underflow to guard against), several times faster.
    @inline(__always)
    static func length(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }

    static func circle(_ cx: Double, _ cy: Double, _ radius: Double) -> Shape {
        Shape(
            reach: { threshold in .around(cx, cy, radius + max(0, threshold), radius + max(0, threshold)) },
            core: { threshold in coreBox(cx, cy, (radius - max(0, threshold)) * inscribed, (radius - max(0, threshold)) * inscribed) }
        ) { x, y in
            length(x - cx, y - cy) - radius
        }
    }

    /// An axis-aligned ellipse (Inigo Quilez's gradient-corrected approximation, exact enough
    /// for a one-pixel anti-aliased edge).
    static func ellipse(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double) -> Shape {
        // Outside, k1 ≤ k0 / min(rx, ry), so the distance is at least (k0 - 1)·min(rx, ry):
        // below a threshold t only where k0 < 1 + t / min(rx, ry), a scaled ellipse. Inside,
        // it is at most -(1 - k0)·min(rx, ry): at most -t where k0 ≤ 1 - t / min(rx, ry).
        Shape(
            reach: { threshold in
                let grow = 1 + max(0, threshold) / min(rx, ry)
                return .around(cx, cy, rx * grow, ry * grow)
            },
            core: { threshold in
                let shrink = (1 - max(0, threshold) / min(rx, ry)) * inscribed
                return coreBox(cx, cy, rx * shrink, ry * shrink)
            }
        ) { x, y in
            let px = (x - cx) / rx, py = (y - cy) / ry
            let k0 = length(px, py)
            let k1 = length(px / rx, py / ry)
            return k1 == 0 ? -min(rx, ry) : k0 * (k0 - 1) / k1
        }
    }

    /// A box of half sizes `hw`×`hh` with corners rounded by `radius`.
    static func roundedBox(_ cx: Double, _ cy: Double, _ hw: Double, _ hh: Double, radius: Double) -> Shape {
        // Past a side by more than t, the distance is at least that overshoot. Inside, the
        // box shrunk by t is a rounded box too, holding the box that meets its corner arcs
        // at 45° (or, with corners sharper than t, the box shrunk by t).
        Shape(
            reach: { threshold in .around(cx, cy, hw + max(0, threshold), hh + max(0, threshold)) },
            core: { threshold in
                let t = max(0, threshold)
                let inset = radius >= t ? radius - (radius - t) * inscribed : t
                return coreBox(cx, cy, hw - inset, hh - inset)
            }
        ) { x, y in
            let qx = abs(x - cx) - hw + radius, qy = abs(y - cy) - hh + radius
            return length(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - radius
        }
    }

    /// A segment from a to b, thickened to `radius`: strokes, brows, lids.
    static func capsule(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ radius: Double) -> Shape {
        let bax = bx - ax, bay = by - ay
        let length2 = bax * bax + bay * bay
        return Shape(reach: { threshold in
            let margin = radius + max(0, threshold)
            return Box(minX: min(ax, bx) - margin, minY: min(ay, by) - margin, maxX: max(ax, bx) + margin, maxY: max(ay, by) + margin)
        }) { x, y in
            let pax = x - ax, pay = y - ay
            let h = length2 == 0 ? 0 : min(1, max(0, (pax * bax + pay * bay) / length2))
            return length(pax - bax * h, pay - bay * h) - radius
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

    /// A stroke through `points`: capsules between neighbours, evaluated in one loop.
    static func polyline(_ points: [(Double, Double)], thickness: Double) -> Shape {
        let segments = zip(points, points.dropFirst()).map { a, b in
            Segment(ax: a.0, ay: a.1, bax: b.0 - a.0, bay: b.1 - a.1)
        }
        let xs = points.map(\.0), ys = points.map(\.1)
        return Shape(reach: { threshold in
            guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return .nowhere }
            let margin = thickness + max(0, threshold)
            return Box(minX: minX - margin, minY: minY - margin, maxX: maxX + margin, maxY: maxY + margin)
        }) { x, y in
            var nearest = Double.infinity
            for segment in segments { nearest = min(nearest, segment.distance(x, y) - thickness) }
            return nearest
        }
    }

    /// One segment of a polyline, with the same arithmetic as ``capsule(_:_:_:_:_:)``.
    private struct Segment {
        let ax: Double, ay: Double, bax: Double, bay: Double
        var length2: Double { bax * bax + bay * bay }

        @inline(__always)
        func distance(_ x: Double, _ y: Double) -> Double {
            let pax = x - ax, pay = y - ay
            let length2 = length2
            let h = length2 == 0 ? 0 : min(1, max(0, (pax * bax + pay * bay) / length2))
            return length(pax - bax * h, pay - bay * h)
        }
    }

    /// The union of circles, evaluated in one loop: curls and puffs of hair.
    static func circles(_ circles: [(x: Double, y: Double, radius: Double)]) -> Shape {
        Shape(reach: { threshold in
            circles.reduce(Box.nowhere) { box, circle in
                let half = circle.radius + max(0, threshold)
                return box.union(.around(circle.x, circle.y, half, half))
            }
        }) { x, y in
            var nearest = Double.infinity
            for circle in circles { nearest = min(nearest, length(x - circle.x, y - circle.y) - circle.radius) }
            return nearest
        }
    }

    /// The half-plane below (greater y than) `y0`.
    static func below(_ y0: Double) -> Shape {
        Shape(
            reach: { threshold in Box.everywhere.with(minY: y0 - max(0, threshold)) },
            core: { threshold in Box.everywhere.with(minY: y0 + max(0, threshold)) }
        ) { _, y in y0 - y }
    }

    /// The half-plane above (smaller y than) `y0`.
    static func above(_ y0: Double) -> Shape {
        Shape(
            reach: { threshold in Box.everywhere.with(maxY: y0 + max(0, threshold)) },
            core: { threshold in Box.everywhere.with(maxY: y0 - max(0, threshold)) }
        ) { _, y in y - y0 }
    }

    /// Everything farther than `halfWidth` left or right of `centerX`.
    static func outside(halfWidth: Double, of centerX: Double) -> Shape {
        Shape(reach: { _ in .everywhere }) { x, _ in halfWidth - abs(x - centerX) }
    }

    /// A triangle (exact signed distance).
    static func triangle(_ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double)) -> Shape {
        let ab = capsule(a.0, a.1, b.0, b.1, 0), bc = capsule(b.0, b.1, c.0, c.1, 0), ca = capsule(c.0, c.1, a.0, a.1, 0)
        @inline(__always)
        func side(_ p: (Double, Double), _ q: (Double, Double), _ x: Double, _ y: Double) -> Double {
            (q.0 - p.0) * (y - p.1) - (q.1 - p.1) * (x - p.0)
        }
        // Inside or within t of an edge: within t of the vertices' box.
        return Shape(reach: { threshold in ab.reach(threshold).union(bc.reach(threshold)) }) { x, y in
            let edge = min(ab.distance(x, y), bc.distance(x, y), ca.distance(x, y))
            let s1 = side(a, b, x, y), s2 = side(b, c, x, y), s3 = side(c, a, x, y)
            let inside = (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0)
            return inside ? -edge : edge
        }
    }

    func union(_ other: Shape) -> Shape {
        // Either core will do: the larger.
        Shape(reach: { reach($0).union(other.reach($0)) }, core: { core($0).larger(other.core($0)) }) { x, y in min(distance(x, y), other.distance(x, y)) }
    }

    func intersection(_ other: Shape) -> Shape {
        Shape(reach: { reach($0).intersection(other.reach($0)) }, core: { core($0).intersection(other.core($0)) }) { x, y in max(distance(x, y), other.distance(x, y)) }
    }

    func subtracting(_ other: Shape) -> Shape {
        // The core holds if the other shape stays farther than t from it.
        Shape(
            reach: reach,
            core: { threshold in
                let own = core(threshold)
                return own.intersection(other.reach(threshold)).isEmpty ? own : .nowhere
            }
        ) { x, y in max(distance(x, y), -other.distance(x, y)) }
    }

    /// Grown (positive) or shrunk (negative) by `amount`.
    func offset(_ amount: Double) -> Shape {
        Shape(reach: { reach($0 + amount) }, core: { core($0 + amount) }) { x, y in distance(x, y) - amount }
    }

    /// A band `halfWidth` either side of the edge: collars, rims, frames.
    func outline(_ halfWidth: Double) -> Shape {
        Shape(reach: { reach($0 + halfWidth) }) { x, y in abs(distance(x, y)) - halfWidth }
    }

    /// This shape and `other` mixed by `amount` (0 = this, 1 = other): an oval toward a box.
    func blended(with other: Shape, _ amount: Double) -> Shape {
        // A mix of two distances is below t only where one of them is.
        // And at most -t where both are.
        let convex = (0...1).contains(amount)
        let reach: (Double) -> Box = convex ? { self.reach($0).union(other.reach($0)) } : { _ in .everywhere }
        let core: (Double) -> Box = convex ? { self.core($0).intersection(other.core($0)) } : { _ in .nowhere }
        return Shape(reach: reach, core: core) { x, y in distance(x, y) * (1 - amount) + other.distance(x, y) * amount }
    }

    /// Moved down by `dy`.
    func moved(down dy: Double) -> Shape {
        Shape(reach: { reach($0).moved(down: dy) }, core: { core($0).moved(down: dy) }) { x, y in distance(x, y - dy) }
    }

    /// Narrows the shape below `y0` toward a chin: x is stretched by `taper` per unit of y.
    func tapered(below y0: Double, centerX: Double, taper: Double) -> Shape {
        // Stretching x away from centerX by a factor ≥ 1 only pulls points toward centerX; a
        // core around centerX shrinks by the largest factor over its rows.
        let reach: (Double) -> Box =
            taper >= 0
            ? { threshold in
                let box = self.reach(threshold)
                return box.isEmpty ? box : box.with(minX: min(box.minX, centerX), maxX: max(box.maxX, centerX))
            } : { _ in .everywhere }
        let core: (Double) -> Box = { threshold in
            let box = self.core(threshold)
            guard taper >= 0, !box.isEmpty, box.minX <= centerX, centerX <= box.maxX, box.maxY.isFinite else { return .nowhere }
            let factor = 1 + taper * max(0, box.maxY - y0)
            return box.with(minX: centerX + (box.minX - centerX) / factor, maxX: centerX + (box.maxX - centerX) / factor)
        }
        return Shape(reach: reach, core: core) { x, y in
            let factor = 1 + taper * max(0, y - y0)
            return distance(centerX + (x - centerX) * factor, y)
        }
    }
}
