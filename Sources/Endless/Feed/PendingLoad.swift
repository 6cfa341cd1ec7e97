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
