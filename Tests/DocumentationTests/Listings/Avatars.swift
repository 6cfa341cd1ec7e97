import EndlessImages
import Foundation

// The code of the article "Pictures in rows" (Sources/EndlessImages/EndlessImages.docc).

// listing: image-pipeline
func makeImagePipeline(
    loader: any ImageDataLoading, cacheDirectory: URL
) -> ImagePipeline {
    ImagePipeline(configuration: .init(
        // Your HTTPClient: retries, a deadline, a size limit.
        dataLoader: loader,
        // Decoded pictures, by URL and size.
        memoryCache: ImageMemoryCache(),
        // Downloaded bytes, by URL.
        diskCache: ImageDiskCache(directory: cacheDirectory),
        // Rows on screen first, then prefetches.
        maximumConcurrentDownloads: 6))
}
// end listing

// listing: avatar-request
/// An avatar at the size a row draws it: 48 points square on a 2x screen,
/// cropped to fill.
func avatarRequest(_ url: URL) -> ImageRequest {
    ImageRequest(
        url: url, targetSize: PixelSize(width: 96, height: 96),
        contentMode: .fill)
}
// end listing

// listing: avatar-view
/// A row's picture. A row is reused for another person while a picture is on
/// its way, so every answer is checked against the request the row makes now.
@MainActor
final class AvatarView {
    private(set) var image: DecodedImage?
    private var request: ImageRequest?
    private var loading: Task<Void, Never>?

    @discardableResult
    func show(
        _ request: ImageRequest, from pipeline: ImagePipeline
    ) -> Task<Void, Never>? {
        loading?.cancel()   // the old person's picture is not wanted
        self.request = request
        // In memory: drawn in this very frame, with no placeholder.
        image = pipeline.cachedImage(for: request)
        guard image == nil else { return nil }
        loading = Task {
            let loaded = try? await pipeline.image(for: request)
            if let loaded, loaded.request == self.request { image = loaded }
        }
        return loading
    }
}
// end listing

// listing: prefetch
/// Pictures of the rows about to scroll in load behind the rows on screen;
/// rows scrolled past (or skipped by a fast fling) stop theirs.
func prefetchAvatars(
    _ prefetcher: ImagePrefetcher,
    comingUp: [ImageRequest], scrolledPast: [ImageRequest]
) {
    prefetcher.startPrefetching(with: comingUp)
    prefetcher.stopPrefetching(with: scrolledPast)
}
// end listing
