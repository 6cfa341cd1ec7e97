import CPNG

/// Encodes pixels as PNG through libpng's simplified write API, which reports errors in the
/// `png_image` rather than with `longjmp` (which Swift cannot survive): imgix's `fm=png`, and
/// CoinGecko's coin icons. The simulator's only PNG encoder: libpng compresses (an icon of
/// 128 × 128 is a few KiB, not the 64 KiB of stored deflate blocks) and is linked anyway.
enum PNGWriter {
    /// The PNG for `rgb` (`width`×`height`, 3 bytes a pixel, rows top to bottom), or nil if
    /// the bytes do not match the size or libpng fails.
    static func encode(rgb: [UInt8], width: Int, height: Int) -> [UInt8]? {
        encode(rgb, width: width, height: height, channels: 3, format: UInt32(PNG_FORMAT_RGB))
    }

    /// The PNG for `rgba` (`width`×`height`, 4 bytes a pixel, alpha not premultiplied), or nil
    /// if the bytes do not match the size or libpng fails.
    static func encode(rgba: [UInt8], width: Int, height: Int) -> [UInt8]? {
        encode(rgba, width: width, height: height, channels: 4, format: UInt32(PNG_FORMAT_RGB) | UInt32(PNG_FORMAT_FLAG_ALPHA))
    }

    private static func encode(_ pixels: [UInt8], width: Int, height: Int, channels: Int, format: UInt32) -> [UInt8]? {
        guard width > 0, height > 0, pixels.count == width * height * channels else { return nil }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = format
        var size = 0
        // First the size, then the bytes.
        let measured = pixels.withUnsafeBufferPointer { pixels in
            png_image_write_to_memory(&image, nil, &size, 0, pixels.baseAddress, 0, nil)
        }
        guard measured != 0, size > 0 else {
            png_image_free(&image)
            return nil
        }
        var output = [UInt8](repeating: 0, count: size)
        let written = output.withUnsafeMutableBytes { memory in
            pixels.withUnsafeBufferPointer { pixels in
                png_image_write_to_memory(&image, memory.baseAddress, &size, 0, pixels.baseAddress, 0, nil)
            }
        }
        png_image_free(&image)
        guard written != 0 else { return nil }
        return Array(output.prefix(size))
    }
}
