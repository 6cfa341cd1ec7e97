import Testing

@testable import EndlessImages

@Suite("Resizing")
struct ResizerTests {
    func pixels(width: Int, height: Int, _ pixel: (Int, Int) -> [UInt8]) -> [UInt8] {
        (0..<height).flatMap { y in (0..<width).flatMap { x in pixel(x, y) } }
    }

    /// A plan's kept region and output size, in that order.
    func fields(_ plan: ResizePlan) -> [Double] {
        [plan.sourceX, plan.sourceY, plan.sourceWidth, plan.sourceHeight, Double(plan.outputWidth), Double(plan.outputHeight)]
    }

    @Test("fill plans a centred crop with the target's aspect; fit scales the whole source")
    func geometry() {
        let fill = ResizePlan(
            source: PixelSize(width: 200, height: 100), target: PixelSize(width: 50, height: 50), mode: .fill)
        #expect(fields(fill) == [50, 0, 100, 100, 50, 50])
        let tall = ResizePlan(
            source: PixelSize(width: 100, height: 300), target: PixelSize(width: 40, height: 80), mode: .fill)
        #expect(fields(tall) == [0, 50, 100, 200, 40, 80])
        let fit = ResizePlan(
            source: PixelSize(width: 200, height: 100), target: PixelSize(width: 50, height: 50), mode: .fit)
        #expect(fields(fit) == [0, 0, 200, 100, 50, 25])
        let fitTall = ResizePlan(
            source: PixelSize(width: 30, height: 90), target: PixelSize(width: 60, height: 60), mode: .fit)
        #expect(fitTall.outputWidth == 20)
        #expect(fitTall.outputHeight == 60)
        // A sliver never rounds to nothing.
        let sliver = ResizePlan(
            source: PixelSize(width: 1000, height: 1), target: PixelSize(width: 10, height: 10), mode: .fit)
        #expect(sliver.outputWidth == 10)
        #expect(sliver.outputHeight == 1)
    }

    @Test("shrinking averages the area each output pixel covers")
    func areaAverage() {
        // 4x4 checkerboard of 0 and 200 in red: every 2x2 cell averages to 100.
        let source = pixels(width: 4, height: 4) { x, y in [(x + y) % 2 == 0 ? 0 : 200, 0, 0, 255] }
        let plan = ResizePlan(source: PixelSize(width: 4, height: 4), target: PixelSize(width: 2, height: 2), mode: .fill)
        let output = ImageResizer.resize(source, size: PixelSize(width: 4, height: 4), plan: plan, hasAlpha: false)
        #expect(output == [100, 0, 0, 255, 100, 0, 0, 255, 100, 0, 0, 255, 100, 0, 0, 255])
    }

    @Test("partial pixels are weighed by their coverage")
    func fractionalCoverage() throws {
        // 3 pixels -> 2: output 0 covers pixel 0 and half of pixel 1.
        let source: [UInt8] = [0, 0, 0, 255, 90, 0, 0, 255, 180, 0, 0, 255]
        let plan = ResizePlan(source: PixelSize(width: 3, height: 1), target: PixelSize(width: 2, height: 1), mode: .fit)
        let output = ImageResizer.resize(source, size: PixelSize(width: 3, height: 1), plan: plan, hasAlpha: false)
        try #require(output.count == 2 * 4)
        #expect(output[0] == 30)  // (0 * 1 + 90 * 0.5) / 1.5
        #expect(output[4] == 150)  // (90 * 0.5 + 180 * 1) / 1.5
    }

    @Test("transparent pixels do not tint their neighbours")
    func alphaWeighting() {
        // Opaque blue beside fully transparent red: the average is half-transparent blue.
        let source: [UInt8] = [0, 0, 255, 255, 255, 0, 0, 0]
        let plan = ResizePlan(source: PixelSize(width: 2, height: 1), target: PixelSize(width: 1, height: 1), mode: .fill)
        let output = ImageResizer.resize(source, size: PixelSize(width: 2, height: 1), plan: plan, hasAlpha: true)
        #expect(output == [0, 0, 255, 128])
    }

