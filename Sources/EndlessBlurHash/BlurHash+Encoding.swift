import Foundation

extension BlurHash {
    /// The layout Unsplash sends: 4 components across, 3 down (a 28-character hash).
    public static let defaultComponents = (x: 4, y: 3)

    /// Hashes a picture: the DCT of its pixels in linear light, keeping `componentsX ×
    /// componentsY` components, quantised and written in base 83 as the reference encoder does
    /// (so the same pixels give the same string as woltapp's implementations).
    ///
    /// The cost is one pass per component over every pixel: hash a reduced picture (a few
    /// dozen pixels a side say as much as the full one).
    ///
    /// - Parameters:
    ///   - pixels: 8-bit sRGB, rows from the top, `bytesPerPixel` bytes a pixel (red, green,
    ///     blue first; a fourth byte, alpha, is ignored).
    ///   - width: pixels across, at least 1.
    ///   - height: pixels down, at least 1.
    ///   - bytesPerPixel: 3 (RGB) or 4 (RGBA).
    ///   - componentsX: components across, 1...9.
    ///   - componentsY: components down, 1...9.
    /// - Returns: the hash.
    /// - Throws: ``BlurHashError/invalidComponentCount(x:y:)`` or ``BlurHashError/invalidImage(_:)``.
    public static func encode(
        pixels: [UInt8], width: Int, height: Int, bytesPerPixel: Int = 4, componentsX: Int = defaultComponents.x,
        componentsY: Int = defaultComponents.y
    ) throws(BlurHashError) -> BlurHash {
        guard (1...9).contains(componentsX), (1...9).contains(componentsY) else {
            throw .invalidComponentCount(x: componentsX, y: componentsY)
        }
        guard width >= 1, height >= 1 else { throw .invalidImage("\(width)×\(height) has no pixels") }
        guard bytesPerPixel == 3 || bytesPerPixel == 4 else {
            throw .invalidImage("\(bytesPerPixel) bytes a pixel: 3 (RGB) or 4 (RGBA)")
        }
        guard pixels.count == width * height * bytesPerPixel else {
            throw .invalidImage("\(pixels.count) bytes for \(width)×\(height) at \(bytesPerPixel) a pixel")
        }
        let factors = dct(pixels, width: width, height: height, stride: bytesPerPixel, nx: componentsX, ny: componentsY)
        var output = Base83.encode((componentsX - 1) + (componentsY - 1) * 9, length: 1)
        let ac = factors.dropFirst(3)
        let maximum: Double
        if ac.isEmpty {
            maximum = 1
            output += Base83.encode(0, length: 1)
        } else {
            let actual = ac.map(abs).max() ?? 0
            let quantized = Int(max(0, min(82, (actual * 166 - 0.5).rounded(.down))))
            maximum = Double(quantized + 1) / 166
            output += Base83.encode(quantized, length: 1)
        }
        let average =
            Int(SRGB.byte(fromLinear: factors[0])) << 16 | Int(SRGB.byte(fromLinear: factors[1])) << 8
            | Int(SRGB.byte(fromLinear: factors[2]))
        output += Base83.encode(average, length: 4)
        var index = 3
        while index < factors.count {
            let quantized = (0..<3).map { channel in
                let unit = factors[index + channel] / maximum
                let root = (unit < 0 ? -1 : 1) * abs(unit).squareRoot()
                return Int(max(0, min(18, (root * 9 + 9.5).rounded(.down))))
            }
            output += Base83.encode(quantized[0] * 19 * 19 + quantized[1] * 19 + quantized[2], length: 2)
            index += 3
        }
        // The string was built from base-83 digits, so it reads back as a valid hash.
        do {
            return try BlurHash(String(decoding: output, as: UTF8.self))
        } catch {
            throw .invalidImage("internal: the encoded hash did not read back (\(error))")
        }
    }

    /// The `nx × ny` DCT factors of the picture in linear light, red, green, blue each, DC first.
    private static func dct(_ pixels: [UInt8], width: Int, height: Int, stride: Int, nx: Int, ny: Int) -> [Double] {
        // Exact doubles here (not the decoder's floats): quantisation must round as the
        // reference encoder's does.
        var linear = [Double](repeating: 0, count: width * height * 3)
        for pixel in 0..<(width * height) {
            for channel in 0..<3 { linear[pixel * 3 + channel] = SRGB.toLinearExact[Int(pixels[pixel * stride + channel])] }
        }
        var factors = [Double](repeating: 0, count: nx * ny * 3)
        let scale = 1 / Double(width * height)
        for j in 0..<ny {
            let cosY = (0..<height).map { cos(Double.pi * Double(j * $0) / Double(height)) }
            for i in 0..<nx {
                let cosX = (0..<width).map { cos(Double.pi * Double(i * $0) / Double(width)) }
                var red = 0.0, green = 0.0, blue = 0.0
                for y in 0..<height {
                    for x in 0..<width {
                        let basis = cosX[x] * cosY[y]
                        let offset = (y * width + x) * 3
                        red += basis * linear[offset]
                        green += basis * linear[offset + 1]
                        blue += basis * linear[offset + 2]
                    }
                }
                let normalisation = (i == 0 && j == 0 ? 1.0 : 2.0) * scale
                let offset = (j * nx + i) * 3
                factors[offset] = red * normalisation
                factors[offset + 1] = green * normalisation
                factors[offset + 2] = blue * normalisation
            }
        }
        return factors
    }
}
