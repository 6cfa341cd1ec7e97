/// The geometry of one resize: which part of the source to keep and how large the result is.
///
/// ``ContentMode/fill`` keeps the largest centred region with the target's aspect ratio and
/// scales it to exactly the target; ``ContentMode/fit`` keeps the whole source and scales it so
/// that it fits inside the target. The kept region may start and end between pixels: the
/// resizer weighs partial pixels by their coverage, so the crop is exact.
struct ResizePlan: Equatable, Sendable {
    /// The kept region of the source, in source pixels (may be fractional).
    var sourceX: Double
    var sourceY: Double
    var sourceWidth: Double
    var sourceHeight: Double
    /// The size of the result.
    var outputWidth: Int
    var outputHeight: Int

    /// Plans how a `source`-sized image becomes `target` under `mode`.
    /// - Parameters:
    ///   - source: the size of the pixels at hand (after any DCT scaling).
    ///   - target: the requested size.
    ///   - mode: fill or fit.
    init(source: PixelSize, target: PixelSize, mode: ContentMode) {
        let sourceWidth = Double(source.width)
        let sourceHeight = Double(source.height)
        let scaleX = Double(target.width) / sourceWidth
        let scaleY = Double(target.height) / sourceHeight
        switch mode {
        case .fill:
            let scale = max(scaleX, scaleY)
            let keptWidth = min(sourceWidth, Double(target.width) / scale)
            let keptHeight = min(sourceHeight, Double(target.height) / scale)
            self.sourceX = (sourceWidth - keptWidth) / 2
            self.sourceY = (sourceHeight - keptHeight) / 2
            self.sourceWidth = keptWidth
            self.sourceHeight = keptHeight
            self.outputWidth = target.width
            self.outputHeight = target.height
        case .fit:
            let scale = min(scaleX, scaleY)
            self.sourceX = 0
            self.sourceY = 0
            self.sourceWidth = sourceWidth
            self.sourceHeight = sourceHeight
            // The limiting side lands exactly on the target; the other is rounded, never 0.
            self.outputWidth =
                scaleX <= scaleY
                ? target.width : min(target.width, max(1, Int((sourceWidth * scale).rounded())))
            self.outputHeight =
                scaleY <= scaleX
                ? target.height : min(target.height, max(1, Int((sourceHeight * scale).rounded())))
        }
    }

    /// The factor the source is scaled by, per axis (they agree up to rounding).
    var scale: (x: Double, y: Double) {
        (Double(outputWidth) / sourceWidth, Double(outputHeight) / sourceHeight)
    }

    /// Whether the plan keeps every pixel as it is, so the resize can be skipped.
    func isIdentity(for source: PixelSize) -> Bool {
        sourceX == 0 && sourceY == 0 && outputWidth == source.width
            && outputHeight == source.height
    }

    /// How much of the source must be decoded, at least, for this request: the uniform scale
    /// from the full source to the result. JPEG decoding uses it to pick a DCT scaling factor.
    static func requiredScale(source: PixelSize, target: PixelSize, mode: ContentMode) -> Double {
        let scaleX = Double(target.width) / Double(source.width)
        let scaleY = Double(target.height) / Double(source.height)
        return mode == .fill ? max(scaleX, scaleY) : min(scaleX, scaleY)
    }
}
