/// The item a ``ScriptedPageSource`` serves by default: a number, and where it was drawn.
public struct ScriptedItem: Identifiable, Sendable, Hashable, CustomStringConvertible {
    /// The identity the feed deduplicates on.
    public let id: Int
    /// The position in the source's list it was drawn at. Equal to `id` unless the source
    /// draws with replacement (then a repeat carries an earlier item's `id`).
    public let position: Int

    /// Creates an item.
    ///
    /// - Parameters:
    ///   - id: the identity.
    ///   - position: the position it was drawn at; defaults to `id`.
    public init(id: Int, position: Int? = nil) {
        self.id = id
        self.position = position ?? id
    }

    /// The item at a position of a list drawn with replacement, as randomuser.me draws people:
    /// every `repeatEvery`-th position repeats the id of an earlier position, the rest are
    /// new. Deterministic, so a page reloads identically.
    ///
    /// - Parameters:
    ///   - position: the position in the list, from 0.
    ///   - repeatEvery: one position in this many repeats an earlier id; `nil` for no repeats.
    /// - Returns: the item drawn there.
    public static func drawn(at position: Int, repeatEvery: Int?) -> ScriptedItem {
        ScriptedItem(id: id(at: position, repeatEvery: repeatEvery), position: position)
    }

    private static func id(at position: Int, repeatEvery: Int?) -> Int {
        var position = position
        // A repeat points at a position about a page back (so it is still loaded and the feed
        // must skip it); that position may itself be a repeat, hence the loop.
        while let every = repeatEvery, every > 1, position >= every, position % every == every - 1 {
            position -= 1 + (position / every) % 17
        }
        return position
    }

    /// `#<id>`, with `@<position>` when it is a repeat.
    public var description: String { id == position ? "#\(id)" : "#\(id)@\(position)" }
}