    @Test("growing interpolates bilinearly and keeps the ends")
    func bilinearUpscale() throws {
        let source: [UInt8] = [0, 0, 0, 255, 200, 0, 0, 255]
        let plan = ResizePlan(source: PixelSize(width: 2, height: 1), target: PixelSize(width: 8, height: 4), mode: .fit)
        let output = ImageResizer.resize(source, size: PixelSize(width: 2, height: 1), plan: plan, hasAlpha: false)
        try #require(output.count == 8 * 4 * 4)
        let reds = (0..<8).map { output[$0 * 4] }
        #expect(reds.first == 0)
        #expect(reds.last == 200)
        #expect(reds == reds.sorted())  // monotonic, no ringing
        #expect(reds[3] == 75 && reds[4] == 125)  // centres at 1.75 and 2.25 source-halves
        // Every row is the same: the source has one.
        #expect(Array(output[0..<32]) == Array(output[96..<128]))
    }

    @Test("an identity plan returns the pixels untouched")
    func identity() {
        let source = pixels(width: 3, height: 2) { x, y in [UInt8(x * 10), UInt8(y * 10), 7, 255] }
        let plan = ResizePlan(source: PixelSize(width: 3, height: 2), target: PixelSize(width: 3, height: 2), mode: .fill)
        #expect(plan.isIdentity(for: PixelSize(width: 3, height: 2)))
        #expect(ImageResizer.resize(source, size: PixelSize(width: 3, height: 2), plan: plan, hasAlpha: false) == source)
    }

    /// The weights as first written: each position's taps in an array of their own, clamped,
    /// summed per source index and normalised. ``AxisWeights`` must give the same, to the bit.
    static func referenceWeights(sourceLength: Int, start: Double, span: Double, outputLength: Int) -> [(first: Int, weights: [Float])] {
        let step = span / Double(outputLength)
        return (0..<outputLength).map { position in
            var taps: [(index: Int, weight: Double)] = []
            if step >= 1 {
                let low = start + Double(position) * step
                let high = low + step
                var index = Int(low.rounded(.down))
                while Double(index) < high {
                    let covered = min(high, Double(index + 1)) - max(low, Double(index))
                    if covered > 1e-9 { taps.append((index, covered)) }
                    index += 1
                }
            } else {
                let centre = start + (Double(position) + 0.5) * step - 0.5
                let index = Int(centre.rounded(.down))
                let fraction = centre - Double(index)
                taps = [(index, 1 - fraction), (index + 1, fraction)]
            }
            let clamped = taps.map { (index: min(max($0.index, 0), sourceLength - 1), weight: $0.weight) }
            let low = clamped.map(\.index).min() ?? 0
            let high = clamped.map(\.index).max() ?? 0
            var merged = [Double](repeating: 0, count: high - low + 1)
            for tap in clamped { merged[tap.index - low] += tap.weight }
            let total = merged.reduce(0, +)
            return (low, merged.map { Float(total > 0 ? $0 / total : 1 / Double(merged.count)) })
        }
    }

    @Test("an axis's weights are those of each position's taps clamped, merged and normalised, to the bit")
    func axisWeightsMatchTheReference() {
        var checked = 0
        for sourceLength in [1, 2, 3, 7, 48, 128, 1000] {
            for outputLength in [1, 2, 5, 37, 48, 64, 200] {
                // The whole axis, a centred crop, and crops that start or end at fractions.
                let spans: [(start: Double, span: Double)] = [
                    (0, Double(sourceLength)), (Double(sourceLength) / 4, Double(sourceLength) / 2),
                    (0.3, max(0.5, Double(sourceLength) - 0.7)), (Double(sourceLength) / 3, Double(sourceLength) / 3 + 0.25),
                ]
                for (start, span) in spans {
                    let axis = AxisWeights(sourceLength: sourceLength, start: start, span: span, outputLength: outputLength)
                    let reference = Self.referenceWeights(sourceLength: sourceLength, start: start, span: span, outputLength: outputLength)
                    var got: [(first: Int, weights: [Float])] = []
                    for position in 0..<outputLength {
                        let taps = axis.offset[position]..<(axis.offset[position] + axis.count[position])
                        got.append((axis.first[position], Array(axis.weights[taps])))
                    }
                    #expect(got.map(\.first) == reference.map(\.first), "\(sourceLength) → \(outputLength) from \(start) over \(span)")
                    #expect(
                        got.map { $0.weights.map(\.bitPattern) } == reference.map { $0.weights.map(\.bitPattern) },
                        "\(sourceLength) → \(outputLength) from \(start) over \(span)")
                    checked += 1
                }
            }
        }
        #expect(checked == 7 * 7 * 4)
    }
}
