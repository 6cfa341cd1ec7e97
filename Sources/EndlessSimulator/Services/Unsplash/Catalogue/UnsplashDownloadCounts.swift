import Synchronization

/// How many times each photo has been downloaded from this simulator: what
/// `GET photos/{id}/download` (the `links.download_location` every client must call when a
/// person downloads a photo) adds to, and what `GET photos/{id}` shows in `downloads` on top of
/// the number the photo was made with. Shared by every connection, so kept under a lock.
///
/// Bounded: only photos of the catalogue are counted (an unknown id is a 404 before it gets
/// here), so there are at most as many entries as photos, and each count stops at
/// its maximum rather than overflowing.
final class UnsplashDownloadCounts: Sendable {
    /// The most downloads counted for one photo, by default.
    static let maximum = Int(Int32.max)

    private let counts = Mutex<[Int: Int]>([:])
    private let maximum: Int

    /// - Parameter maximum: the most downloads counted for one photo.
    init(maximum: Int = UnsplashDownloadCounts.maximum) {
        self.maximum = maximum
    }

    /// Counts one download of the photo at `index` in the catalogue.
    /// - Returns: the downloads counted for it now.
    @discardableResult
    func record(_ index: Int) -> Int {
        counts.withLock { counts in
            let next = min(maximum, counts[index, default: 0] + 1)
            counts[index] = next
            return next
        }
    }

    /// The downloads counted for the photo at `index`.
    func count(of index: Int) -> Int {
        counts.withLock { $0[index, default: 0] }
    }
}
