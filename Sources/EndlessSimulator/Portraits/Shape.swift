import Foundation

/// A signed distance function in unit coordinates: negative inside, positive outside, and
/// roughly the distance to the edge, which is what anti-aliasing needs.
///
/// The canvas paints a pixel only where the distance is below half a pixel, and fully where
/// it is at most minus half a pixel, so besides the distance each shape describes, from its
/// geometry and conservatively, where those cases lie: its reach, a box outside which the
/// distance is at least a threshold (the canvas visits only that box), and for each row of
/// pixels a ``Row``: where the distance may be below the threshold, where it surely is at
/// most minus it (painted without working out the distance) and where it surely is at
/// least it (skipped).
struct Shape {
    typealias Box = PortraitCanvas.Bounds

    /// A span of x on one row; empty when `low > high`.
    struct Interval {
        var low: Double
        var high: Double

        static let empty = Interval(low: .infinity, high: -.infinity)
        static let all = Interval(low: -.infinity, high: .infinity)

        /// `center ± half`, empty unless `half` is positive.
        static func around(_ center: Double, _ half: Double) -> Interval {
            half > 0 ? Interval(low: center - half, high: center + half) : .empty
        }

        var isEmpty: Bool { !(low <= high) }

        @inline(__always)
        func contains(_ x: Double) -> Bool { low <= x && x <= high }

        func intersection(_ other: Interval) -> Interval {
            Interval(low: max(low, other.low), high: min(high, other.high))
        }

        /// The smallest interval holding both.
        func hull(_ other: Interval) -> Interval {
            if isEmpty { return other }
            if other.isEmpty { return self }
            return Interval(low: min(low, other.low), high: max(high, other.high))
        }

        /// The longer of the two.
        func longer(_ other: Interval) -> Interval {
            if isEmpty { return other }
            if other.isEmpty { return self }
            return high - low >= other.high - other.low ? self : other
        }

        /// The longer of the pieces left when `other` is taken out.
        func removing(_ other: Interval) -> Interval {
            let cut = intersection(other)
            guard !isEmpty, !cut.isEmpty else { return self }
            return Interval(low: low, high: other.low).longer(Interval(low: other.high, high: high))
        }

        /// Grown by `amount` at each end (shrunk if negative).
        func grown(by amount: Double) -> Interval {
            isEmpty ? self : Interval(low: low - amount, high: high + amount)
        }

        /// Each end mapped through an increasing function.
        func mapped(_ transform: (Double) -> Double) -> Interval {
            isEmpty ? self : Interval(low: transform(low), high: transform(high))
        }
    }

    /// One row of a shape at a threshold t: the distance may be below t only within `reach`,
    /// is at most -t throughout `core` and at least t throughout `hole`.
    struct Row {
        var reach: Interval
        var core: Interval = .empty
        var hole: Interval = .empty

        static let nothing = Row(reach: .empty)
        static let unknown = Row(reach: .all)
    }

    let distance: (Double, Double) -> Double
    /// A box holding every point whose distance is below the threshold given.
    let reach: (Double) -> Box
    /// The row at height y (first argument) for a threshold (second).
    let row: (Double, Double) -> Row

    init(
        reach: @escaping (Double) -> Box, row: ((Double, Double) -> Row)? = nil,
        _ distance: @escaping (Double, Double) -> Double
    ) {
        self.reach = reach
        self.distance = distance
        // Without more knowledge, a row is its reach box's.
        self.row =
            row ?? { y, threshold in
                let box = reach(threshold)
                return box.minY <= y && y <= box.maxY ? Row(reach: Interval(low: box.minX, high: box.maxX)) : .nothing
            }
    }

    /// `sqrt(x² + y²)`: what `hypot` returns for the small, well-scaled values of a portrait
    /// (no overflow or underflow to guard against), several times faster.
    @inline(__always)
    static func length(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }

    /// Half the chord at height `offset` of a circle of `radius` (0 or less: no chord).
    private static func chord(_ radius: Double, _ offset: Double) -> Double {
        radius > abs(offset) ? (radius * radius - offset * offset).squareRoot() : -1
    }

    static func circle(_ cx: Double, _ cy: Double, _ radius: Double) -> Shape {
        Shape(
            reach: { threshold in .around(cx, cy, radius + max(0, threshold), radius + max(0, threshold)) },
            row: { y, threshold in
                let t = max(0, threshold), v = y - cy
                return Row(reach: .around(cx, chord(radius + t, v)), core: .around(cx, chord(radius - t, v)))
            }
        ) { x, y in
            length(x - cx, y - cy) - radius
        }
    }

