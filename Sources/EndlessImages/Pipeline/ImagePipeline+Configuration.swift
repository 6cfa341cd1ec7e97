import Foundation

extension ImagePipeline {
    /// Everything an ``ImagePipeline`` is built from: where bytes come from, where they are
    /// cached, and how much work runs at once.
    public struct Configuration: Sendable {
        /// The default ``maximumConcurrentDownloads``: 6, what browsers allow per host.
        public static let defaultMaximumConcurrentDownloads = 6
        /// The default ``maximumConcurrentDecodes``: one per active core.
        public static let defaultMaximumConcurrentDecodes = ProcessInfo.processInfo.activeProcessorCount

        /// Downloads image bytes (the app's `HTTPClient`).
        public var dataLoader: any ImageDataLoading
        /// Decoded images by request; `nil` for none.
        public var memoryCache: ImageMemoryCache?
        /// Downloaded bytes by URL; `nil` for none.
        public var diskCache: ImageDiskCache?
        /// Decodes and resizes; its ``ImageDecoder/maximumPixelCount`` is the bomb limit.
        public var decoder: ImageDecoder
        /// The most downloads in flight at once; more wait, visible before prefetch.
        public var maximumConcurrentDownloads: Int
        /// The most decodes running at once; more wait, visible before prefetch.
        public var maximumConcurrentDecodes: Int
        /// Whether a download that has started runs to its end when every caller has left (its
        /// bytes still go to the disk cache), instead of being cancelled in the loader. Queued
        /// downloads are dropped either way. Off by default. On Linux, cancelling a URLSession
        /// transfer in flight leaves FoundationNetworking's libcurl loop spinning until its
        /// next transfer ends: holding `j` at 300 ms latency cost 35 ms of CPU per key with
        /// cancellation and 8 ms without. An avatar is a few KB, so finishing it is cheaper.
        public var finishesStartedDownloads: Bool

        /// Creates a configuration.
        /// - Parameters:
        ///   - dataLoader: downloads image bytes; the app passes its `HTTPClient`.
        ///   - memoryCache: a fresh ``ImageMemoryCache`` with default limits unless given.
        ///   - diskCache: an ``ImageDiskCache`` in the default directory unless given; pass
        ///     one with another directory to relocate it, or `nil` to keep nothing on disk.
        ///   - decoder: the decoder, with the default 50-megapixel limit unless given.
        ///   - maximumConcurrentDownloads: 6 unless given.
        ///   - maximumConcurrentDecodes: the number of active cores unless given.
        ///   - finishesStartedDownloads: let started downloads finish when their callers
        ///     leave (see ``finishesStartedDownloads``); false unless given.
        public init(
            dataLoader: any ImageDataLoading,
            memoryCache: ImageMemoryCache? = ImageMemoryCache(),
            diskCache: ImageDiskCache? = ImageDiskCache(),
            decoder: ImageDecoder = ImageDecoder(),
            maximumConcurrentDownloads: Int = defaultMaximumConcurrentDownloads,
            maximumConcurrentDecodes: Int = defaultMaximumConcurrentDecodes,
            finishesStartedDownloads: Bool = false
        ) {
            self.dataLoader = dataLoader
            self.memoryCache = memoryCache
            self.diskCache = diskCache
            self.decoder = decoder
            self.maximumConcurrentDownloads = maximumConcurrentDownloads
            self.maximumConcurrentDecodes = maximumConcurrentDecodes
            self.finishesStartedDownloads = finishesStartedDownloads
        }
    }
}
