import Endless
import EndlessHTTP
import Foundation
import Testing

@testable import EndlessCache

/// Pages keep each item as the service sent it, and pages of older builds are forgotten, never
/// misread.
@Suite("Raw JSON pages: items as sent, older pages dropped")
struct RawJSONPageBodyCodecTests {
    /// An item that reads only its id and keeps the rest as sent (`Codable` as its JSON text,
    /// as a page cache item must be).
    struct Note: RawJSONRepresentable, Identifiable, Equatable, Codable {
        let id: String
        let rawJSON: RawJSON

        init(rawJSON: RawJSON) throws {
            guard let id = rawJSON["id"]?.string else { throw CocoaError(.coderValueNotFound) }
            self.id = id
            self.rawJSON = rawJSON
        }

        init(from decoder: any Decoder) throws {
            try self.init(rawJSON: RawJSON(parsing: Array(try decoder.singleValueContainer().decode(String.self).utf8)))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawJSON.text)
        }
    }

    typealias Codec = RawJSONPageBodyCodec<Note, Int>

    static func notes(_ texts: [String]) throws -> [Note] {
        try texts.map { try Note(rawJSON: RawJSON(parsing: Array($0.utf8))) }
    }

    @Test("items come back byte for byte as sent: key order, unknown fields, number digits, escapes; keys too")
    func roundTrip() throws {
        let items = try Self.notes([
            #"{"zeta":1.50,"id":"a","nested":{"lat":45.5016889,"n":null},"text":"line\r\nbreak\u2028"}"#,
            #"{"id":"b","big":1e999999999,"id2":"b"}"#,
        ])
        let page = Page(items: items, previousKey: 2, nextKey: 4, key: 3)
        let body = try #require(Codec().body(of: page))
        let back = try #require(Codec().page(from: body))
        #expect(back.items == items)
        #expect(back.items.map(\.rawJSON.text) == items.map(\.rawJSON.text))
        #expect(back.key == 3 && back.previousKey == 2 && back.nextKey == 4)
        let firstBody = try #require(Codec().body(of: Page(items: items, previousKey: nil, nextKey: nil, key: nil)))
        let first = try #require(Codec().page(from: firstBody))
        #expect(first.key == nil && first.previousKey == nil && first.nextKey == nil)
        #expect(try RawJSON(parsing: body)["form"]?.string == "sent-items/1", "a body says its form")
    }

    /// Notes from memory: a source of items that keep their JSON.
    struct NoteSource: PageSource {
        let notes: [Note]
        func load(_ request: PageRequest<Int>) async throws -> Page<Note, Int> {
            Page(items: notes, previousKey: nil, nextKey: nil, key: request.key ?? 1)
        }
    }

    @Test("a source of items that keep their JSON is cached with them as sent, without being told")
    func chosenByDefault() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let notes = try Self.notes([#"{"id":"a","unknown":[1.0,2E3]}"#])
        let source = CachedPageSource(NoteSource(notes: notes), cache: PageCacheFixtures.cache(in: directory), feed: "notes", policy: .neverStale)
        #expect(source.codec is Codec)
        _ = try await source.load(PageRequest(direction: .refresh, key: nil, loadSize: 5))
        let offline = CachedPageSource(
            NoteSource(notes: []), cache: PageCacheFixtures.cache(in: directory), feed: "notes", policy: .neverStale, mode: .offline)
        let page = try await offline.load(PageRequest(direction: .refresh, key: nil, loadSize: 5))
        #expect(page.items.map(\.rawJSON.text) == [#"{"id":"a","unknown":[1.0,2E3]}"#])
    }

    @Test(
        "a body in another form, damaged, or with an item that no longer reads is a miss, never a crash",
        arguments: [
            #"{"items":[{"id":"a"}],"previousKey":null,"nextKey":2,"key":1}"#,  // an older build's JSONPageBodyCodec form
            #"{"results":[{"id":"a"}],"info":{"seed":"s","page":1}}"#,  // an older build's people form
            #"{"form":"sent-items/9","key":1,"previousKey":null,"nextKey":null,"items":[]}"#,
            #"{"form":"sent-items/1","key":"one","previousKey":null,"nextKey":null,"items":[]}"#,
            #"{"form":"sent-items/1","key":1,"previousKey":null,"nextKey":null,"items":[{"no":"id"}]}"#,
            #"{"form":"sent-items/1","key":1,"items":[{"id":"a"}"#,
            "",
        ])
    func misses(_ body: String) {
        #expect(Codec().page(from: Data(body.utf8)) == nil)
    }

    @Test("opening a file of schema 2 drops its pages (each item re-encoded, not as sent) and keeps where each list was left")
    func migrationDropsOldPages() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        do {
            let old = try SQLiteDatabaseTests.database(directory)
            try Migrator.migrate(old, to: Array(PageSchema.migrations.prefix(2)))
            try old.prepare(
                """
                INSERT INTO pages (feed, variant, page_key, load_size, body, item_count, bytes, fetched_at, used)
                VALUES ('people', '', 'null', 20, '{"items":[]}', 3, 100, 0, 1)
                """
            ).run()
            try old.prepare("INSERT INTO first_pages VALUES ('people', '', 'null', 20, 1)").run()
            try old.prepare("INSERT INTO positions VALUES ('people', '', '2', 20, 'uuid-7', 0)").run()
        }
        let database = try SQLiteDatabaseTests.database(directory)
        let result = try Migrator.migrate(database, to: PageSchema.migrations)
        #expect(result.from == 2 && result.to == PageSchema.latestVersion)
        #expect(try database.prepare("SELECT COUNT(*) FROM pages").firstRow { $0.int(0) } == 0)
        #expect(try database.prepare("SELECT COUNT(*) FROM first_pages").firstRow { $0.int(0) } == 0)
        #expect(try database.prepare("SELECT items, bytes FROM feed_usage WHERE feed = 'people'").firstRow { [$0.int(0), $0.int(1)] } == [0, 0])
        #expect(try database.prepare("SELECT item_id FROM positions").firstRow { $0.text(0) } == "uuid-7")
        #expect(try database.quickCheck() == [])
    }
}
