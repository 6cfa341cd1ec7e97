import Endless
import EndlessCache
import EndlessFeedModel
import EndlessHTTP

/// The orders a feed can be shown in (`o` in the browser cycles them), declared on its
/// ``FeedDefinition``: by the service (``service(_:_:)``: the feed asks for its pages in that
/// order, so paging stays right), or over the items loaded (``loaded(_:by:)``: for an order
/// the service does not offer, and the header says it covers only those).
public struct FeedSort<Settings: Sendable, Source: PageSource>: Sendable
where Source.Item: Codable & RawJSONRepresentable, Source.Key: Codable {
    /// What the header says: `volume ↓`.
    public let label: String
    let way: Way

    enum Way: Sendable {
        case service(@Sendable (inout Settings) -> Void)
        case loaded(@Sendable (Source.Item, Source.Item) -> Bool)
    }

    /// An order the service sorts by: `apply` sets it on the feed's settings; the tab is made
    /// again from them (its pages cached apart, as its settings make them).
    public static func service(_ label: String, _ apply: @escaping @Sendable (inout Settings) -> Void) -> FeedSort {
        FeedSort(label: label, way: .service(apply))
    }

    /// An order over the items loaded: `by` says whether the first goes before the second.
    public static func loaded(_ label: String, by areInOrder: @escaping @Sendable (Source.Item, Source.Item) -> Bool) -> FeedSort {
        FeedSort(label: label, way: .loaded(areInOrder))
    }
}

/// A feed's orders: what it is sorted by as its settings open it, and the others.
public struct FeedSorting<Settings: Sendable, Source: PageSource>: Sendable
where Source.Item: Codable & RawJSONRepresentable, Source.Key: Codable {
    /// The label of the order the settings open the feed in (`latest`).
    let current: @Sendable (Settings) -> String
    let orders: [FeedSort<Settings, Source>]

    /// - Parameters:
    ///   - current: the label of the order the feed's settings open it in.
    ///   - orders: every order, in the order `o` cycles through them (the current one is skipped).
    public init(current: @escaping @Sendable (Settings) -> String, orders: [FeedSort<Settings, Source>]) {
        self.current = current
        self.orders = orders
    }

    /// The orders to cycle through from `settings`: all but the one they open the feed in.
    func others(than settings: Settings) -> [FeedSort<Settings, Source>] {
        let label = current(settings)
        return orders.filter { $0.label != label }
    }
}

/// The items a feed had loaded, in another order: one page, all of them.
struct LoadedItemsSource<Item: Identifiable & Sendable>: PageSource {
    let items: [Item]

    func load(_ request: PageRequest<Int>) async throws -> Page<Item, Int> {
        Page(items: items, nextKey: nil, key: 0)
    }
}
