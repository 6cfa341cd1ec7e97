/// A page of a market list: which list (each refresh starts a new one) and which page of
/// `per_page` coins, from 1.
public struct CoinPageKey: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The list the page belongs to: pages of an older list are not reconciled with this one.
    public let list: Int
    /// The page, from 1, in units of the source's `per_page`.
    public let page: Int

    /// Creates a key.
    /// - Parameters:
    ///   - list: the list's number.
    ///   - page: the page, from 1.
    public init(list: Int, page: Int) {
        self.list = list
        self.page = page
    }

    /// `list 3 page 2`.
    public var description: String { "list \(list) page \(page)" }
}
