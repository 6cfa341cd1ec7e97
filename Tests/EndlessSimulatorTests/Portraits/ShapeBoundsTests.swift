import Testing

@testable import EndlessSimulator

/// The canvas trusts what a shape says about itself: it visits only the shape's reach, paints
/// a row's core without working out the distance and skips its hole. These claims are checked
/// here on a grid of points, for every kind of shape and combination, at the thresholds the
/// three portrait sizes use and a wider one (offsets and outlines ask their parts for more).
@Suite("Portrait shape bounds")
struct ShapeBoundsTests {
    /// Half a pixel at 128, 72 and 48 px, and a wider threshold.
    static let thresholds = [0.0032, 0.0057, 0.0085, 0.03]

    static func shapes() -> [(String, Shape)] {
        var random = ChaosRandom(seed: 29)
        func between(_ low: Double, _ high: Double) -> Double { low + (high - low) * random.unit() }
        var leaves: [(String, Shape)] = []
        for _ in 0..<3 {
            leaves.append(("circle", .circle(between(0.2, 0.8), between(0.2, 0.8), between(0.002, 0.3))))
            leaves.append(("ellipse", .ellipse(between(0.2, 0.8), between(0.2, 0.8), between(0.005, 0.35), between(0.005, 0.35))))
            let half = (between(0.01, 0.3), between(0.01, 0.3))
            leaves.append(
                ("roundedBox", .roundedBox(between(0.2, 0.8), between(0.2, 0.8), half.0, half.1, radius: between(0, min(half.0, half.1)))))
            leaves.append(("capsule", .capsule(between(0, 1), between(0, 1), between(0, 1), between(0, 1), between(0.001, 0.05))))
        }
        leaves.append(("sharp roundedBox", .roundedBox(0.5, 0.5, 0.2, 0.1, radius: 0.001)))
        leaves.append(("arc", .arc(0.5, 0.5, radius: 0.2, from: 0.3, to: 2.5, thickness: 0.004)))
        leaves.append(("circles", .circles([(0.3, 0.4, 0.05), (0.6, 0.5, 0.1), (0.5, 0.7, 0.02)])))
        leaves.append(("triangle", .triangle((0.2, 0.3), (0.8, 0.35), (0.5, 0.9))))
        leaves.append(("below", .below(0.55)))
        leaves.append(("above", .above(0.45)))
        leaves.append(("outside", .outside(halfWidth: 0.12, of: 0.5)))
        var all = leaves
        for (index, (name, shape)) in leaves.enumerated() {
            let (otherName, other) = leaves[(index * 7 + 3) % leaves.count]
            all.append(("\(name) ∪ \(otherName)", shape.union(other)))
            all.append(("\(name) ∩ \(otherName)", shape.intersection(other)))
            all.append(("\(name) − \(otherName)", shape.subtracting(other)))
            all.append(("\(name) blended \(otherName)", shape.blended(with: other, between(0, 1))))
            all.append(("\(name) grown", shape.offset(0.02)))
            all.append(("\(name) shrunk", shape.offset(-0.01)))
            all.append(("\(name) outline", shape.outline(0.006)))
            all.append(("\(name) moved", shape.moved(down: 0.03)))
            all.append(("\(name) tapered", shape.tapered(below: 0.5, centerX: 0.5, taper: 1.1)))
            all.append(("\(name) − circle, tapered", shape.subtracting(.circle(0.5, 0.45, 0.1)).tapered(below: 0.4, centerX: 0.5, taper: 2)))
        }
        return all
    }

    @Test("no point below the threshold lies outside the reach; cores and holes hold on every row")
    func claimsHold() async {
        let steps = 70
        let coordinates = (0...steps).map { -0.1 + 1.2 * Double($0) / Double(steps) }
        var failures: [String] = []
        for (name, shape) in Self.shapes() {
            for threshold in Self.thresholds {
                await Task.yield()  // other tests' tasks run in between (see PortraitGoldenTests)
                let box = shape.reach(threshold)
                for y in coordinates {
                    let row = shape.row(y, threshold)
                    for x in coordinates {
                        let distance = shape.distance(x, y)
                        let inBox = box.minX <= x && x <= box.maxX && box.minY <= y && y <= box.maxY
                        if distance < threshold, !inBox || !row.reach.contains(x) {
                            failures.append("\(name) t=\(threshold): (\(x), \(y)) at \(distance) is outside the reach")
                        }
                        if row.core.contains(x), distance > -threshold + 1e-12 {
                            failures.append("\(name) t=\(threshold): (\(x), \(y)) at \(distance) is in the core")
                        }
                        if row.hole.contains(x), distance < threshold - 1e-12 {
                            failures.append("\(name) t=\(threshold): (\(x), \(y)) at \(distance) is in the hole")
                        }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(5))")
    }

    @Test("cores and holes are not empty where they can be: the canvas skips work")
    func claimsAreUseful() {
        let t = 0.0032
        #expect(Shape.circle(0.5, 0.5, 0.2).row(0.5, t).core.contains(0.65))
        #expect(Shape.ellipse(0.5, 0.5, 0.3, 0.2).row(0.6, t).core.contains(0.7))
        #expect(Shape.roundedBox(0.5, 0.5, 0.2, 0.25, radius: 0.17).row(0.7, t).core.contains(0.62))
        #expect(Shape.ellipse(0.5, 0.5, 0.3, 0.2).subtracting(.circle(0.5, 0.5, 0.05)).row(0.5, t).hole.contains(0.52))
        #expect(Shape.ellipse(0.5, 0.5, 0.3, 0.2).tapered(below: 0.5, centerX: 0.5, taper: 1.1).row(0.6, t).core.contains(0.6))
        #expect(Shape.circle(0.5, 0.5, 0.2).row(0.8, t).reach.isEmpty)
    }
}
