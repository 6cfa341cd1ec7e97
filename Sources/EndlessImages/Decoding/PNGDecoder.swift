import CPNG
import Foundation

/// PNG decoding with libpng's row API, straight to the requested size: rows are read one at
/// a time and resampled as they arrive (``RowResampler``), so a 7000×7000 file asked for as a
/// 64×64 thumbnail costs a row and the thumbnail, not 196 MB of RGBA.
///
/// libpng converts every colour type, bit depth, palette and tRNS transparency to RGBA8 and
/// corrects colours to sRGB from the file's gamma. Adam7 images are read pass by pass without
/// libpng's de-interlacing (which needs the whole image), each pass's pixels placed where they
/// belong. libpng reports errors by `longjmp`, which Swift cannot survive, so every call that
/// can fail goes through the C functions in `CPNG/shim.h`, which catch it.
enum PNGDecoder {
    /// Decodes `data` and resizes it to `target` under `mode` in one pass.
    /// - Parameters:
    ///   - data: the PNG bytes.
    ///   - maximumPixelCount: images whose header declares more pixels are refused before any
    ///     row is decoded (decoding time still grows with the source).
    ///   - target: the requested size.
    ///   - mode: fill or fit.
    /// - Returns: the resized RGBA8 pixels and the plan that sized them.
    /// - Throws: ``ImageError/tooManyPixels(width:height:limit:)`` or
    ///   ``ImageError/corruptData(format:reason:)``.
    static func decode(
        _ data: Data, maximumPixelCount: Int, target: PixelSize, mode: ContentMode
    ) throws(ImageError) -> (pixels: [UInt8], plan: ResizePlan) {
        // libpng reads from the bytes until `end`, so all of it happens while they are pinned.
        let result: Result<(pixels: [UInt8], plan: ResizePlan), ImageError> = data.withUnsafeBytes { raw in
            var reader = endless_png_reader()
            defer { endless_png_end(&reader) }
            guard endless_png_begin(&reader, raw.baseAddress, raw.count) != 0 else {
                return .failure(corrupt(&reader))
            }
            let size = PixelSize(
                width: Int(png_get_image_width(reader.png, reader.info)),
                height: Int(png_get_image_height(reader.png, reader.info)))
            guard size.width * size.height <= maximumPixelCount else {
                return .failure(.tooManyPixels(width: size.width, height: size.height, limit: maximumPixelCount))
            }
            let colorType = Int32(png_get_color_type(reader.png, reader.info))
            let hasAlpha =
                colorType & PNG_COLOR_MASK_ALPHA != 0
                || png_get_valid(reader.png, reader.info, PNG_INFO_tRNS) != 0
            let interlaced = Int32(png_get_interlace_type(reader.png, reader.info)) == PNG_INTERLACE_ADAM7
            guard endless_png_read_rgba8(&reader) != 0 else { return .failure(corrupt(&reader)) }

            let plan = ResizePlan(source: size, target: target, mode: mode)
            var resampler = RowResampler(source: size, plan: plan, hasAlpha: hasAlpha)
            var row = [UInt8](repeating: 0, count: size.width * 4)
            for pass in interlaced ? Adam7.passes : [Adam7.whole] {
                let columns = Adam7.count(of: size.width, start: pass.startX, step: pass.stepX)
                let rows = Adam7.count(of: size.height, start: pass.startY, step: pass.stepY)
                // libpng skips empty passes, so must this loop.
                guard columns > 0, rows > 0 else { continue }
                for passRow in 0..<rows {
                    let read = row.withUnsafeMutableBufferPointer { endless_png_read_row(&reader, $0.baseAddress) }
                    guard read != 0 else { return .failure(corrupt(&reader)) }
                    row.withUnsafeBufferPointer { pixels in
                        resampler.add(
                            row: pixels, y: pass.startY + passRow * pass.stepY, firstX: pass.startX,
                            stepX: pass.stepX, count: columns)
                    }
                }
            }
            return .success((resampler.finish(), plan))
        }
        return try result.get()
    }

    /// The error libpng left in the reader.
    private static func corrupt(_ reader: inout endless_png_reader) -> ImageError {
        let text = withUnsafeBytes(of: &reader.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return .corruptData(format: .png, reason: text.isEmpty ? "unknown error" : text)
    }
}

/// Where the pixels of each Adam7 pass sit in the image (PNG specification, §8.2).
struct Adam7 {
    var startX: Int
    var stepX: Int
    var startY: Int
    var stepY: Int

    /// The seven passes, in the order they are stored.
    static let passes: [Adam7] = [
        Adam7(startX: 0, stepX: 8, startY: 0, stepY: 8),
        Adam7(startX: 4, stepX: 8, startY: 0, stepY: 8),
        Adam7(startX: 0, stepX: 4, startY: 4, stepY: 8),
        Adam7(startX: 2, stepX: 4, startY: 0, stepY: 4),
        Adam7(startX: 0, stepX: 2, startY: 2, stepY: 4),
        Adam7(startX: 1, stepX: 2, startY: 0, stepY: 2),
        Adam7(startX: 0, stepX: 1, startY: 1, stepY: 2),
    ]

    /// A non-interlaced image: one pass holding every pixel.
    static let whole = Adam7(startX: 0, stepX: 1, startY: 0, stepY: 1)

    /// How many of `length` positions a pass starting at `start` with `step` holds.
    static func count(of length: Int, start: Int, step: Int) -> Int {
        length > start ? (length - start + step - 1) / step : 0
    }
}
