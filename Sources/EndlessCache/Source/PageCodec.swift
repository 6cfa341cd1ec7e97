import Endless
import Foundation
import Synchronization

/// A page as the cache stores it: its items and its neighbours' keys, as JSON.
struct PageBody<Item: Codable, Key: Codable>: Codable {
    var items: [Item]
    var previousKey: Key?
    var nextKey: Key?
    var key: Key?
}

/// Turns pages and keys into the bytes and text the store keeps, and back.
///
/// Keys are encoded with sorted object keys, so the same key always gives the same text
/// and finds the same row. A stored page that no longer decodes (its item type changed in a
/// newer build) is reported as nil: a miss, never an error.
enum PageCodec<Item: Codable & Identifiable & Sendable, Key: Codable & Hashable & Sendable> {
    /// The text a key (or no key) is stored under: `2`, `{"page":3,"seed":"abc"}`, `null`.
    /// - Parameter key: the key, or nil for "the first page, however the source defines it".
    /// - Returns: the JSON text, or nil when the key cannot be encoded (it is then not cached).
    static func text(of key: Key?) -> String? {
        PageKeyCodec<Key>.text(of: key)
    }

    /// The key stored as `text`.
    /// - Parameter text: what ``text(of:)`` made.
    /// - Returns: the key, or nil when the text is not one (a key type changed since).
    static func key(from text: String) -> Key? {
        PageKeyCodec<Key>.key(from: Data(text.utf8))
    }

    /// The bytes a page is stored as.
    /// - Parameter page: the page the network sent.
    /// - Returns: its JSON, or nil when an item cannot be encoded (it is then not cached).
    static func body(of page: Page<Item, Key>) -> Data? {
        let body = PageBody(items: page.items, previousKey: page.previousKey, nextKey: page.nextKey, key: page.key)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return try? encoder.encode(body)
    }

    /// The page stored as `data`.
    /// - Parameter data: what ``body(of:)`` made.
    /// - Returns: the page, or nil when it does not decode.
    static func page(from data: Data) -> Page<Item, Key>? {
        guard let body = try? JSONDecoder().decode(PageBody<Item, Key>.self, from: data) else { return nil }
        return Page(items: body.items, previousKey: body.previousKey, nextKey: body.nextKey, key: body.key)
    }
}

/// Page keys as the text they are stored under, whatever the items.
enum PageKeyCodec<Key: Codable & Hashable & Sendable> {
    /// `2`, `{"page":3,"seed":"abc"}`, `null`: object keys sorted, so the same key is always
    /// the same text; nil when the key cannot be encoded.
    static func text(of key: Key?) -> String? {
        guard let key else { return "null" }
        if let known = RecentKeyTexts.shared.text(of: key) { return known }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(key) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        RecentKeyTexts.shared.remember(text, of: key)
        return text
    }

    /// The key stored as `text`; nil when it is not one (a key type changed since).
    static func key(from text: Data) -> Key? {
        try? JSONDecoder().decode(Key.self, from: text)
    }
}

/// The texts of the page keys encoded last. A page's key is written as its own key, as the
/// next key of the page before it and the previous key of the page after, and as the
/// address each of them is stored at: the same few keys, each encoded by `JSONEncoder` (some
/// twenty thousand instructions) half a dozen times a page.
private final class RecentKeyTexts: Sendable {
    static let shared = RecentKeyTexts()
    /// The most keys kept: a page's own and its neighbours', for a few feeds at once.
    static let capacity = 16

    /// Most recent last; keys of every type (a key of another type is never equal).
    private let recent = Mutex<[(key: any Hashable & Sendable, text: String)]>([])

    func text<Key: Hashable & Sendable>(of key: Key) -> String? {
        recent.withLock { recent in recent.last { ($0.key as? Key) == key }?.text }
    }

    func remember<Key: Hashable & Sendable>(_ text: String, of key: Key) {
        recent.withLock { recent in
            recent.removeAll { ($0.key as? Key) == key }
            if recent.count >= Self.capacity { recent.removeFirst() }
            recent.append((key, text))
        }
    }
}
