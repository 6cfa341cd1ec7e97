/// What a ``Feed`` itself reports about a misbehaving ``PageSource`` (errors the source throws
/// are passed through unchanged).
public enum FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The source returned a page whose next key (or, for a prepend, previous key) is the
    /// page's own key: following it would load the same page forever. The page is not shown.
    ///
    /// - `key`: the repeated key, as text (keys are generic; this is for people and logs).
    case repeatedKey(direction: LoadDirection, key: String)
    /// `count` pages in a row brought only items already shown (or none). The pages were
    /// accepted (their keys move the feed on); ``Feed/retry()`` loads on.
    case onlyDuplicatePages(direction: LoadDirection, count: Int)
    /// A page dropped to save memory came back different when reloaded by its key (another
    /// number of items, or other items), so it cannot take its old place without moving every
    /// index after it or showing other items at rows already seen. The page is not shown and
    /// its direction fails: ``Feed/retry()`` loads it again (a reload cut short in transit fits
    /// the next time); a source that is not reproducible keeps failing, and a refresh starts
    /// over.
    case pageChanged(direction: LoadDirection, expectedCount: Int, receivedCount: Int)

    /// A sentence a person can act on.
    public var description: String {
        switch self {
        case .repeatedKey(let direction, let key):
            "The source returned the page \(key) as its own \(direction == .prepend ? "previous" : "next") page; "
                + "stopped instead of loading it forever."
        case .onlyDuplicatePages(_, let count):
            "\(count) pages in a row brought nothing new; retry to keep loading."
        case .pageChanged(_, let expected, let received) where expected == received:
            "A page reloaded by its key came back with other items; retry, or refresh to start over."
        case .pageChanged(_, let expected, let received):
            "A page reloaded by its key came back with \(received) items instead of \(expected); "
                + "retry, or refresh to start over."
        }
    }
}
