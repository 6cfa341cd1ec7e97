/// Decoded pixels, ready to draw: 8-bit RGBA, row by row from the top, not premultiplied.
///
/// Every image carries the ``request`` it answers, so a view that reuses rows can check that a
/// late result is still the one it wants before drawing it.
public struct DecodedImage: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha for each pixel, rows top to bottom.
    public let pixels: [UInt8]
    /// The request this image answers. The pipeline sets it to the caller's own request, even
    /// when the pixels were shared with other callers or came from the memory cache.
    public internal(set) var request: ImageRequest

    /// Wraps decoded pixels.
    /// - Parameters:
    ///   - width: width in pixels.
    ///   - height: height in pixels.
    ///   - pixels: `width * height * 4` bytes of straight (not premultiplied) RGBA.
    ///   - request: the request these pixels answer.
    public init(width: Int, height: Int, pixels: [UInt8], request: ImageRequest) {
        precondition(pixels.count == width * height * 4, "RGBA buffer does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
        self.request = request
    }

    /// The image's size.
    public var size: PixelSize { PixelSize(width: width, height: height) }

    /// Bytes between the starts of two rows.
    public var bytesPerRow: Int { width * 4 }

    /// The memory the pixels take, in bytes: the cost the memory cache counts.
    public var cost: Int { pixels.count }

    /// One pixel's components.
    /// - Parameters:
    ///   - x: column, from the left.
    ///   - y: row, from the top.
    /// - Returns: red, green, blue and alpha.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let offset = (y * width + x) * 4
        return (pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
    }

    /// The same pixels, answering `request`.
    func tagged(with request: ImageRequest) -> DecodedImage {
        var copy = self
        copy.request = request
        return copy
    }
}
