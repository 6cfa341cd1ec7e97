/// How `GET /photos` orders the feed.
public enum UnsplashOrder: String, Sendable, CaseIterable, Hashable {
    /// Newest first: the service's default, the tutorial's feed.
    case latest
    /// Oldest first.
    case oldest
    /// Most liked first. Deprecated by Unsplash in 2021; some keys still get it.
    case popular
}
