/// Resamples RGBA8 pixels to a ``ResizePlan``: area averaging (a box filter with exact
/// fractional coverage) where the image shrinks, bilinear interpolation where it grows.
///
/// Resampling is separable: each output pixel is a weighted sum of source pixels along x, then
/// along y, with weights computed once per column and once per row. Colours are weighted by
/// their alpha, so transparent pixels (whose colour is meaningless) do not darken or tint the
/// edges of what is left.
enum ImageResizer {
    /// Resizes `pixels` (straight RGBA, `size`) according to `plan`.
    /// - Parameters:
    ///   - pixels: `size.width * size.height * 4` bytes.
    ///   - size: the size of `pixels`.
    ///   - plan: the kept region and the output size.
    ///   - hasAlpha: whether any pixel may be translucent; `false` takes a faster path.
    /// - Returns: `plan.outputWidth * plan.outputHeight * 4` bytes of straight RGBA.
    static func resize(_ pixels: [UInt8], size: PixelSize, plan: ResizePlan, hasAlpha: Bool) -> [UInt8] {
        if plan.isIdentity(for: size) { return pixels }
        let columns = AxisWeights(
            sourceLength: size.width, start: plan.sourceX, span: plan.sourceWidth,
            outputLength: plan.outputWidth)
        let rows = AxisWeights(
            sourceLength: size.height, start: plan.sourceY, span: plan.sourceHeight,
            outputLength: plan.outputHeight)
        // Only the source rows some output row reads are resampled horizontally.
        let firstRow = rows.lowestIndex
        let rowCount = rows.highestIndex - firstRow + 1
        let outputWidth = plan.outputWidth
        var horizontal = [Float](repeating: 0, count: rowCount * outputWidth * 4)
        horizontal.withUnsafeMutableBufferPointer { middle in
            pixels.withUnsafeBufferPointer { source in
                for row in 0..<rowCount {
                    let sourceRow = (firstRow + row) * size.width * 4
                    let middleRow = row * outputWidth * 4
                    for x in 0..<outputWidth {
                        var red: Float = 0, green: Float = 0, blue: Float = 0, alpha: Float = 0
                        let first = columns.first[x]
                        let weightOffset = columns.offset[x]
                        for tap in 0..<columns.count[x] {
                            let weight = columns.weights[weightOffset + tap]
                            let index = sourceRow + (first + tap) * 4
                            let coverage = hasAlpha ? weight * Float(source[index + 3]) : weight
                            red += coverage * Float(source[index])
                            green += coverage * Float(source[index + 1])
                            blue += coverage * Float(source[index + 2])
                            alpha += coverage
                        }
                        let target = middleRow + x * 4
                        middle[target] = red
                        middle[target + 1] = green
                        middle[target + 2] = blue
                        middle[target + 3] = alpha
                    }
                }
            }
        }
        var output = [UInt8](repeating: 0, count: plan.outputWidth * plan.outputHeight * 4)
        output.withUnsafeMutableBufferPointer { result in
            horizontal.withUnsafeBufferPointer { middle in
                for y in 0..<plan.outputHeight {
                    let first = rows.first[y] - firstRow
                    let weightOffset = rows.offset[y]
                    let taps = rows.count[y]
                    for x in 0..<outputWidth {
                        var red: Float = 0, green: Float = 0, blue: Float = 0, alpha: Float = 0
                        for tap in 0..<taps {
                            let weight = rows.weights[weightOffset + tap]
                            let index = ((first + tap) * outputWidth + x) * 4
                            red += weight * middle[index]
                            green += weight * middle[index + 1]
                            blue += weight * middle[index + 2]
                            alpha += weight * middle[index + 3]
                        }
                        let target = (y * outputWidth + x) * 4
                        if hasAlpha {
                            // Sums are premultiplied by alpha (0...255): divide it back out.
                            let unpremultiply: Float = alpha > 0 ? 1 / alpha : 0
                            result[target] = clampToByte(red * unpremultiply)
                            result[target + 1] = clampToByte(green * unpremultiply)
                            result[target + 2] = clampToByte(blue * unpremultiply)
                            result[target + 3] = clampToByte(alpha)
                        } else {
                            result[target] = clampToByte(red)
                            result[target + 1] = clampToByte(green)
                            result[target + 2] = clampToByte(blue)
                            result[target + 3] = 255
                        }
                    }
                }
            }
        }
        return output
    }

