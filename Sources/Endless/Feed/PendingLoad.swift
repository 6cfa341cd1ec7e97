/// One page an end of the feed has asked for and not yet committed: in flight (or waiting out
/// an automatic retry), landed early and waiting for the pages before it, or failed.
///
/// Each end keeps its pending loads in commit order; the first one is the next page at that
/// end, the second the page after it, and so on. Only the first is ever committed.
struct PendingLoad<Item: Identifiable & Sendable, Key: Hashable & Sendable> {
    /// Tells this load's task apart from every other, for its result and its cancellation.
    let id: Int
    let request: PageRequest<Key>
    /// Whether the key is a guess from ``PageSource/key(after:)``, to be confirmed by the
    /// previous page's own next key when it commits.
    let isSpeculative: Bool
    /// How many items it should bring, for the prefetch arithmetic.
    let expectedCount: Int
    /// `nil` while in flight.
    var result: Result<Page<Item, Key>, any Error>?

    var isInFlight: Bool { result == nil }

    var error: (any Error)? {
        if case .failure(let error) = result { error } else { nil }
    }
}

/// What the demand check reads of one end's pending loads, kept beside them: not generic, so
/// the check that every report of the rows on screen makes (most start nothing) reads three
/// numbers instead of walking a generic queue whose types are looked up at run time (issue 29).
struct PendingSummary: Equatable {
    /// Loads queued at the end.
    var count = 0
    /// Rows they are expected to bring.
    var coming = 0
    /// Whether one of them failed (the end waits for a retry).
    var hasFailure = false

    init() {}

    init<Item, Key>(_ queue: [PendingLoad<Item, Key>]) {
        count = queue.count
        for load in queue {
            coming += load.expectedCount
            if load.error != nil { hasFailure = true }
        }
    }
}
