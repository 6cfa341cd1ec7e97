/// Pixels to draw in the terminal: 8-bit RGBA, rows top to bottom, no padding.
public struct PixelImage: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha (not premultiplied).
    public let rgba: [UInt8]

    /// Wraps RGBA pixels.
    ///
    /// - Parameters:
    ///   - width: width in pixels.
    ///   - height: height in pixels.
    ///   - rgba: `width × height × 4` bytes.
    /// - Returns: nil when the size is empty or the byte count does not match.
    public init?(width: Int, height: Int, rgba: [UInt8]) {
        guard width > 0, height > 0, rgba.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}
