import Foundation

/// A coin's icon, drawn from its hue and symbol: a shaded disc with a lighter rim and the
/// symbol's first letter in white, on a transparent background, smooth at the edges.
enum CoinIcon {
    /// The sizes CoinGecko names in its image paths, in pixels.
    enum Size: String, CaseIterable {
        case thumb, small, large

        var pixels: Int {
            switch self {
            case .thumb: 32
            case .small: 64
            case .large: 128
            }
        }
    }

    /// The PNG of a coin's icon.
    static func png(hue: Double, symbol: String, size: Size) -> [UInt8] {
        let side = size.pixels
        let (red, green, blue) = rgb(hue: hue, saturation: 0.72, value: 0.92)
        let letter = glyph(for: symbol)
        let center = Double(side) / 2
        let radius = center - 1
        // The glyph's cells, scaled to about half the disc.
        let scale = max(1, side / 12)
        let glyphWidth = 5 * scale
        let glyphHeight = 7 * scale
        let glyphX = (side - glyphWidth) / 2
        let glyphY = (side - glyphHeight) / 2
        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        for y in 0..<side {
            for x in 0..<side {
                let dx = Double(x) + 0.5 - center
                let dy = Double(y) + 0.5 - center
                let distance = (dx * dx + dy * dy).squareRoot()
                let coverage = min(1, max(0, radius - distance + 0.5))
                guard coverage > 0 else { continue }
                // Lit from the top-left; the rim a little lighter.
                var shade = 0.78 + 0.22 * (1 - (dx + dy) / (2 * radius))
                if distance > radius * 0.86 { shade = min(1.15, shade + 0.2) }
                var color = (Double(red) * shade, Double(green) * shade, Double(blue) * shade)
                let gx = x - glyphX
                let gy = y - glyphY
                if gx >= 0, gy >= 0, gx < glyphWidth, gy < glyphHeight, letter[gy / scale] & (0x10 >> (gx / scale)) != 0 {
                    color = (250, 250, 250)
                }
                let offset = (y * side + x) * 4
                pixels[offset] = UInt8(min(255, color.0))
                pixels[offset + 1] = UInt8(min(255, color.1))
                pixels[offset + 2] = UInt8(min(255, color.2))
                pixels[offset + 3] = UInt8(255 * coverage)
            }
        }
        // libpng fails only without memory; an empty body (no image) is the honest answer then.
        return PNGWriter.encode(rgba: pixels, width: side, height: side) ?? []
    }

    static func rgb(hue: Double, saturation: Double, value: Double) -> (UInt8, UInt8, UInt8) {
        let h = (hue - hue.rounded(.down)) * 6
        let c = value * saturation
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let m = value - c
        let (r, g, b): (Double, Double, Double) =
            switch Int(h) {
            case 0: (c, x, 0)
            case 1: (x, c, 0)
            case 2: (0, c, x)
            case 3: (0, x, c)
            case 4: (x, 0, c)
            default: (c, 0, x)
            }
        return (UInt8((r + m) * 255), UInt8((g + m) * 255), UInt8((b + m) * 255))
    }

    /// Rows of a 5 × 7 glyph (bit 4 is the left column) for the symbol's first letter or digit.
    static func glyph(for symbol: String) -> [UInt8] {
        let character = symbol.uppercased().first { $0.isASCII && ($0.isLetter || $0.isNumber) } ?? "?"
        return font[character] ?? font["?"] ?? Array(repeating: 0, count: 7)
    }

    static let font: [Character: [UInt8]] = [
        "A": [0x0E, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11], "B": [0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E],
        "C": [0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E], "D": [0x1E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x1E],
        "E": [0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F], "F": [0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10],
        "G": [0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F], "H": [0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11],
        "I": [0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E], "J": [0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C],
        "K": [0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11], "L": [0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F],
        "M": [0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11], "N": [0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11],
        "O": [0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E], "P": [0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10],
        "Q": [0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D], "R": [0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11],
        "S": [0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E], "T": [0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04],
        "U": [0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E], "V": [0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04],
        "W": [0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A], "X": [0x11, 0x11, 0x0A, 0x04, 0x0A, 0x11, 0x11],
        "Y": [0x11, 0x11, 0x0A, 0x04, 0x04, 0x04, 0x04], "Z": [0x1F, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1F],
        "0": [0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E], "1": [0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E],
        "2": [0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F], "3": [0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E],
        "4": [0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02], "5": [0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E],
        "6": [0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E], "7": [0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08],
        "8": [0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E], "9": [0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C],
        "?": [0x0E, 0x11, 0x01, 0x02, 0x04, 0x00, 0x04],
    ]
}
