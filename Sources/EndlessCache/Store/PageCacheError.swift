/// Why `endless cache` could not list or clear the page cache.
public enum PageCacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The cache could not be opened: `reason` says why (a read-only directory, a file from a
    /// newer version…) and `path` which file.
    case unavailable(path: String, reason: String)
    /// A statement failed on an open cache (the disk failed, another process held the lock
    /// for seconds).
    case failed(path: String, reason: String)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .unavailable(let path, let reason):
            "the page cache \(path) cannot be used: \(reason)"
        case .failed(let path, let reason):
            "the page cache \(path) failed: \(reason); try again, or delete the file to start over"
        }
    }
}
