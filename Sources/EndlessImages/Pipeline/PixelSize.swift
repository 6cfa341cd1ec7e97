/// A size in whole pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a size.
    /// - Parameters:
    ///   - width: width in pixels.
    ///   - height: height in pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `WIDTHxHEIGHT`.
    public var description: String { "\(width)x\(height)" }
}
