import Foundation

/// Re-encodes linear light (as libpng's 16-bit linear output gives it) for display.
///
/// libpng turns untagged and sRGB-tagged 16-bit samples into linear light with its sRGB
/// approximation, a pure 2.2 power law (`PNG_GAMMA_sRGB`), so the inverse power law is what
/// gives back the file's own values; the exact sRGB curve would darken the shadows by up to 7
/// levels. Files with a gAMA chunk are linearised by libpng from their own gamma, and come
/// out here encoded for a 2.2 display, as browsers show them.
enum DisplayGamma {
    /// The 8-bit display value of every 16-bit linear value: 64 KiB, computed once, so a pixel
    /// costs three lookups rather than three `pow` calls.
    static let encodeTable: [UInt8] = (0...65535).map { encode(Double($0) / 65535) }

    /// The display encoding of a linear value in 0...1, as 0...255.
    static func encode(_ linear: Double) -> UInt8 {
        UInt8((pow(min(1, max(0, linear)), 1 / 2.2) * 255).rounded())
    }
}
