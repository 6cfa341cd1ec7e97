import Foundation
import RandomUserAPI

/// What `--dump-state FILE` writes on exit: the identities loaded, in row order, and any
/// person who was shown at two different rows (there should be none).
struct StateDump: Codable, Equatable {
    struct Duplicate: Codable, Equatable {
        let id: String
        let firstRow: Int
        let otherRow: Int
    }

    /// Where people came from.
    let source: String
    /// The list's seed, as the server reported it.
    let seed: String?
    /// Rows on the list, dropped pages included.
    let rows: Int
    /// The selected row.
    let selection: Int
    /// The loaded people's identities, by row (`login.uuid`, or a content hash).
    let loaded: [LoadedRow]
    /// How many different people were shown since the list began (or was last refreshed).
    let seenPeople: Int
    /// People shown at two different rows.
    let duplicates: [Duplicate]

    struct LoadedRow: Codable, Equatable {
        let row: Int
        let id: String
    }

    @MainActor
    init<Source>(_ model: PeopleViewModel<Source>) {
        source = model.sourceLabel
        seed = model.status.seed?.raw
        rows = model.rowCount
        selection = model.selection
        let items = model.feed.items
        loaded = items.indices.map { LoadedRow(row: $0, id: items[$0].id) }
        seenPeople = model.seen.rowOf.count
        duplicates = model.seen.duplicates.map { Duplicate(id: $0.id, firstRow: $0.first, otherRow: $0.again) }
    }

    /// Writes the dump as pretty JSON, atomically.
    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
