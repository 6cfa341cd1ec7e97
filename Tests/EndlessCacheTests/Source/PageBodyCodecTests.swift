import Endless
import Foundation
import Testing

@testable import EndlessCache

/// A feed's own form for its pages, and pages kept in an older form.
@Suite("Page body codecs: a feed's own form, and older forms written again")
struct PageBodyCodecTests {
    /// Rows as `rows v2:<ids>;<edition>;<key>`; reads the plain JSON form as "v1".
    struct CompactRows: PageBodyCodec {
        static let prefix = Data("rows v2:".utf8)

        func body(of page: Page<Row, Int>) -> Data? {
            guard let key = page.key, let edition = page.items.first?.edition else { return nil }
            return Self.prefix + Data("\(page.items.map { String($0.id) }.joined(separator: ",")),\(edition),\(key)".utf8)
        }

        func page(from body: Data) -> Page<Row, Int>? {
            guard isCurrentForm(body) else { return JSONPageBodyCodec<Row, Int>().page(from: body) }
            let fields = String(decoding: body.dropFirst(Self.prefix.count), as: UTF8.self).split(separator: ",").compactMap { Int($0) }
            guard fields.count >= 3 else { return nil }
            let key = fields[fields.count - 1], edition = fields[fields.count - 2]
            return Page(
                items: fields.dropLast(2).map { Row(id: $0, edition: edition) }, previousKey: key > 0 ? key - 1 : nil,
                nextKey: key + 1, key: key)
        }

        func isCurrentForm(_ body: Data) -> Bool { body.starts(with: Self.prefix) }
    }

    static let refresh = PageRequest<Int>(direction: .refresh, key: nil, loadSize: 5)

    @Test("pages go to the store in the feed's form and come back from it")
    func ownForm() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let network = NetworkSource()
        let first = try await CachedPageSource(
            network, cache: PageCacheFixtures.cache(in: directory), feed: "rows", policy: .neverStale, codec: CompactRows()
        ).load(Self.refresh)

        let cache = PageCacheFixtures.cache(in: directory)
        let stored = try #require(cache.firstPage(requestedAs: PageAddress(feed: "rows", variant: "", key: "null", loadSize: 5)))
        #expect(stored.body.starts(with: CompactRows.prefix))
        network.isDown = true
        let again = try await CachedPageSource(network, cache: cache, feed: "rows", policy: .neverStale, codec: CompactRows())
            .load(Self.refresh)
        #expect(again.items == first.items && again.key == first.key && again.nextKey == first.nextKey)
        #expect(network.requestCount == 1)
    }

    @Test("a page kept in the older JSON form is read, then written again in the feed's form; its size is counted anew")
    func olderFormRewritten() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let network = NetworkSource()
        let first = try await CachedPageSource(network, cache: PageCacheFixtures.cache(in: directory), feed: "rows", policy: .neverStale)
            .load(Self.refresh)
        let cache = PageCacheFixtures.cache(in: directory)
        let address = PageAddress(feed: "rows", variant: "", key: "null", loadSize: 5)
        let jsonBytes = try #require(try cache.usage().first).bytes
        let before = try #require(cache.firstPage(requestedAs: address))
        #expect(!before.body.starts(with: CompactRows.prefix))

        network.isDown = true
        let source = CachedPageSource(network, cache: cache, feed: "rows", policy: .neverStale, codec: CompactRows())
        let read = try await source.load(Self.refresh)

        #expect(read.items == first.items && read.key == first.key)
        let stored = try #require(cache.firstPage(requestedAs: address))
        #expect(stored.body.starts(with: CompactRows.prefix))
        #expect(stored.id == before.id && stored.fetchedAt == before.fetchedAt)
        let usage = try #require(try cache.usage().first)
        #expect(usage.bytes == jsonBytes - before.body.count + stored.body.count)
        #expect(usage.bytes < jsonBytes, "the compact form is smaller, and the feed's total says so")
        #expect(usage.pages == 1)
    }

    /// A key of its own type that looks like another's.
    struct SeededKey: Codable, Hashable, Sendable {
        var seed: String
        var page: Int
    }

    @Test("a key's text is its sorted JSON, the same when asked again, and never another type's or another key's")
    func keyTexts() {
        func encoded(_ key: some Encodable) -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return (try? encoder.encode(key)).map { String(decoding: $0, as: UTF8.self) } ?? "?"
        }
        #expect(PageKeyCodec<Int>.text(of: nil) == "null")
        #expect(PageKeyCodec<SeededKey>.text(of: nil) == "null")
        // More keys than are kept, each asked three times, interleaved with keys of other types.
        for round in 0..<3 {
            for page in 0..<40 {
                let seeded = SeededKey(seed: "s/\(page % 3)", page: page)
                #expect(PageKeyCodec<SeededKey>.text(of: seeded) == encoded(seeded), "round \(round)")
                #expect(PageKeyCodec<Int>.text(of: page) == "\(page)")
                #expect(PageKeyCodec<String>.text(of: "\(page)") == "\"\(page)\"", "a string, not the integer")
            }
        }
        #expect(PageKeyCodec<SeededKey>.text(of: SeededKey(seed: "a/b", page: 2)) == #"{"page":2,"seed":"a/b"}"#)
    }
}
