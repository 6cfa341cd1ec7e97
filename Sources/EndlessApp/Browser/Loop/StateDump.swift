import Endless
import EndlessFeedModel
import Foundation

/// What `--dump-state FILE` writes on exit: for every tab, the identities loaded, in row order,
/// and any item that was shown at two different rows (there should be none).
struct StateDump: Codable, Equatable {
    /// One tab's state.
    struct Tab: Codable, Equatable {
        struct Duplicate: Codable, Equatable {
            let id: String
            let firstRow: Int
            let otherRow: Int
        }

        struct LoadedRow: Codable, Equatable {
            let row: Int
            let id: String
        }

        /// The feed: `people`, `users`…
        let feed: String
        /// Where its items came from.
        let source: String
        /// The list's seed, as the server reported it.
        let seed: String?
        /// Rows on the list, dropped pages included.
        let rows: Int
        /// The selected row.
        let selection: Int
        /// The loaded items' identities, by row.
        let loaded: [LoadedRow]
        /// How many different items were shown since the list began (or was last refreshed).
        let seenItems: Int
        /// Items shown at two different rows.
        let duplicates: [Duplicate]

        @MainActor
        init<Source>(_ model: FeedViewModel<Source>, feed kind: FeedID) {
            feed = kind.name
            source = model.descriptor.sourceLabel
            seed = model.status.seed?.raw
            rows = model.rowCount
            selection = model.selection
            let items = model.feed.items
            loaded = items.indices.map { LoadedRow(row: $0, id: String(describing: items[$0].id)) }
            seenItems = model.seen.rowOf.count
            duplicates = model.seen.duplicates.map { Duplicate(id: $0.id, firstRow: $0.first, otherRow: $0.again) }
        }
    }

    /// The tab shown when the browser quit.
    let active: String
    /// Every tab, in tab order.
    let tabs: [Tab]

    /// Writes the dump as pretty JSON, atomically.
    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
