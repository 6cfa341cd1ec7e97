import EndlessShared
import Foundation
import Synchronization

/// The URLs parsed last from the texts a service sent, by text.
///
/// A feed's rows name the same pictures again and again: the people service has some two
/// hundred portraits for any number of people. Parsing one (`URL(string:)`: an RFC 3986 parse
/// and a new object) for the row entering the screen, once a key of a held `j`, was 2 % of the
/// key's CPU, some 10 µs (issue 29). A text seen lately is parsed once; one not seen (a photo's
/// own address) costs a lookup more. At most ``capacity`` texts of ``textBytes`` bytes in
/// all are kept, the least recently used given up first, whatever the length of a session or
/// of the texts a service sends (a text longer than that is parsed and not kept).
final class RecentURLs: Sendable {
    /// The memo the feeds share.
    static let shared = RecentURLs()
    /// The most texts kept: every portrait of the people service, twice over.
    static let capacity = 512
    /// The most bytes of text kept: a portrait's address is some sixty.
    static let textBytes = 64 * 1024

    private let parsed = Mutex(LRUList<String, URL>(costLimit: textBytes, countLimit: capacity))

    /// `URL(string: text)`, parsed again only if `text` was not among the last parsed.
    func url(_ text: String) -> URL? {
        if let known = parsed.withLock({ $0.value(for: text) }) { return known }
        guard let url = URL(string: text) else { return nil }
        parsed.withLock { $0.insert(url, for: text, cost: text.utf8.count) }
        return url
    }

    /// How many texts are kept (for tests).
    var count: Int { parsed.withLock { $0.count } }
}
