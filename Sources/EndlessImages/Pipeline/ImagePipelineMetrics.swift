/// A snapshot of what an ``ImagePipeline`` has done since it was made.
///
/// Read it with ``ImagePipeline/metrics``; the app can show, e.g., a cache hit rate in its
/// status line.
public struct ImagePipelineMetrics: Hashable, Sendable, CustomStringConvertible {
    /// Requests answered from the memory cache (including synchronous lookups that hit).
    public var memoryHits = 0
    /// Downloads avoided because the disk cache had the bytes.
    public var diskHits = 0
    /// Lookups that missed both caches and had to go to the network.
    public var misses = 0
    /// Downloads that completed.
    public var downloads = 0
    /// Bytes those downloads returned.
    public var bytesDownloaded = 0
    /// Images decoded (and resized).
    public var decodes = 0
    /// Time spent decoding and resizing, over all decodes.
    public var totalDecodeTime = Duration.zero
    /// Requests that joined a download or decode already in flight instead of starting one.
    public var coalescedRequests = 0
    /// Requests that ended because their caller's task was cancelled.
    public var cancellations = 0
    /// Requests that failed with an error other than cancellation.
    public var failures = 0

    /// Creates an all-zero snapshot.
    public init() {}

    /// The mean time of one decode, or zero before the first.
    public var averageDecodeTime: Duration {
        decodes == 0 ? .zero : totalDecodeTime / decodes
    }

    /// The share of image requests answered without the network (memory or disk), 0...1.
    public var hitRate: Double {
        let lookups = memoryHits + diskHits + misses
        return lookups == 0 ? 0 : Double(memoryHits + diskHits) / Double(lookups)
    }

    /// One line of `key=value` pairs.
    public var description: String {
        "memory_hits=\(memoryHits) disk_hits=\(diskHits) misses=\(misses) downloads=\(downloads) "
            + "bytes=\(bytesDownloaded) decodes=\(decodes) avg_decode=\(averageDecodeTime) "
            + "coalesced=\(coalescedRequests) cancellations=\(cancellations) failures=\(failures)"
    }
}
