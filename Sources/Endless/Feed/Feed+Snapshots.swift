// State for consumers that do not use Observation.
extension Feed {
    /// The feed's state as an `AsyncSequence`: the current snapshot at once, then a new one
    /// after every change.
    ///
    /// The latest state wins: each stream buffers only the newest snapshot, so a slow reader
    /// skips intermediate states (a page committed and its follow-up load started show as one)
    /// but always ends on the current one, and never falls behind or grows a queue. Each call
    /// makes an independent stream. Streams finish when the feed goes away.
    ///
    /// ```swift
    /// for await snapshot in feed.snapshots() {
    ///     render(snapshot.items, footer: snapshot.loadStates.append)
    /// }
    /// ```
    ///
    /// - Returns: a stream of snapshots.
    public func snapshots() -> AsyncStream<FeedSnapshot<Source.Item, Source.Key>> {
        broadcaster.subscribe(current: snapshot)
    }

    /// The feed's state now.
    public var snapshot: FeedSnapshot<Source.Item, Source.Key> {
        FeedSnapshot(items: store.items, loadStates: loadStates, pageKeys: store.pageKeys)
    }

    /// Sends the current state to every snapshot stream (skipped when nobody listens).
    func publish() {
        guard broadcaster.hasSubscribers else { return }
        broadcaster.yield(snapshot)
    }
}
