/// What changed in the pictures a ``FeedViewModel`` wants since it last told its
/// ``FeedImageLoading``: a scroll by one row is a picture that left the screen, one that came
/// on it from below, one that came below; a `j` that only moves the selection is nothing, and
/// the loader is not called (issue 29).
public struct FeedImageChanges: Hashable, Sendable {
    /// Pictures wanted now that were not, or wanted at another priority than before, each at
    /// the priority it is wanted at now: ``FeedImage/Priority/prefetch`` warms the caches, the
    /// others load. A picture several rows show is here once, at the most urgent of them.
    public var wanted: [FeedImage]
    /// Pictures no longer wanted at all, each at the priority it was wanted at: stop loading
    /// or warming them, and let go of them.
    public var unwanted: [FeedImage]

    /// Creates a change.
    /// - Parameters:
    ///   - wanted: pictures newly wanted, or at a new priority.
    ///   - unwanted: pictures no longer wanted.
    public init(wanted: [FeedImage] = [], unwanted: [FeedImage] = []) {
        self.wanted = wanted
        self.unwanted = unwanted
    }

    /// True when nothing changed.
    public var isEmpty: Bool { wanted.isEmpty && unwanted.isEmpty }
}
