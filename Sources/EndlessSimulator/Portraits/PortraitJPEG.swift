import CTurboJPEG

/// Encodes RGB pixels as a baseline JPEG through libjpeg-turbo's TurboJPEG API: the
/// simulator's one JPEG encoder (portraits, and Unsplash's photos at any size and quality).
enum PortraitJPEG {
    static let quality: Int32 = 85

    /// The JPEG for `rgb` (`size`×`size`, 3 bytes a pixel), or nil if the encoder fails.
    static func encode(rgb: [UInt8], size: Int) -> [UInt8]? {
        encode(rgb: rgb, width: size, height: size)
    }

    /// The JPEG for `rgb` (`width`×`height`, 3 bytes a pixel) at `quality` (1-100), or nil if
    /// the encoder fails.
    static func encode(rgb: [UInt8], width: Int, height: Int, quality: Int32 = quality) -> [UInt8]? {
        // One handle per call: handles are not thread-safe, and creating one is cheap next to
        // drawing a picture (and happens once per image thanks to the caches).
        guard rgb.count == width * height * 3, let handle = tjInitCompress() else { return nil }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var length: UInt = 0
        let status = rgb.withUnsafeBufferPointer { pixels in
            tjCompress2(
                handle, pixels.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue),
                &output, &length, Int32(TJSAMP_444.rawValue), min(100, max(1, quality)), 0)
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }
}
