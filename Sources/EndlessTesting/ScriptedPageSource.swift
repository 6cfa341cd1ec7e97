import Endless
import Synchronization

/// A `PageSource` that does what a test tells it: pages of numbered items, latency on a test
/// clock, failures, duplicates, repeated keys, an end of list, and a gate the test opens, with
/// a record of every request. Like Android Paging's `TestPager`, it is public so you can test
/// your own screens and view models against a `Feed` without a network.
///
/// Keys are page numbers from 0. Page `p` holds items at positions `p × pageSize ..< (p + 1) ×
/// pageSize` (fewer at the end of the list); its previous key is `p − 1` (none for page 0) and
/// its next key `p + 1` (none after `pageCount`). A refresh with no key loads page 0. Pages
/// are the same every time they are loaded, so dropped pages reload identically. Keys are
/// known in advance (``key(after:)``), so a feed may load several pages at once, unless the
/// source is made to behave like a cursor API (`keysKnownInAdvance: false`).
///
/// ```swift
/// let clock = ManualClock()
/// let source = ScriptedPageSource(pageCount: 3, gated: true)
/// let feed = Feed(source: source, clock: clock)
///
/// feed.loadFirstPageIfNeeded()
/// await source.waitingRequests(atLeast: 1)     // the refresh is at the gate
/// source.script(.failure(ScriptedFailure()), forPage: 1)
/// source.openGate()
/// await feed.wait { $0.items.count == 20 }
/// feed.itemAppeared(at: 19)                    // asks for page 1, which fails
/// await feed.wait { $0.loadStates.append.error != nil }
/// #expect(source.requests.map(\.key) == [nil, 1])
/// ```
public final class ScriptedPageSource<Item: Identifiable & Sendable>: PageSource, Sendable {
    /// Page numbers, from 0.
    public typealias Key = Int

    /// What one scripted load answers instead of the page it asked for.
    public enum Response: Sendable {
        /// Throw this error.
        case failure(any Error)
        /// Answer these items (keys as usual).
        case items([Item])
        /// Answer the items of another page: a page of duplicates.
        case itemsOfPage(Int)
        /// Answer the page, but give its own key as its next key (and previous key).
        case repeatingKey
        /// Answer the page, but with no next key: the list ends here.
        case endOfList
        /// Answer only the first `count` items of the page (keys as usual), as a body cut
        /// short that a lenient decoder still accepted would.
        case truncated(keeping: Int)
    }

    /// Items per page.
    public let pageSize: Int
    /// Pages in the list, or `nil` for an endless list.
    public let pageCount: Int?

    let latency: Duration
    let clock: (any Clock<Duration>)?
    let ignoresCancellation: Bool
    let keysKnownInAdvance: Bool
    let makeItem: @Sendable (Int) -> Item
    let state: Mutex<SourceState<Item>>

    /// Creates a source.
    ///
    /// - Parameters:
    ///   - pageSize: items per page.
    ///   - pageCount: pages in the list; `nil` for endless.
    ///   - latency: how long each load takes on `clock` (ignored without a clock).
    ///   - clock: the clock latency is measured on; a test passes its `ManualClock`.
    ///   - gated: whether loads wait at the gate until ``release(_:)`` or ``openGate()``.
    ///   - ignoresCancellation: if `true`, loads finish even when cancelled, as a source that
    ///     does not check for cancellation would (to test that stale results are discarded).
    ///   - keysKnownInAdvance: whether ``key(after:)`` names the next page (page numbers), or
    ///     says nothing, as with cursors.
    ///   - makeItem: the item at a position of the list.
    public init(
        pageSize: Int = 20, pageCount: Int? = nil, latency: Duration = .zero, clock: (any Clock<Duration>)? = nil,
        gated: Bool = false, ignoresCancellation: Bool = false, keysKnownInAdvance: Bool = true,
        makeItem: @escaping @Sendable (Int) -> Item
    ) {
        self.pageSize = max(1, pageSize)
        self.pageCount = pageCount
        self.latency = latency
        self.clock = clock
        self.ignoresCancellation = ignoresCancellation
        self.keysKnownInAdvance = keysKnownInAdvance
        self.makeItem = makeItem
        self.state = Mutex(SourceState<Item>(isGated: gated))
    }

