import Foundation

/// What a feed's items link to, declared on its ``FeedDefinition``: the item's web page (`O`
/// opens it in the browser) and what `y` copies (its page, an email, an id).
public struct FeedLinks<Item: Sendable>: Sendable {
    /// The item's page on the web, or nil when it has none; nil when the feed's items have no
    /// pages at all (`O` says so, and help leaves it out).
    let page: (@Sendable (Item) -> URL?)?
    /// What to copy of the item, and what to call it in the status bar (`email`).
    let copy: @Sendable (Item) -> (what: String, text: String)?
    /// What `y` copies, as the key help names it after `copy its` (`email`, `link`).
    let copies: String

    /// - Parameters:
    ///   - page: the item's page on the web (http or https), or nil when it has none; leave it
    ///     out when the feed's items have no pages.
    ///   - copies: what `y` copies, as the key help names it after `copy its`: `email`,
    ///     `link`, `id`.
    ///   - copy: what `y` copies of the item, and its name for the status bar.
    public init(
        page: (@Sendable (Item) -> URL?)? = nil, copies: String,
        copy: @escaping @Sendable (Item) -> (what: String, text: String)?
    ) {
        self.page = page
        self.copies = copies
        self.copy = copy
    }
}
