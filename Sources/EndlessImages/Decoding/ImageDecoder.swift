import Foundation

/// Turns downloaded bytes into the pixels a request asks for: sniffs the format, refuses
/// decompression bombs, decodes (JPEG with DCT scaling, PNG row by row straight to the target
/// size) and resizes.
///
/// Decoding is synchronous and CPU-bound; ``ImagePipeline`` runs it off its actor, a bounded
/// number at a time. The decoder is public so that other code (and the benchmark) can decode
/// bytes it already holds.
public struct ImageDecoder: Sendable {
    /// The default ``maximumPixelCount``: 50 megapixels, e.g. 7071×7071. A portrait is far
    /// smaller; anything larger is almost surely hostile or a mistake. Memory stays near the
    /// target's size whatever the source (DCT scaling, PNG rows resampled as they arrive), but
    /// decoding time grows with the source, which this bounds.
    public static let defaultMaximumPixelCount = 50_000_000

    /// Images whose header declares more pixels than this are refused before any pixel memory
    /// is allocated.
    public var maximumPixelCount: Int
    /// Whether JPEGs are decoded straight to a reduced size with DCT scaling. Only the
    /// benchmark turns it off, to measure what it saves.
    public var usesDCTScaling: Bool

    /// Creates a decoder.
    /// - Parameters:
    ///   - maximumPixelCount: the decompression-bomb limit, in pixels.
    ///   - usesDCTScaling: `true` (the default) to let JPEG decoding skip unneeded detail.
    public init(maximumPixelCount: Int = defaultMaximumPixelCount, usesDCTScaling: Bool = true) {
        self.maximumPixelCount = maximumPixelCount
        self.usesDCTScaling = usesDCTScaling
    }

    /// Decodes `data` and resizes it to what `request` asks for.
    /// - Parameters:
    ///   - data: JPEG or PNG bytes; the format is judged from the first bytes.
    ///   - request: gives the target size and content mode; the result is tagged with it.
    /// - Returns: RGBA8 pixels of the requested size (fill) or fitting inside it (fit).
    /// - Throws: ``ImageError`` when the target size is empty, the format is unknown, the
    ///   header declares too many pixels, or the data is corrupt or truncated.
    public func decode(_ data: Data, for request: ImageRequest) throws(ImageError) -> DecodedImage {
        let target = request.targetSize
        guard target.width >= 1, target.height >= 1 else { throw .invalidTargetSize(target) }
        switch ImageFormat.sniff(data) {
        case .jpeg:
            let source = try JPEGDecoder.size(of: data)
            try checkPixelCount(source)
            let factor =
                usesDCTScaling
                ? JPEGDecoder.scalingFactor(source: source, target: target, mode: request.contentMode)
                : .one
            let (pixels, size) = try JPEGDecoder.decode(data, source: source, factor: factor)
            let plan = ResizePlan(source: size, target: target, mode: request.contentMode)
            let resized = ImageResizer.resize(pixels, size: size, plan: plan, hasAlpha: false)
            return DecodedImage(width: plan.outputWidth, height: plan.outputHeight, pixels: resized, request: request)
        case .png:
            // Resized as its rows arrive: the full-size pixels never exist.
            let (pixels, plan) = try PNGDecoder.decode(
                data, maximumPixelCount: maximumPixelCount, target: target, mode: request.contentMode)
            return DecodedImage(width: plan.outputWidth, height: plan.outputHeight, pixels: pixels, request: request)
        case nil:
            let hex = data.prefix(8).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
            throw .unsupportedFormat(leadingBytes: hex)
        }
    }

    private func checkPixelCount(_ size: PixelSize) throws(ImageError) {
        guard size.width * size.height <= maximumPixelCount else {
            throw .tooManyPixels(width: size.width, height: size.height, limit: maximumPixelCount)
        }
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
