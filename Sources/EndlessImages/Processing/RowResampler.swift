/// Resamples an image that arrives one source row at a time, in any order, with exactly the
/// weights ``ImageResizer`` uses (area averaging where it shrinks, bilinear where it grows,
/// colours weighted by alpha), so a decoder never has to hold the whole source: memory is the
/// output's size in `Float`s plus one row, whatever the source's size.
///
/// Each source pixel is added, with its weight, into every output pixel that reads it. A row
/// may be sparse (an Adam7 pass holds every 8th, 4th or 2nd pixel); once every pixel has been
/// added the sums are those of the separable resize, up to the order of the additions.
struct RowResampler {
    let plan: ResizePlan
    let hasAlpha: Bool
    private let columns: SourceTaps
    private let rows: SourceTaps
    /// Premultiplied red, green, blue and alpha sums, output row by output row.
    private var sums: [Float]
    /// One source row resampled horizontally, before it is spread over the output rows.
    private var horizontal: [Float]

    /// Prepares to resample a `source`-sized image according to `plan`.
    /// - Parameters:
    ///   - source: the full size of the image whose rows will arrive.
    ///   - plan: the kept region and the output size.
    ///   - hasAlpha: whether any pixel may be translucent (colours are then weighted by alpha).
    init(source: PixelSize, plan: ResizePlan, hasAlpha: Bool) {
        self.plan = plan
        self.hasAlpha = hasAlpha
        columns = SourceTaps(
            AxisWeights(
                sourceLength: source.width, start: plan.sourceX, span: plan.sourceWidth, outputLength: plan.outputWidth),
            sourceLength: source.width)
        rows = SourceTaps(
            AxisWeights(
                sourceLength: source.height, start: plan.sourceY, span: plan.sourceHeight, outputLength: plan.outputHeight),
            sourceLength: source.height)
        sums = [Float](repeating: 0, count: plan.outputWidth * plan.outputHeight * 4)
        horizontal = [Float](repeating: 0, count: plan.outputWidth * 4)
    }

    /// Whether any output row reads source row `y`; a decoder may skip converting it if not.
    func needsRow(_ y: Int) -> Bool {
        rows.count(of: y) > 0
    }

    /// Adds source row `y`: `count` RGBA8 pixels at x = `firstX`, `firstX + stepX`, ….
    /// - Parameters:
    ///   - pixels: at least `count * 4` bytes of straight RGBA.
    ///   - y: the row's place in the source.
    ///   - firstX: the source column of the first pixel.
    ///   - stepX: the distance between two pixels' columns (1 for a whole row).
    ///   - count: how many pixels the row holds.
    mutating func add(row pixels: UnsafeBufferPointer<UInt8>, y: Int, firstX: Int = 0, stepX: Int = 1, count: Int) {
        let rowTaps = rows.range(of: y)
        guard !rowTaps.isEmpty else { return }
        let width = plan.outputWidth
        let hasAlpha = self.hasAlpha
        // Through buffer pointers, not the arrays, and each output row of sums as a buffer of
        // its own, so that the loops run without bounds and overflow checks and the last one
        // is vectorized: a held `j` over the coins board spent more here than in inflating the
        // icons, and a 128-pixel icon resampled to 48 now takes a quarter less time.
        horizontal.withUnsafeMutableBufferPointer { middle in
            middle.update(repeating: 0)
            columns.withTaps { starts, outputs, weights in
                var x = firstX
                for pixel in 0..<count {
                    defer { x += stepX }
                    guard x >= 0, x + 1 < starts.count else { continue }
                    let end = starts[x + 1]
                    var tap = starts[x]
                    guard tap < end else { continue }
                    let source = pixel * 4
                    let alpha = hasAlpha ? Float(pixels[source + 3]) : 1
                    let red = Float(pixels[source]) * alpha
                    let green = Float(pixels[source + 1]) * alpha
                    let blue = Float(pixels[source + 2]) * alpha
                    while tap < end {
                        let weight = weights[tap]
                        let target = outputs[tap] * 4
                        middle[target] += weight * red
                        middle[target + 1] += weight * green
                        middle[target + 2] += weight * blue
                        middle[target + 3] += weight * alpha
                        tap += 1
                    }
                }
            }
        }
        sums.withUnsafeMutableBufferPointer { sums in
            horizontal.withUnsafeBufferPointer { middle in
                rows.withTaps { _, outputs, weights in
                    for tap in rowTaps {
                        let weight = weights[tap]
                        let start = outputs[tap] * width * 4
                        let row = UnsafeMutableBufferPointer(rebasing: sums[start..<(start + middle.count)])
                        for index in row.indices {
                            row[index] += weight * middle[index]
                        }
                    }
                }
            }
        }
    }

