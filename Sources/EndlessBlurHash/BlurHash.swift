import Foundation

/// A BlurHash: a picture's blurred likeness in 6 to 166 characters (woltapp/blurhash's
/// algorithm), decoded into a placeholder the moment a row appears, before any pixel of the
/// real picture has arrived.
///
/// The string holds the component counts, the largest AC value, the average colour (the DC
/// component, exactly, as sRGB) and the AC components of a DCT of the picture in linear light.
/// Decoding is a sum of cosines per pixel; ``init(_:)`` validates the whole string first.
///
/// ```swift
/// let hash = try BlurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj")
/// hash.averageColor.hex                       // "#979695": the picture's average colour
/// let rgba = hash.pixels(width: 32, height: 24)
/// ```
public struct BlurHash: Hashable, Sendable, CustomStringConvertible {
    /// The hash as sent.
    public let string: String
    /// Components across: 1...9.
    public let componentsX: Int
    /// Components down: 1...9.
    public let componentsY: Int
    /// The average colour, in sRGB, exactly as encoded.
    public let averageColor: RGBColor
    /// Linear red, green, blue of each component, DC first, then by increasing x, then y.
    let components: [Float]

    /// Reads and validates a hash.
    /// - Parameter string: the hash, e.g. `LEHV6nWB2yk8pyo0adR*.7kCMdnj`.
    /// - Throws: ``BlurHashError`` for a string too short, of the wrong length for its
    ///   component counts, or with a character outside base 83.
    public init(_ string: String) throws(BlurHashError) {
        let bytes = Array(string.utf8)
        guard bytes.count >= 6 else { throw .tooShort(length: string.count) }
        let sizeFlag = try Self.value(bytes, 0..<1)
        let componentsX = sizeFlag % 9 + 1
        let componentsY = sizeFlag / 9 + 1
        let expected = 4 + 2 * componentsX * componentsY
        guard bytes.count == expected else {
            throw .wrongLength(length: bytes.count, expected: expected, componentsX: componentsX, componentsY: componentsY)
        }
        let maximum = Float(try Self.value(bytes, 1..<2) + 1) / 166
        let average = try Self.value(bytes, 2..<6)
        averageColor = RGBColor(
            red: UInt8(truncatingIfNeeded: average >> 16), green: UInt8(truncatingIfNeeded: average >> 8),
            blue: UInt8(truncatingIfNeeded: average))
        var components = [averageColor.red, averageColor.green, averageColor.blue].map { SRGB.toLinear[Int($0)] }
        components.reserveCapacity(componentsX * componentsY * 3)
        for index in 1..<(componentsX * componentsY) {
            let value = try Self.value(bytes, (4 + index * 2)..<(6 + index * 2))
            for quantized in [value / (19 * 19), value / 19 % 19, value % 19] {
                let unit = Float(quantized - 9) / 9
                components.append(unit * abs(unit) * maximum)
            }
        }
        self.string = string
        self.componentsX = componentsX
        self.componentsY = componentsY
        self.components = components
    }

    /// The hash.
    public var description: String { string }

    /// The picture the hash describes, as RGBA pixels (alpha 255), rows from the top.
    /// - Parameters:
    ///   - width: pixels across, at least 1.
    ///   - height: pixels down, at least 1.
    ///   - punch: scales the AC components: above 1 for more contrast; 1 is the picture.
    /// - Returns: `width × height × 4` bytes.
    public func pixels(width: Int, height: Int, punch: Float = 1) -> [UInt8] {
        let width = max(1, width), height = max(1, height)
        let nx = componentsX, ny = componentsY
        // The cosines, once per column and per row: the per-pixel sum is then separable.
        var cosX = [Float](repeating: 0, count: nx * width)
        for i in 0..<nx {
            for x in 0..<width { cosX[i * width + x] = Float(cos(Double.pi * Double(i * x) / Double(width))) }
        }
        var cosY = [Float](repeating: 0, count: ny * height)
        for j in 0..<ny {
            for y in 0..<height { cosY[j * height + y] = Float(cos(Double.pi * Double(j * y) / Double(height))) }
        }
        var scaled = components
        for index in 3..<scaled.count { scaled[index] *= punch }

        var output = [UInt8](repeating: 255, count: width * height * 4)
        var row = [Float](repeating: 0, count: nx * 3)
        output.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                // Each column component, summed down this row: Σ_j C(i,j) cos(πjy/h).
                for i in 0..<nx {
                    var red: Float = 0, green: Float = 0, blue: Float = 0
                    for j in 0..<ny {
                        let basis = cosY[j * height + y]
                        let offset = (j * nx + i) * 3
                        red += scaled[offset] * basis
                        green += scaled[offset + 1] * basis
                        blue += scaled[offset + 2] * basis
                    }
                    row[i * 3] = red
                    row[i * 3 + 1] = green
                    row[i * 3 + 2] = blue
                }
                for x in 0..<width {
                    var red: Float = 0, green: Float = 0, blue: Float = 0
                    for i in 0..<nx {
                        let basis = cosX[i * width + x]
                        red += row[i * 3] * basis
                        green += row[i * 3 + 1] * basis
                        blue += row[i * 3 + 2] * basis
                    }
                    let pixel = (y * width + x) * 4
                    out[pixel] = SRGB.fastByte(fromLinear: red)
                    out[pixel + 1] = SRGB.fastByte(fromLinear: green)
                    out[pixel + 2] = SRGB.fastByte(fromLinear: blue)
                }
            }
        }
        return output
    }

    /// Equal when the two strings are: the same hash draws the same picture.
    public static func == (lhs: BlurHash, rhs: BlurHash) -> Bool { lhs.string == rhs.string }

    /// Hashes the string, as `==` compares it.
    public func hash(into hasher: inout Hasher) { hasher.combine(string) }

    private static func value(_ bytes: [UInt8], _ range: Range<Int>) throws(BlurHashError) -> Int {
        do throws(Base83.InvalidDigit) {
            return try Base83.decode(bytes[range])
        } catch {
            throw .invalidCharacter(offset: error.offset)
        }
    }
}

/// A colour as 8-bit sRGB.
public struct RGBColor: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8

    /// Creates a colour.
    /// - Parameters:
    ///   - red: 0...255.
    ///   - green: 0...255.
    ///   - blue: 0...255.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Reads `#rrggbb` (the `#` optional, any case), as Unsplash sends a photo's `color`.
    /// - Parameter hex: the text.
    /// - Returns: nil when it is not six hex digits.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.first == "#" { digits = digits.dropFirst() }
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// `#rrggbb`, lower case.
    public var hex: String {
        "#"
            + [red, green, blue].map { byte in
                let text = String(byte, radix: 16)
                return byte < 16 ? "0" + text : text
            }.joined()
    }

    /// The hex form.
    public var description: String { hex }
}