    @inline(__always)
    private static func clampToByte(_ value: Float) -> UInt8 {
        UInt8(max(0, min(255, value + 0.5)))
    }
}

/// For each output position along one axis, the source pixels it reads and their weights
/// (which sum to 1).
struct AxisWeights {
    /// The first source index each output position reads.
    private(set) var first: [Int] = []
    /// How many consecutive source indices it reads.
    private(set) var count: [Int] = []
    /// Where its weights start in ``weights``.
    private(set) var offset: [Int] = []
    private(set) var weights: [Float] = []

    /// Computes the weights that map `span` source pixels starting at `start` onto
    /// `outputLength` pixels.
    /// - Parameters:
    ///   - sourceLength: how many pixels the source has along this axis.
    ///   - start: the first kept source coordinate (may be fractional).
    ///   - span: how many source pixels are kept (may be fractional).
    ///   - outputLength: how many pixels the result has along this axis.
    init(sourceLength: Int, start: Double, span: Double, outputLength: Int) {
        let step = span / Double(outputLength)
        first.reserveCapacity(outputLength)
        count.reserveCapacity(outputLength)
        offset.reserveCapacity(outputLength)
        // One position's taps, merged per source index from `taps.low` on, in one buffer for
        // every position: arrays of taps made for each position were most of what resizing a
        // coin's icon allocated.
        var taps = MergedTaps(sourceLength: sourceLength)
        for position in 0..<outputLength {
            taps.removeAll()
            if step >= 1 {
                // Shrinking: average the source interval this pixel covers, partial pixels at
                // its ends weighted by the fraction covered.
                let low = start + Double(position) * step
                let high = low + step
                var index = Int(low.rounded(.down))
                while Double(index) < high {
                    let covered = min(high, Double(index + 1)) - max(low, Double(index))
                    if covered > 1e-9 { taps.add(index, covered) }
                    index += 1
                }
            } else {
                // Growing: interpolate between the two source pixels around this pixel's centre.
                let centre = start + (Double(position) + 0.5) * step - 0.5
                let index = Int(centre.rounded(.down))
                let fraction = centre - Double(index)
                taps.add(index, 1 - fraction)
                taps.add(index + 1, fraction)
            }
            append(taps)
        }
    }

    /// Appends one position's taps, normalised (equal weights when they sum to nothing; one
    /// tap of the first pixel when there are none).
    private mutating func append(_ taps: MergedTaps) {
        let merged = taps.weights.isEmpty ? [0] : taps.weights
        let total = merged.reduce(0, +)
        first.append(taps.weights.isEmpty ? 0 : taps.low)
        count.append(merged.count)
        offset.append(weights.count)
        for weight in merged { weights.append(Float(total > 0 ? weight / total : 1 / Double(merged.count))) }
    }

    /// One output position's taps, clamped to the image (edge pixels repeat) and summed per
    /// source index. Taps come in order of their indices, each at most one past the last.
    private struct MergedTaps {
        let sourceLength: Int
        /// The source index of the first weight.
        private(set) var low = 0
        /// The weight of each source index from ``low`` on.
        private(set) var weights: [Double] = []

        init(sourceLength: Int) { self.sourceLength = sourceLength }

        mutating func removeAll() { weights.removeAll(keepingCapacity: true) }

        mutating func add(_ index: Int, _ weight: Double) {
            let clamped = min(max(index, 0), sourceLength - 1)
            if weights.isEmpty { low = clamped }
            // In order, an index is the last one again (clamped at an edge) or past it; one
            // before the first is made room for all the same.
            if clamped < low {
                weights.insert(contentsOf: repeatElement(0, count: low - clamped), at: 0)
                low = clamped
            }
            while low + weights.count <= clamped { weights.append(0) }
            weights[clamped - low] += weight
        }
    }

    /// The lowest source index any output position reads.
    var lowestIndex: Int { first.min() ?? 0 }

    /// The highest source index any output position reads.
    var highestIndex: Int {
        zip(first, count).map { $0 + $1 - 1 }.max() ?? 0
    }
}