    /// An axis-aligned ellipse (Inigo Quilez's gradient-corrected approximation, exact enough
    /// for a one-pixel anti-aliased edge).
    static func ellipse(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double) -> Shape {
        // With k0 = |p/r| and k1 = |p/r²|: k1 ≤ k0 / min(rx, ry), so outside the distance is
        // at least (k0 - 1)·min(rx, ry), below t only where k0 < 1 + t / min(rx, ry); inside
        // it is at most -(1 - k0)·min(rx, ry), at most -t where k0 ≤ 1 - t / min(rx, ry).
        let smaller = min(rx, ry)
        return Shape(
            reach: { threshold in
                let grow = 1 + max(0, threshold) / smaller
                return .around(cx, cy, rx * grow, ry * grow)
            },
            row: { y, threshold in
                let t = max(0, threshold), v = (y - cy) / ry
                return Row(
                    reach: .around(cx, rx * chord(1 + t / smaller, v)), core: .around(cx, rx * chord(1 - t / smaller, v)))
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
        // Row by row, with qy how far the row is into a corner: below t where the corner
        // circle grown by t reaches; at most -t where the one shrunk by t does (or, with
        // corners sharper than t, within the box shrunk by t).
        Shape(
            reach: { threshold in .around(cx, cy, hw + max(0, threshold), hh + max(0, threshold)) },
            row: { y, threshold in
                let t = max(0, threshold), v = abs(y - cy)
                let qy = max(0, v - hh + radius)
                let grown = chord(radius + t, qy)
                let reach: Interval = grown >= 0 ? .around(cx, hw - radius + grown) : .empty
                let core: Interval
                if radius >= t {
                    let shrunk = chord(radius - t, qy)
                    core = shrunk >= 0 ? .around(cx, hw - radius + shrunk) : .empty
                } else {
                    core = v <= hh - t ? .around(cx, hw - t) : .empty
                }
                return Row(reach: reach, core: core)
            }
        ) { x, y in
            let qx = abs(x - cx) - hw + radius, qy = abs(y - cy) - hh + radius
            return length(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - radius
        }
    }

    /// A segment from a to b, thickened to `radius`: strokes, brows, lids.
    static func capsule(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ radius: Double) -> Shape {
        let segment = Segment(ax: ax, ay: ay, bax: bx - ax, bay: by - ay)
        return Shape(reach: { threshold in
            let margin = radius + max(0, threshold)
            return Box(minX: min(ax, bx) - margin, minY: min(ay, by) - margin, maxX: max(ax, bx) + margin, maxY: max(ay, by) + margin)
        }) { x, y in
            segment.distance(x, y) - radius
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

    /// The distance to a segment from a to a + ba (the arithmetic of a capsule).
    private struct Segment {
        let ax: Double, ay: Double, bax: Double, bay: Double

        @inline(__always)
        func distance(_ x: Double, _ y: Double) -> Double {
            let pax = x - ax, pay = y - ay
            let length2 = bax * bax + bay * bay
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
            row: { y, threshold in
                let t = max(0, threshold)
                return y0 - y >= t ? Row(reach: .all, hole: .all) : Row(reach: .all, core: y0 - y <= -t ? .all : .empty)
            }
        ) { _, y in y0 - y }
    }

    /// The half-plane above (smaller y than) `y0`.
    static func above(_ y0: Double) -> Shape {
        Shape(
            reach: { threshold in Box.everywhere.with(maxY: y0 + max(0, threshold)) },
            row: { y, threshold in
                let t = max(0, threshold)
                return y - y0 >= t ? Row(reach: .all, hole: .all) : Row(reach: .all, core: y - y0 <= -t ? .all : .empty)
            }
        ) { _, y in y - y0 }
    }

    /// Everything farther than `halfWidth` left or right of `centerX`.
    static func outside(halfWidth: Double, of centerX: Double) -> Shape {
        Shape(
            reach: { _ in .everywhere },
            row: { _, threshold in Row(reach: .all, hole: .around(centerX, halfWidth - max(0, threshold))) }
        ) { x, _ in halfWidth - abs(x - centerX) }
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
        // The minimum is below t where either is, at most -t where either is, at least t
        // where both are.
        Shape(
            reach: { reach($0).union(other.reach($0)) },
            row: { y, threshold in
                let mine = row(y, threshold), theirs = other.row(y, threshold)
                return Row(
                    reach: mine.reach.hull(theirs.reach), core: mine.core.longer(theirs.core),
                    hole: mine.hole.intersection(theirs.hole))
            }
        ) { x, y in min(distance(x, y), other.distance(x, y)) }
    }

    func intersection(_ other: Shape) -> Shape {
        Shape(
            reach: { reach($0).intersection(other.reach($0)) },
            row: { y, threshold in
                let mine = row(y, threshold), theirs = other.row(y, threshold)
                return Row(
                    reach: mine.reach.intersection(theirs.reach), core: mine.core.intersection(theirs.core),
                    hole: mine.hole.longer(theirs.hole))
            }
        ) { x, y in max(distance(x, y), other.distance(x, y)) }
    }

    func subtracting(_ other: Shape) -> Shape {
        // max(d, -e) is at least t where e is at most -t (the other's core), and at most -t
        // where d is and e is at least t (outside the other's reach).
        Shape(
            reach: reach,
            row: { y, threshold in
                let mine = row(y, threshold), theirs = other.row(y, threshold)
                return Row(reach: mine.reach, core: mine.core.removing(theirs.reach), hole: mine.hole.longer(theirs.core))
            }
        ) { x, y in max(distance(x, y), -other.distance(x, y)) }
    }

    /// Grown (positive) or shrunk (negative) by `amount`.
    func offset(_ amount: Double) -> Shape {
        Shape(
            reach: { reach($0 + amount) },
            row: { y, threshold in
                let outer = row(y, threshold + amount)
                return Row(reach: outer.reach, core: row(y, threshold - amount).core, hole: outer.hole)
            }
        ) { x, y in distance(x, y) - amount }
    }

    /// A band `halfWidth` either side of the edge: collars, rims, frames.
    func outline(_ halfWidth: Double) -> Shape {
        // |d| - w is at least t where d is at least t + w or at most -(t + w).
        Shape(
            reach: { reach($0 + halfWidth) },
            row: { y, threshold in
                let wide = row(y, threshold + halfWidth)
                return Row(reach: wide.reach, hole: wide.hole.longer(wide.core))
            }
        ) { x, y in abs(distance(x, y)) - halfWidth }
    }

    /// This shape and `other` mixed by `amount` (0 = this, 1 = other): an oval toward a box.
    func blended(with other: Shape, _ amount: Double) -> Shape {
        // A mix of two distances is below t only where one of them is, and at most -t (at
        // least t) where both are.
        guard (0...1).contains(amount) else {
            return Shape(reach: { _ in .everywhere }, row: { _, _ in .unknown }) { x, y in
                distance(x, y) * (1 - amount) + other.distance(x, y) * amount
            }
        }
        return Shape(
            reach: { self.reach($0).union(other.reach($0)) },
            row: { y, threshold in
                let mine = row(y, threshold), theirs = other.row(y, threshold)
                return Row(
                    reach: mine.reach.hull(theirs.reach), core: mine.core.intersection(theirs.core),
                    hole: mine.hole.intersection(theirs.hole))
            }
        ) { x, y in distance(x, y) * (1 - amount) + other.distance(x, y) * amount }
    }

    /// Moved down by `dy`.
    func moved(down dy: Double) -> Shape {
        Shape(reach: { reach($0).moved(down: dy) }, row: { y, threshold in row(y - dy, threshold) }) { x, y in
            distance(x, y - dy)
        }
    }

    /// Narrows the shape below `y0` toward a chin: x is stretched by `taper` per unit of y.
    func tapered(below y0: Double, centerX: Double, taper: Double) -> Shape {
        // Stretching x away from centerX by a factor ≥ 1 only pulls points toward centerX;
        // on a row the factor is known, and the row's spans shrink by it toward centerX.
        guard taper >= 0 else {
            return Shape(reach: { _ in .everywhere }, row: { _, _ in .unknown }) { x, y in
                let factor = 1 + taper * max(0, y - y0)
                return distance(centerX + (x - centerX) * factor, y)
            }
        }
        return Shape(
            reach: { threshold in
                let box = reach(threshold)
                return box.isEmpty ? box : box.with(minX: min(box.minX, centerX), maxX: max(box.maxX, centerX))
            },
            row: { y, threshold in
                let factor = 1 + taper * max(0, y - y0)
                let stretched = row(y, threshold)
                let squeeze = { (x: Double) in centerX + (x - centerX) / factor }
                return Row(
                    reach: stretched.reach.mapped(squeeze), core: stretched.core.mapped(squeeze),
                    hole: stretched.hole.mapped(squeeze))
            }
        ) { x, y in
            let factor = 1 + taper * max(0, y - y0)
            return distance(centerX + (x - centerX) * factor, y)
        }
    }
}
