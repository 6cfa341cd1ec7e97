/// Which feed a tab shows: the word that names it (its tab, `endless <name>`, its pages in the
/// cache) and the number key that selects it. Open: each feed declares its own in its folder
/// under `Feeds/`, and the browser knows none of them. Tabs show in the order of their numbers.
public struct FeedID: Hashable, Sendable, Comparable {
    /// The word that names the tab and selects it on the command line (`endless users`).
    public let name: String
    /// The number whose key selects the tab; fixed as feeds arrive.
    public let number: Int

    /// Declares a feed's identity.
    /// - Parameters:
    ///   - name: the word that names it, lower case.
    ///   - number: its key, 1-9, unique among the feeds.
    public init(name: String, number: Int) {
        self.name = name
        self.number = number
    }

    /// The key that selects the tab: `"1"`, `"2"`…
    public var keyLabel: String { String(number) }

    /// Orders by number: the tab bar's order.
    public static func < (lhs: FeedID, rhs: FeedID) -> Bool { lhs.number < rhs.number }
}