    /// The resampled image: `plan.outputWidth * plan.outputHeight * 4` bytes of straight RGBA.
    func finish() -> [UInt8] {
        var output = [UInt8](repeating: 0, count: sums.count)
        output.withUnsafeMutableBufferPointer { result in
            sums.withUnsafeBufferPointer { sums in
                for offset in stride(from: 0, to: sums.count, by: 4) {
                    if hasAlpha {
                        // Sums are premultiplied by alpha (0...255): divide it back out.
                        let alpha = sums[offset + 3]
                        let unpremultiply: Float = alpha > 0 ? 1 / alpha : 0
                        result[offset] = Self.clampToByte(sums[offset] * unpremultiply)
                        result[offset + 1] = Self.clampToByte(sums[offset + 1] * unpremultiply)
                        result[offset + 2] = Self.clampToByte(sums[offset + 2] * unpremultiply)
                        result[offset + 3] = Self.clampToByte(alpha)
                    } else {
                        result[offset] = Self.clampToByte(sums[offset])
                        result[offset + 1] = Self.clampToByte(sums[offset + 1])
                        result[offset + 2] = Self.clampToByte(sums[offset + 2])
                        result[offset + 3] = 255
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

/// ``AxisWeights`` turned around: for each source index, the output positions that read it
/// and with what weight, stored flat (one range of taps per source index).
struct SourceTaps {
    /// Where each source index's taps start in ``outputs`` and ``weights``; one more entry
    /// than there are source indices.
    private let starts: [Int]
    let outputs: [Int]
    let weights: [Float]

    init(_ axis: AxisWeights, sourceLength: Int) {
        var counts = [Int](repeating: 0, count: sourceLength + 1)
        axis.forEachTap { _, source, _ in counts[source + 1] += 1 }
        for index in 1..<counts.count { counts[index] += counts[index - 1] }
        var next = counts
        var outputs = [Int](repeating: 0, count: counts[sourceLength])
        var weights = [Float](repeating: 0, count: counts[sourceLength])
        axis.forEachTap { output, source, weight in
            outputs[next[source]] = output
            weights[next[source]] = weight
            next[source] += 1
        }
        starts = counts
        self.outputs = outputs
        self.weights = weights
    }

    /// The taps of source index `index` (empty outside the image or when nothing reads it).
    func range(of index: Int) -> Range<Int> {
        guard index >= 0, index + 1 < starts.count else { return 0..<0 }
        return starts[index]..<starts[index + 1]
    }

    func count(of index: Int) -> Int { range(of: index).count }

    /// Calls `body` with the taps' starts, outputs and weights as buffers, for a loop over
    /// every pixel of a row.
    @inline(__always)
    func withTaps<Result>(
        _ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Float>) -> Result
    ) -> Result {
        starts.withUnsafeBufferPointer { starts in
            outputs.withUnsafeBufferPointer { outputs in
                weights.withUnsafeBufferPointer { weights in body(starts, outputs, weights) }
            }
        }
    }
}

extension AxisWeights {
    /// Calls `body(output, source, weight)` for every tap, output by output.
    func forEachTap(_ body: (Int, Int, Float) -> Void) {
        for output in first.indices {
            for tap in 0..<count[output] {
                body(output, first[output] + tap, weights[offset[output] + tap])
            }
        }
    }
}
