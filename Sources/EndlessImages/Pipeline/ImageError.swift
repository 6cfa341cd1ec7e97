/// Why an image could not be produced from bytes (the loader's own errors pass through
/// unchanged).
public enum ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are neither JPEG nor PNG (judged by their first bytes, never by the URL).
    /// `leadingBytes` is up to 8 of them in hex, which is usually enough to recognise an
    /// HTML error page (`3c21444f...`) or another format.
    case unsupportedFormat(leadingBytes: String)
    /// The bytes claim a known format but cannot be decoded: corrupt or truncated.
    case corruptData(format: ImageFormat, reason: String)
    /// The header declares more pixels than the configured limit; nothing was allocated.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The request's target size has a side smaller than 1.
    case invalidTargetSize(PixelSize)

    /// A sentence a person can act on.
    public var description: String {
        switch self {
        case .unsupportedFormat(let bytes):
            "not a JPEG or PNG image (starts with \(bytes.isEmpty ? "nothing" : bytes))"
        case .corruptData(let format, let reason):
            "corrupt or truncated \(format) data: \(reason)"
        case .tooManyPixels(let width, let height, let limit):
            "image declares \(width)x\(height) pixels, more than the limit of \(limit)"
        case .invalidTargetSize(let size):
            "target size \(size) must be at least 1x1"
        }
    }
}
