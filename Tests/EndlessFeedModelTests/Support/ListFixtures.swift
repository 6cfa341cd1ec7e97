import Endless
import EndlessTesting
import Foundation

@testable import EndlessFeedModel

/// A list of numbered entries for the view model's tests: no feed of the app, no terminal.
enum ListFixtures {
    /// One row of the list: `entry-7`, titled `Entry 7`.
    struct Entry: Identifiable, Sendable, Hashable {
        let id: String
        let title: String
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String { "the test server said no" }
    }

    static let now = Date(timeIntervalSince1970: 1_780_000_000)

    static func entry(_ number: Int) -> Entry {
        Entry(id: "entry-\(number)", title: "Entry \(number)")
    }

    /// A source of numbered entries, 20 a page, on `clock`.
    static func source(
        clock: ManualClock, pageCount: Int? = nil, latency: Duration = .zero, gated: Bool = false
    ) -> ScriptedPageSource<Entry> {
        ScriptedPageSource(pageSize: 20, pageCount: pageCount, latency: latency, clock: clock, gated: gated, makeItem: entry)
    }

    typealias Model = FeedViewModel<ScriptedPageSource<Entry>>

    /// Entries with a title and a field; key 0 is page 1 of seed `seed-0`.
    static func descriptor() -> FeedDescriptor<Entry, Int> {
        FeedDescriptor(
            nouns: Nouns("entry", "entries"), sourceLabel: "test source",
            describeKey: { PageLabel(seed: UntrustedText("seed-\($0 / 100)"), page: $0 + 1) },
            details: { entry, _ in
                var fields = ItemDetails.Builder()
                fields.add("title", entry.title)
                return ItemDetails(id: entry.id, title: UntrustedText(entry.title), imageURL: nil, fields: fields.fields)
            })
    }

    /// A view model over `source`, without images, with `clock` for the feed and the model.
    @MainActor
    static func model(
        _ source: ScriptedPageSource<Entry>, clock: ManualClock,
        configuration: FeedConfiguration = FeedConfiguration(pageSize: 20, minimumIndicatorDuration: .zero),
        openingKey: Int? = nil, reselecting: String? = nil
    ) -> Model {
        let feed =
            openingKey.map { Feed(source: source, configuration: configuration, openingKey: $0, clock: clock) }
            ?? Feed(source: source, configuration: configuration, clock: clock)
        let model = FeedViewModel(feed: feed, descriptor: descriptor(), images: nil, reselecting: reselecting, clock: clock, now: { now })
        model.feedRowGroup = 1  // the tests count the pages the rows on screen load
        return model
    }
}

extension FeedViewModel {
    /// Waits until `condition` holds, re-checking whenever anything it reads changes.
    @discardableResult
    func wait(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        until condition: @escaping (FeedViewModel) -> Bool
    ) async -> Bool {
        await feed.wait(fileID: fileID, filePath: filePath, line: line, column: column) { _ in condition(self) }
    }
}

extension FeedViewModel where Source.Item == ListFixtures.Entry {
    /// The ids of the entries loaded in `range`.
    func ids(in range: Range<Int>) -> [String] {
        rows(in: range).map(\.item.id)
    }
}
