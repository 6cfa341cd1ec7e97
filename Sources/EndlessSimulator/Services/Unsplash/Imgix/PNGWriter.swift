import CPNG

/// Encodes RGB pixels as a PNG through libpng's simplified write API, which reports errors in
/// the `png_image` rather than with `longjmp` (which Swift cannot survive): imgix's `fm=png`.
enum PNGWriter {
    /// The PNG for `rgb` (`width`×`height`, 3 bytes a pixel), or nil if libpng fails.
    static func encode(rgb: [UInt8], width: Int, height: Int) -> [UInt8]? {
        guard rgb.count == width * height * 3, width > 0, height > 0 else { return nil }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(PNG_FORMAT_RGB)
        var size = 0
        // First the size, then the bytes.
        let measured = rgb.withUnsafeBufferPointer { pixels in
            png_image_write_to_memory(&image, nil, &size, 0, pixels.baseAddress, 0, nil)
        }
        guard measured != 0, size > 0 else {
            png_image_free(&image)
            return nil
        }
        var output = [UInt8](repeating: 0, count: size)
        let written = output.withUnsafeMutableBytes { memory in
            rgb.withUnsafeBufferPointer { pixels in
                png_image_write_to_memory(&image, memory.baseAddress, &size, 0, pixels.baseAddress, 0, nil)
            }
        }
        png_image_free(&image)
        guard written != 0 else { return nil }
        return Array(output.prefix(size))
    }
}
