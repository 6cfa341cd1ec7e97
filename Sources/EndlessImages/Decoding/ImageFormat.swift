/// The image formats the pipeline decodes.
public enum ImageFormat: String, Hashable, Sendable {
    /// JPEG (JFIF/Exif), decoded with libjpeg-turbo.
    case jpeg
    /// PNG, decoded with libpng.
    case png

    /// The format announced by the first bytes of `bytes`, or `nil` if none of ours.
    /// - Parameter bytes: the data, or at least its first 8 bytes.
    /// - Returns: ``jpeg`` for `FF D8 FF`, ``png`` for the 8-byte PNG signature, else `nil`.
    public static func sniff(_ bytes: some Collection<UInt8>) -> ImageFormat? {
        let head = Array(bytes.prefix(8))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return .png }
        return nil
    }
}
