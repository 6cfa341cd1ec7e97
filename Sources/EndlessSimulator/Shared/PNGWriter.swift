import CPNG

/// Encodes pixels as PNG through libpng's simplified write API, which reports errors in the
/// `png_image` rather than with `longjmp` (which Swift cannot survive): imgix's `fm=png`, and
/// CoinGecko's coin icons. The simulator's only PNG encoder: libpng compresses (an icon of
/// 128 × 128 is a few KiB, not the 64 KiB of stored deflate blocks) and is linked anyway.
enum PNGWriter {
    /// The PNG for `rgb` (`width`×`height`, 3 bytes a pixel, rows top to bottom), or nil if
    /// the bytes do not match the size or libpng fails.
    /// - Parameter room: the bytes to try first (tests start small to take the retry); nil for
    ///   the worst case.
    static func encode(rgb: [UInt8], width: Int, height: Int, room: Int? = nil) -> [UInt8]? {
        encode(rgb, width: width, height: height, channels: 3, format: UInt32(PNG_FORMAT_RGB), room: room)
    }

    /// The PNG for `rgba` (`width`×`height`, 4 bytes a pixel, alpha not premultiplied), or nil
    /// if the bytes do not match the size or libpng fails.
    static func encode(rgba: [UInt8], width: Int, height: Int) -> [UInt8]? {
        encode(rgba, width: width, height: height, channels: 4, format: UInt32(PNG_FORMAT_RGB) | UInt32(PNG_FORMAT_FLAG_ALPHA))
    }

    private static func encode(_ pixels: [UInt8], width: Int, height: Int, channels: Int, format: UInt32, room: Int? = nil) -> [UInt8]? {
        guard width > 0, height > 0, pixels.count == width * height * channels else { return nil }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = format
        // libpng's fast settings (no row filters, a quicker deflate): a coin's icon costs a
        // fifth of the CPU for a file up to 15 % larger, and the files only cross loopback.
        image.flags = UInt32(PNG_IMAGE_FLAG_FAST)
        // Compressed once, into room for the worst case (libpng's `PNG_IMAGE_PNG_SIZE_MAX`,
        // which Swift does not import): asking libpng for the size first compressed every
        // image twice, and compressing was most of the 3 ms of CPU a coin's icon cost.
        var output = [UInt8](repeating: 0, count: max(1, room ?? worstCaseSize(rawBytes: pixels.count + height)))
        var size = output.count
        var written = write(&image, pixels, into: &output, size: &size)
        if written == 0, size > output.count {
            // Too small after all (another zlib than the bound assumes): `size` is what it needs.
            output = [UInt8](repeating: 0, count: size)
            written = write(&image, pixels, into: &output, size: &size)
        }
        png_image_free(&image)
        guard written != 0, size <= output.count else { return nil }
        // A copy of the bytes written, not the worst case's room: caches keep what this returns.
        return Array(output.prefix(size))
    }

    private static func write(_ image: inout png_image, _ pixels: [UInt8], into output: inout [UInt8], size: inout Int) -> Int32 {
        output.withUnsafeMutableBytes { memory in
            pixels.withUnsafeBufferPointer { pixels in
                png_image_write_to_memory(&image, memory.baseAddress, &size, 0, pixels.baseAddress, 0, nil)
            }
        }
    }

    /// The most a PNG of `rawBytes` filtered bytes (the pixels and a filter byte a row) can
    /// take: zlib's bound for stored blocks, the chunks around them (signature, IHDR, gAMA,
    /// cHRM, IEND), and an IDAT header every 8 KiB, as `PNG_IMAGE_PNG_SIZE_MAX` counts them.
    static func worstCaseSize(rawBytes: Int) -> Int {
        let compressed = rawBytes + (rawBytes + 7) / 8 + (rawBytes + 63) / 64 + 11
        return 8 + 25 + 16 + 44 + 12 + 12 + 12 * (compressed / 8192) + compressed
    }
}
