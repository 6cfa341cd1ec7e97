/// How urgently an image is wanted. When download or decode slots are full, higher
/// priorities are served first, and requests of equal priority in arrival order.
public enum ImagePriority: Int, Comparable, Hashable, Sendable {
    /// Warming caches for rows not on screen yet (``ImagePrefetcher``).
    case prefetch = 0
    /// A row on screen.
    case visible = 1
    /// Something the user is looking at right now and larger than a row, e.g. a detail view.
    case high = 2

    /// Orders priorities from ``prefetch`` to ``high``.
    public static func < (lhs: ImagePriority, rhs: ImagePriority) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The task priority the pipeline's work for this request runs at.
    var taskPriority: TaskPriority {
        switch self {
        case .prefetch: .utility
        case .visible: .userInitiated
        case .high: .high
        }
    }
}
