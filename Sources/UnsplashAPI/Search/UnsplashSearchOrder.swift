/// How `GET /search/photos` orders what it finds.
public enum UnsplashSearchOrder: String, Sendable, CaseIterable, Hashable {
    /// Best match first: the service's default.
    case relevant
    /// Newest first.
    case latest
}
