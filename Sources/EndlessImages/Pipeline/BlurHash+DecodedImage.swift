import EndlessBlurHash

/// A BlurHash drawn as a picture the pipeline's clients draw like any other.
extension BlurHash {
    /// The picture the hash describes, as a decoded image answering `request`: a placeholder
    /// the screen draws like any picture while the real one loads.
    /// - Parameters:
    ///   - size: the pixels to decode (a blur has no detail to lose: a few dozen a side do).
    ///   - request: the request the image answers; give it an identity of its own (e.g. a
    ///     `blurhash:` URL), so caches keep it apart from the real picture.
    ///   - punch: contrast, as in `pixels(width:height:punch:)`.
    /// - Returns: the image.
    public func image(size: PixelSize, request: ImageRequest, punch: Float = 1) -> DecodedImage {
        let width = max(1, size.width), height = max(1, size.height)
        return DecodedImage(width: width, height: height, pixels: pixels(width: width, height: height, punch: punch), request: request)
    }
}
