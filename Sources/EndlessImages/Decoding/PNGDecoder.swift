import CPNG
import Foundation

/// PNG decoding through libpng's simplified API (`png_image`), which converts every colour
/// type, bit depth, palette, tRNS transparency and Adam7 interlacing to RGBA8 for us, and
/// reports errors in the `png_image` instead of with `longjmp`, which Swift cannot survive.
enum PNGDecoder {
    /// Decodes `data` to straight RGBA8.
    /// - Parameters:
    ///   - data: the PNG bytes.
    ///   - maximumPixelCount: images whose header declares more pixels are refused before the
    ///     pixel buffer is allocated.
    /// - Returns: the pixels, their size, and whether the file has any transparency.
    /// - Throws: ``ImageError/tooManyPixels(width:height:limit:)`` or
    ///   ``ImageError/corruptData(format:reason:)``.
    static func decode(
        _ data: Data, maximumPixelCount: Int
    ) throws(ImageError) -> (pixels: [UInt8], size: PixelSize, hasAlpha: Bool) {
        // libpng keeps a pointer to the bytes between begin and finish, so both happen while
        // the buffer is pinned.
        let result: Result<(pixels: [UInt8], size: PixelSize, hasAlpha: Bool), ImageError> =
            data.withUnsafeBytes { raw in
                var image = png_image()
                image.version = UInt32(PNG_IMAGE_VERSION)
                guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                    // libpng has already freed its state on failure.
                    return .failure(.corruptData(format: .png, reason: message(of: &image)))
                }
                let size = PixelSize(width: Int(image.width), height: Int(image.height))
                guard size.width * size.height <= maximumPixelCount else {
                    png_image_free(&image)
                    return .failure(
                        .tooManyPixels(width: size.width, height: size.height, limit: maximumPixelCount))
                }
                let hasAlpha = image.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0
                image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // PNG_FORMAT_RGBA
                // 16-bit files without gAMA/sRGB are sRGB on the web, not linear light as the
                // simplified API would otherwise assume (which would wash them out).
                image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
                var pixels = [UInt8](repeating: 0, count: size.width * size.height * 4)
                let finished = pixels.withUnsafeMutableBytes { output in
                    png_image_finish_read(&image, nil, output.baseAddress, 0, nil)
                }
                guard finished != 0 else {
                    return .failure(.corruptData(format: .png, reason: message(of: &image)))
                }
                return .success((pixels, size, hasAlpha))
            }
        return try result.get()
    }

    /// The error text libpng left in the image's fixed-size message buffer.
    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { bytes in
            let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            return text.isEmpty ? "unknown error" : text
        }
    }
}
