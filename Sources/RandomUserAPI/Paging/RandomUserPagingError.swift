import EndlessHTTP

/// A page the feed cannot continue from.
public enum RandomUserPagingError: Error, Sendable, CustomStringConvertible, RequestFailure {
    /// The response had no `info.seed` (e.g. `noinfo`), so the next page cannot be asked for.
    case missingSeed

    /// The server answered, without what paging needs: `RequestFailureKind.badAnswer`.
    public var requestFailureKind: RequestFailureKind { .badAnswer }

    /// What went wrong and what to do, for a person.
    public var description: String {
        "the server sent no info.seed, so the next page of this list cannot be asked for; use a server that reports its seed"
    }
}
