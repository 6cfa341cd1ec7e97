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
                // 16-bit files without gAMA/sRGB are sRGB on the web, not linear light as the
                // simplified API would otherwise assume (which would wash them out).
                image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
                let pixels: [UInt8]
                if image.format & UInt32(PNG_FORMAT_FLAG_LINEAR) != 0 {
                    guard let wide = finishWide(&image, size: size) else {
                        return .failure(.corruptData(format: .png, reason: message(of: &image)))
                    }
                    pixels = wide
                } else {
                    image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)  // RGBA
                    var narrow = [UInt8](repeating: 0, count: size.width * size.height * 4)
                    let finished = narrow.withUnsafeMutableBytes { output in
                        png_image_finish_read(&image, nil, output.baseAddress, 0, nil)
                    }
                    guard finished != 0 else {
                        return .failure(.corruptData(format: .png, reason: message(of: &image)))
                    }
                    pixels = narrow
                }
                return .success((pixels, size, hasAlpha))
            }
        return try result.get()
    }

    /// Reads a 16-bit file as 16-bit linear RGBA and converts it to 8 bits here.
    ///
    /// Why not let libpng convert to 8 bits: Debian's libpng 1.6.39-2+deb12u4 carries a
    /// security backport whose new scaling path (`png_image_read_direct_scaled`) garbles
    /// Adam7-interlaced 16-bit images read to 8-bit output (upstream libpng issue #853). The
    /// linear 16-bit output does not go through that path. Linear output has premultiplied
    /// alpha, which is divided out before encoding.
    /// - Returns: straight RGBA8, or `nil` if libpng failed (its message is in `image`).
    private static func finishWide(_ image: inout png_image, size: PixelSize) -> [UInt8]? {
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA | PNG_FORMAT_FLAG_LINEAR)
        var wide = [UInt16](repeating: 0, count: size.width * size.height * 4)
        let finished = wide.withUnsafeMutableBytes { output in
            png_image_finish_read(&image, nil, output.baseAddress, 0, nil)
        }
        guard finished != 0 else { return nil }
        let encode = DisplayGamma.encodeTable
        var pixels = [UInt8](repeating: 0, count: wide.count)
        wide.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { output in
                for offset in stride(from: 0, to: source.count, by: 4) {
                    let alpha = UInt32(source[offset + 3])
                    guard alpha > 0 else { continue }  // fully transparent: (0, 0, 0, 0)
                    for channel in 0..<3 {
                        let straight = min(65535, (UInt32(source[offset + channel]) * 65535 + alpha / 2) / alpha)
                        output[offset + channel] = encode[Int(straight)]
                    }
                    output[offset + 3] = UInt8((alpha * 255 + 32767) / 65535)
                }
            }
        }
        return pixels
    }

    /// The error text libpng left in the image's fixed-size message buffer.
    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { bytes in
            let text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            return text.isEmpty ? "unknown error" : text
        }
    }
}
