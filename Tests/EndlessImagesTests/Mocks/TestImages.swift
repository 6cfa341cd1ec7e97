import CPNG
import CTurboJPEG
import Foundation

/// Images the tests make themselves, encoded with the same libraries the pipeline decodes with.
enum TestImages {
    typealias RGB = (red: UInt8, green: UInt8, blue: UInt8)

    /// RGBA pixels from a function of (x, y).
    static func rgba(width: Int, height: Int, _ pixel: (Int, Int) -> RGB) -> [UInt8] {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let color = pixel(x, y)
                let offset = (y * width + x) * 4
                pixels[offset] = color.red
                pixels[offset + 1] = color.green
                pixels[offset + 2] = color.blue
            }
        }
        return pixels
    }

    /// A horizontal red gradient, vertical green gradient and constant blue.
    static func gradient(x: Int, y: Int, width: Int, height: Int) -> RGB {
        (UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), 96)
    }

    /// A JPEG of `width`×`height` drawn by `pixel`, 4:4:4 so colours survive unblurred.
    static func jpeg(
        width: Int, height: Int, quality: Int = 95, _ pixel: (Int, Int) -> RGB
    ) -> Data {
        let pixels = rgba(width: width, height: height, pixel)
        guard let handle = tjInitCompress() else { fatalError("tjInitCompress failed") }
        defer { tjDestroy(handle) }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = pixels.withUnsafeBufferPointer { source in
            tjCompress2(
                handle, source.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGBA.rawValue),
                &buffer, &size, Int32(TJSAMP_444.rawValue), Int32(quality), 0)
        }
        guard status == 0, let buffer else { fatalError("tjCompress2 failed") }
        defer { tjFree(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }

    /// A solid-colour JPEG.
    static func solidJPEG(width: Int, height: Int, _ color: RGB) -> Data {
        jpeg(width: width, height: height) { _, _ in color }
    }

    /// A solid-colour 8-bit RGB PNG.
    static func solidPNG(width: Int, height: Int, _ color: RGB) -> Data {
        let row = (0..<width).flatMap { _ in [UInt16(color.red), UInt16(color.green), UInt16(color.blue)] }
        return png(
            width: width, height: height, colorType: PNGColorType.rgb, bitDepth: 8,
            samples: { _ in row })
    }

    enum PNGColorType {
        static let gray: Int32 = 0
        static let rgb: Int32 = 2
        static let palette: Int32 = 3
        static let grayAlpha: Int32 = 4
        static let rgba: Int32 = 6
    }

    private final class Output {
        var data = Data()
    }

    /// A PNG written with libpng's full write API, which can make every colour type, bit depth,
    /// palette, tRNS and Adam7 interlacing (the simplified writer cannot).
    /// - Parameters:
    ///   - samples: the samples of row `y`, one value per channel per pixel, in the file's bit
    ///     depth (0...2^depth-1); packed and byte-ordered here.
    ///   - palette: PLTE entries for palette images.
    ///   - paletteAlpha: tRNS alphas for the first palette entries.
    ///   - transparentColor: tRNS colour for gray (gray in `.gray`) or RGB images.
    static func png(
        width: Int, height: Int, colorType: Int32, bitDepth: Int32, interlaced: Bool = false,
        palette: [RGB]? = nil, paletteAlpha: [UInt8]? = nil, transparentColor: png_color_16? = nil,
        samples: (Int) -> [UInt16]
    ) -> Data {
        let output = Output()
        var png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nil, nil, nil)
        var info = png_create_info_struct(png)
        png_set_write_fn(
            png, Unmanaged.passUnretained(output).toOpaque(),
            { png, bytes, count in
                guard let io = png_get_io_ptr(png), let bytes else { return }
                Unmanaged<Output>.fromOpaque(io).takeUnretainedValue().data.append(bytes, count: count)
            }, { _ in })
        png_set_IHDR(
            png, info, UInt32(width), UInt32(height), bitDepth, colorType,
            interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
            PNG_FILTER_TYPE_DEFAULT)
        if let palette {
            var colors = palette.map { png_color(red: $0.red, green: $0.green, blue: $0.blue) }
            png_set_PLTE(png, info, &colors, Int32(colors.count))
        }
        if let paletteAlpha {
            var alphas = paletteAlpha
            png_set_tRNS(png, info, &alphas, Int32(alphas.count), nil)
        }
        if var transparentColor {
            png_set_tRNS(png, info, nil, 0, &transparentColor)
        }
        png_write_info(png, info)
        let rows = (0..<height).map { pack(samples($0), bitDepth: Int(bitDepth)) }
        let rowBytes = rows.map(\.count).max() ?? 0
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, rowBytes * height))
        defer { storage.deallocate() }
        var pointers: [UnsafeMutablePointer<UInt8>?] = []
        for (index, row) in rows.enumerated() {
            let start = storage + index * rowBytes
            row.withUnsafeBufferPointer { start.update(from: $0.baseAddress!, count: row.count) }
            pointers.append(start)
        }
        // png_write_image makes the Adam7 passes itself when the image is interlaced.
        pointers.withUnsafeMutableBufferPointer { png_write_image(png, $0.baseAddress) }
        png_write_end(png, nil)
        png_destroy_write_struct(&png, &info)
        return output.data
    }

    /// Packs samples into PNG row bytes: several per byte (high bits first) below 8 bits,
    /// big-endian pairs at 16.
    static func pack(_ samples: [UInt16], bitDepth: Int) -> [UInt8] {
        switch bitDepth {
        case 16: return samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case 8: return samples.map { UInt8($0) }
        default:
            let perByte = 8 / bitDepth
            var bytes = [UInt8](repeating: 0, count: (samples.count + perByte - 1) / perByte)
            for (index, sample) in samples.enumerated() {
                let shift = 8 - bitDepth * (index % perByte + 1)
                bytes[index / perByte] |= UInt8(sample) << shift
            }
            return bytes
        }
    }

    /// CRC-32 as PNG chunks use it (ISO 3309), for crafting headers.
    static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A tiny, valid PNG whose IHDR (with a correct CRC) claims `width`×`height`.
    static func pngClaiming(width: UInt32, height: UInt32) -> Data {
        var bytes = [UInt8](solidPNG(width: 1, height: 1, (1, 2, 3)))
        // Signature (8), length (4), "IHDR" (4), then width and height.
        let put = { (value: UInt32, offset: Int) in
            for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * index)) }
        }
        put(width, 16)
        put(height, 20)
        put(crc32(bytes[12..<29]), 29)
        return Data(bytes)
    }

    /// A tiny, valid JPEG whose SOF header claims `width`×`height`.
    static func jpegClaiming(width: UInt16, height: UInt16) -> Data {
        var bytes = [UInt8](solidJPEG(width: 8, height: 8, (10, 20, 30)))
        guard let sof = (0..<bytes.count - 1).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }) else {
            fatalError("no SOF0 marker")
        }
        // FF C0, length (2), precision (1), height (2), width (2).
        bytes[sof + 5] = UInt8(height >> 8)
        bytes[sof + 6] = UInt8(height & 0xFF)
        bytes[sof + 7] = UInt8(width >> 8)
        bytes[sof + 8] = UInt8(width & 0xFF)
        return Data(bytes)
    }
}
