import CTurboJPEG

/// Decodes JPEGs in tests with libjpeg-turbo, independently of the encoder under test.
enum JPEGDecoder {
    struct Image {
        var width: Int
        var height: Int
        var rgb: [UInt8]
    }

    static func decode(_ jpeg: [UInt8]) -> Image? {
        guard let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let header = jpeg.withUnsafeBufferPointer {
            tjDecompressHeader3(handle, $0.baseAddress, UInt(jpeg.count), &width, &height, &subsampling, &colorspace)
        }
        guard header == 0, width > 0, height > 0 else { return nil }
        var rgb = [UInt8](repeating: 0, count: Int(width * height * 3))
        let status = jpeg.withUnsafeBufferPointer { input in
            rgb.withUnsafeMutableBufferPointer { output in
                tjDecompress2(
                    handle, input.baseAddress, UInt(jpeg.count), output.baseAddress, width, 0, height,
                    Int32(TJPF_RGB.rawValue), 0)
            }
        }
        guard status == 0 else { return nil }
        return Image(width: Int(width), height: Int(height), rgb: rgb)
    }

    /// Whether the JPEG is baseline (SOF0) rather than progressive (SOF2).
    static func isBaseline(_ jpeg: [UInt8]) -> Bool {
        zip(jpeg, jpeg.dropFirst()).contains { $0 == 0xFF && $1 == 0xC0 }
            && !zip(jpeg, jpeg.dropFirst()).contains { $0 == 0xFF && $1 == 0xC2 }
    }

    /// Mean absolute difference per channel between two images of the same size.
    static func difference(_ a: Image, _ b: Image) -> Double {
        let total = zip(a.rgb, b.rgb).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        return Double(total) / Double(a.rgb.count)
    }
}
