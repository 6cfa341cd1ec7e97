// What the page cache reads back from its file, which anything on the machine can have
// written: a page's stored body (each item as the service sent it, and its neighbours' keys),
// a page key's text, and the file itself. Reading may refuse, but must never crash or hang;
// a body that reads must write back as a body that reads as the same page, and a key's text
// must read back as the same key.
import CoinGeckoAPI
import Endless
import Foundation
import FuzzDriver
import Glibc
import RandomUserAPI
import ReqresAPI
import UnsplashAPI

@testable import EndlessCache

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPageCache(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let body = Data(bytes(data, size))
    // "SQLite format 3\0": the inputs that start like a database are tried as the cache's file.
    if body.starts(with: "SQLite format 3\u{0}".utf8) {
        openAsCacheFile(body)
        return 0
    }
    // Each built-in feed's items and keys, as its tab stores them.
    roundTrip(body, RawJSONPageBodyCodec<RandomUser, RandomUserPageSource.Key>())
    roundTrip(body, RawJSONPageBodyCodec<UnsplashPhoto, Int>())
    roundTrip(body, RawJSONPageBodyCodec<ReqresUser, Int>())
    roundTrip(body, RawJSONPageBodyCodec<CoinMarket, CoinPageKey>())
    keyRoundTrip(body, RandomUserPageSource.Key.self)
    keyRoundTrip(body, CoinPageKey.self)
    keyRoundTrip(body, Int.self)
    return 0
}

/// A body that reads as a page writes back as one that reads as the same page.
private func roundTrip<Item, Key>(_ body: Data, _ codec: RawJSONPageBodyCodec<Item, Key>) {
    guard let page = codec.page(from: body) else { return }
    guard let written = codec.body(of: page) else { preconditionFailure("a page read from a body cannot be written") }
    guard let again = codec.page(from: written) else { preconditionFailure("a written body does not read back") }
    precondition(again.items.map(\.id) == page.items.map(\.id), "the items changed on the way back")
    precondition(again.key == page.key && again.previousKey == page.previousKey && again.nextKey == page.nextKey, "the keys changed")
}

/// A key's text reads back as the key, and the key writes as the same text again.
private func keyRoundTrip<Key: Codable & Hashable & Sendable>(_ text: Data, _: Key.Type) {
    guard let key = PageKeyCodec<Key>.key(from: text) else { return }
    guard let written = PageKeyCodec<Key>.text(of: key) else { preconditionFailure("a key read from text cannot be written") }
    precondition(PageKeyCodec<Key>.key(from: Data(written.utf8)) == key, "a key does not read back from its own text")
    precondition(PageKeyCodec<Key>.text(of: key) == written, "a key written twice is two texts")
}

/// The input as `pages.sqlite` in a folder of its own, used as `endless` uses the file: a
/// page read, a saved place, the starred items and the usage counted, then closed. A file
/// the cache cannot use is moved aside and a new one made; nothing it holds may crash a read.
private func openAsCacheFile(_ file: Data) {
    let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("fuzz-page-cache-\(getpid())")
    try? FileManager.default.removeItem(at: folder)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent(PageCache.defaultFileName)
    guard (try? file.write(to: url)) != nil else { return }
    let cache = PageCache(
        fileURL: url, migrations: PageSchema.migrations, busyTimeout: .milliseconds(100), onNotice: { _ in },
        integrityCheckDelay: .zero)
    defer { cache.close() }
    // Where the seed's pages and place are (a users list of 6 a page on the simulator), and
    // where a people page would be: found, a page is read as its tab reads it.
    let users = PageAddress(feed: "users", variant: "simulator  ", key: "1", loadSize: 6)
    if let stored = cache.page(at: users) { _ = RawJSONPageBodyCodec<ReqresUser, Int>().page(from: stored.body) }
    let people = PageAddress(feed: "people", variant: "simulator   ", key: #"{"page":1,"seed":"498ead8724cb47bd"}"#, loadSize: 20)
    if let stored = cache.page(at: people) {
        _ = RawJSONPageBodyCodec<RandomUser, RandomUserPageSource.Key>().page(from: stored.body)
    }
    for address in [users, people] {
        _ = cache.firstPage(requestedAs: PageAddress(feed: address.feed, variant: address.variant, key: "null", loadSize: address.loadSize))
        _ = cache.position(feed: address.feed, variant: address.variant)
        _ = cache.starred(feed: address.feed)
    }
    _ = try? cache.usage()
    _ = try? cache.starredCounts()
}

@main
enum Fuzz {
    static func main() { runFuzzer(fuzzPageCache) }
}
