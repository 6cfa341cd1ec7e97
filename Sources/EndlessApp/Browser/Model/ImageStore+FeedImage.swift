import EndlessFeedModel
import EndlessImages

/// The terminal app's picture loader for the view models: a ``FeedImage`` is an image
/// pipeline request.
extension ImageStore: FeedImageLoading {
    public func update(_ changes: FeedImageChanges) {
        update(wanted: changes.wanted.map(ImageRequest.init), unwanted: changes.unwanted.map(ImageRequest.init))
    }

    /// The decoded picture, if it is in memory; nil while it loads.
    public func image(for picture: FeedImage) -> DecodedImage? {
        image(for: ImageRequest(picture))
    }

    /// ``image(for:)-(FeedImage)`` without observing (see ``observeArrivals()``).
    func image(unobserved picture: FeedImage) -> DecodedImage? {
        image(unobserved: ImageRequest(picture))
    }
}

extension ImageRequest {
    /// The pipeline's request for a view model's picture.
    public init(_ picture: FeedImage) {
        self.init(
            url: picture.url, urlHash: picture.urlHash, targetSize: PixelSize(picture.size),
            contentMode: picture.contentMode == .fit ? .fit : .fill, priority: ImagePriority(rawValue: picture.priority.rawValue) ?? .visible)
    }
}

extension PixelSize {
    /// The same pixels as a view model's size.
    public init(_ size: FeedImage.Size) {
        self.init(width: size.width, height: size.height)
    }
}

extension FeedImage.Size {
    /// The same pixels as the pipeline's size.
    public init(_ size: PixelSize) {
        self.init(width: size.width, height: size.height)
    }
}
