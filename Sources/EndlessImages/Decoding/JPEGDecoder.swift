import CTurboJPEG
import Foundation

/// JPEG decoding through libjpeg-turbo's TurboJPEG API, with DCT scaling: the decoder can
/// produce the image at 1/8, 1/4, 3/8 … of its size for a fraction of the work, by skipping
/// the high-frequency coefficients it would throw away anyway.
enum JPEGDecoder {
    /// A DCT scaling factor, `numerator / denominator`.
    struct ScalingFactor: Equatable, Sendable, CustomStringConvertible {
        var numerator: Int
        var denominator: Int

        static let one = ScalingFactor(numerator: 1, denominator: 1)

        var value: Double { Double(numerator) / Double(denominator) }

        /// The size libjpeg-turbo produces for `dimension` at this factor (TJSCALED: rounded up).
        func scaled(_ dimension: Int) -> Int {
            (dimension * numerator + denominator - 1) / denominator
        }

        var description: String { "\(numerator)/\(denominator)" }
    }

    /// The factors this libjpeg-turbo supports, largest first (2.1 has 16, from 2/1 to 1/8).
    static let scalingFactors: [ScalingFactor] = {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count), count > 0 else { return [.one] }
        return UnsafeBufferPointer(start: factors, count: Int(count))
            .map { ScalingFactor(numerator: Int($0.num), denominator: Int($0.denom)) }
            .sorted { $0.value > $1.value }
    }()

    /// The smallest factor that still yields at least the pixels `target` needs, never above 1:
    /// growing is left to the resizer.
    /// - Parameters:
    ///   - source: the JPEG's size as its header declares it.
    ///   - target: the requested size.
    ///   - mode: fill or fit.
    ///   - available: the factors to choose from (the library's, by default).
    /// - Returns: the chosen factor; `1/1` when the target is as large as the source or larger.
    static func scalingFactor(
        source: PixelSize, target: PixelSize, mode: ContentMode,
        available: [ScalingFactor] = scalingFactors
    ) -> ScalingFactor {
        let scale = ResizePlan.requiredScale(source: source, target: target, mode: mode)
        // The pixels the result is cut from, per axis; rounding guards against 47.9999.
        let neededWidth = Int((Double(source.width) * scale - 1e-6).rounded(.up))
        let neededHeight = Int((Double(source.height) * scale - 1e-6).rounded(.up))
        let candidates = available.filter {
            $0.value <= 1 && $0.scaled(source.width) >= neededWidth
                && $0.scaled(source.height) >= neededHeight
        }
        return candidates.min { $0.value < $1.value } ?? .one
    }

    /// Reads the JPEG header: the image's size, without decoding any pixels.
    /// - Throws: ``ImageError/corruptData(format:reason:)`` if the header is unreadable.
    static func size(of data: Data) throws(ImageError) -> PixelSize {
        let handle = try makeHandle()
        defer { tjDestroy(handle) }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let status = data.withUnsafeBytes { raw in
            tjDecompressHeader3(
                handle, raw.bindMemory(to: UInt8.self).baseAddress, UInt(raw.count),
                &width, &height, &subsampling, &colorspace)
        }
        guard status == 0, width > 0, height > 0 else { throw failure(handle) }
        return PixelSize(width: Int(width), height: Int(height))
    }

    /// Decodes the whole JPEG, scaled by `factor`, to straight RGBA.
    /// - Parameters:
    ///   - data: the JPEG bytes.
    ///   - source: the size the header declares (checked against the pixel limit already).
    ///   - factor: the DCT scaling factor.
    /// - Returns: the pixels and their size.
    /// - Throws: ``ImageError/corruptData(format:reason:)`` on any libjpeg error or warning,
    ///   which includes truncated data ("premature end of JPEG file").
    static func decode(
        _ data: Data, source: PixelSize, factor: ScalingFactor
    ) throws(ImageError) -> (pixels: [UInt8], size: PixelSize) {
        let handle = try makeHandle()
        defer { tjDestroy(handle) }
        let size = PixelSize(width: factor.scaled(source.width), height: factor.scaled(source.height))
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
        // Warnings stop the decode: a truncated file would otherwise come back half grey and be
        // cached as if it were the picture. LIMITSCANS refuses progressive files with absurd
        // scan counts, a CPU bomb the pixel limit cannot see.
        let flags = TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS
        let status = data.withUnsafeBytes { raw in
            pixels.withUnsafeMutableBufferPointer { output in
                tjDecompress2(
                    handle, raw.bindMemory(to: UInt8.self).baseAddress, UInt(raw.count),
                    output.baseAddress, Int32(size.width), 0, Int32(size.height),
                    Int32(TJPF_RGBA.rawValue), flags)
            }
        }
        guard status == 0 else { throw failure(handle) }
        return (pixels, size)
    }

    private static func makeHandle() throws(ImageError) -> tjhandle {
        guard let handle = tjInitDecompress() else {
            throw .corruptData(format: .jpeg, reason: "libjpeg-turbo could not start a decoder")
        }
        return handle
    }

    private static func failure(_ handle: tjhandle) -> ImageError {
        let reason = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
        return .corruptData(format: .jpeg, reason: reason)
    }
}