    /// Loads a page: records the request, waits at the gate (if closed), waits the latency,
    /// then answers the first matching script or the page itself.
    ///
    /// - Parameter request: the page wanted.
    /// - Returns: the page.
    /// - Throws: a scripted failure, or `CancellationError` if cancelled while waiting
    ///   (unless the source ignores cancellation).
    public func load(_ request: PageRequest<Int>) async throws -> Page<Item, Int> {
        change { $0.requests.append(request) }
        do {
            try await passGate(key: request.key)
            try await waitLatency()
            if !ignoresCancellation { try Task.checkCancellation() }
        } catch {
            change { $0.cancelledRequests.append(request) }
            throw error
        }
        let page = request.key ?? 0
        let response = change { $0.takeScript(forPage: page) }
        defer { change { $0.completedRequests.append(request) } }
        return try answer(page: page, with: response)
    }

    /// The next page number, while the list goes on; nothing for a cursor-like source.
    ///
    /// - Parameter key: a page number.
    /// - Returns: `key + 1`, or `nil` after the last page or when keys are not known in advance.
    public func key(after key: Int) -> Int? {
        guard keysKnownInAdvance, pageCount.map({ key + 1 < $0 }) ?? true else { return nil }
        return key + 1
    }

    /// The items of a page as the source serves it unscripted.
    ///
    /// - Parameter page: a page number.
    /// - Returns: its items (empty past the end of the list).
    public func items(ofPage page: Int) -> [Item] {
        guard page >= 0, pageCount.map({ page < $0 }) ?? true else { return [] }
        return (page * pageSize..<(page + 1) * pageSize).map(makeItem)
    }

    private func answer(page: Int, with response: Response?) throws -> Page<Item, Int> {
        var items = items(ofPage: page)
        var nextKey: Int? = pageCount.map { page + 1 < $0 } ?? true ? page + 1 : nil
        var previousKey: Int? = page > 0 ? page - 1 : nil
        switch response {
        case nil: break
        case .failure(let error): throw error
        case .items(let scripted): items = scripted
        case .itemsOfPage(let other): items = self.items(ofPage: other)
        case .repeatingKey:
            nextKey = page
            previousKey = page
        case .endOfList: nextKey = nil
        case .truncated(let count): items = Array(items.prefix(max(0, count)))
        }
        return Page(items: items, previousKey: previousKey, nextKey: nextKey, key: page)
    }

    private func waitLatency() async throws {
        guard let clock, latency > .zero else { return }
        if ignoresCancellation {
            // A task of its own, so the caller's cancellation does not reach the sleep.
            let latency = latency
            try? await Task { try await clock.sleep(for: latency) }.value
        } else {
            try await clock.sleep(for: latency)
        }
    }
}

extension ScriptedPageSource where Item == ScriptedItem {
    /// Creates a source of ``ScriptedItem``s, optionally drawn with replacement.
    ///
    /// - Parameters:
    ///   - pageSize: items per page.
    ///   - pageCount: pages in the list; `nil` for endless.
    ///   - latency: how long each load takes on `clock`.
    ///   - clock: the clock latency is measured on.
    ///   - gated: whether loads wait at the gate.
    ///   - ignoresCancellation: whether loads finish even when cancelled.
    ///   - keysKnownInAdvance: whether ``key(after:)`` names the next page.
    ///   - repeatEvery: one item in this many repeats an earlier id, as randomuser.me's draws
    ///     with replacement do; `nil` for all-new items.
    public convenience init(
        pageSize: Int = 20, pageCount: Int? = nil, latency: Duration = .zero, clock: (any Clock<Duration>)? = nil,
        gated: Bool = false, ignoresCancellation: Bool = false, keysKnownInAdvance: Bool = true,
        repeatEvery: Int? = nil
    ) {
        self.init(
            pageSize: pageSize, pageCount: pageCount, latency: latency, clock: clock, gated: gated,
            ignoresCancellation: ignoresCancellation, keysKnownInAdvance: keysKnownInAdvance,
            makeItem: { ScriptedItem.drawn(at: $0, repeatEvery: repeatEvery) })
    }
}
