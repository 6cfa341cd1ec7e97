/// The state of one load direction of a ``Feed``.
///
/// A UI maps it to one place on screen: a refresh spinner or banner, a "loading more…" or
/// error footer, an end-of-list marker.
public enum LoadState: Sendable, CustomStringConvertible {
    /// Nothing in flight; the feed loads when the items seen come close enough to this end.
    case idle
    /// A load is in flight (or waiting out an automatic retry delay).
    case loading
    /// The last load failed. The direction stays blocked until ``Feed/retry()``, so a failing
    /// source is never hit in a loop.
    case failed(any Error)
    /// The source said there is nothing more in this direction (`nil` key).
    case endReached

    /// Whether a load is in flight.
    public var isLoading: Bool {
        if case .loading = self { true } else { false }
    }

    /// Whether nothing is in flight and the direction may load.
    public var isIdle: Bool {
        if case .idle = self { true } else { false }
    }

    /// Whether the source reported the end in this direction.
    public var isEndReached: Bool {
        if case .endReached = self { true } else { false }
    }

    /// The error of a failed state, or `nil`.
    public var error: (any Error)? {
        if case .failed(let error) = self { error } else { nil }
    }

    /// Whether two states are the same case (and, when failed, an error of the same type
    /// saying the same thing).
    func isSame(as other: LoadState) -> Bool {
        switch (self, other) {
        case (.idle, .idle), (.loading, .loading), (.endReached, .endReached): true
        case (.failed(let lhs), .failed(let rhs)):
            type(of: lhs) == type(of: rhs) && String(describing: lhs) == String(describing: rhs)
        default: false
        }
    }

    /// `idle`, `loading`, `failed(<error>)` or `endReached`.
    public var description: String {
        switch self {
        case .idle: "idle"
        case .loading: "loading"
        case .failed(let error): "failed(\(error))"
        case .endReached: "endReached"
        }
    }
}
