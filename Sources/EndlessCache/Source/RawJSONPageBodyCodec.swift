import Endless
import EndlessHTTP
import Foundation

/// Pages as the service sent their items: `{"form":"sent-items/1","key":…,"previousKey":…,
/// "nextKey":…,"items":[…]}`, each item the value it was read from
/// (`RawJSONRepresentable.rawJSON`: its keys in their order, fields no model knows, numbers
/// with their digits), read back by the model's own reader. So a page from the cache is the
/// page the network gave, and what a feed shows or prints offline is what it did online.
///
/// A body in any other form (a page kept by an older build, which held the models' own
/// encoding) reads as nil: a miss, and the copy is deleted.
public struct RawJSONPageBodyCodec<Item: RawJSONRepresentable & Identifiable & Sendable, Key: Codable & Hashable & Sendable>:
    PageBodyCodec
{
    /// What the `form` member of a body in this form says.
    static var form: String { "sent-items/1" }

    /// Creates the codec.
    public init() {}

    /// Encodes a page with each item as the service sent it.
    ///
    /// - Parameter page: the page the network sent.
    /// - Returns: its body, or nil when a key cannot be encoded.
    public func body(of page: Page<Item, Key>) -> Data? {
        guard let key = PageKeyCodec<Key>.text(of: page.key), let previous = PageKeyCodec<Key>.text(of: page.previousKey),
            let next = PageKeyCodec<Key>.text(of: page.nextKey)
        else { return nil }
        // Bytes first, one `Data` at the end; the items by index through their buffer, so none
        // is copied out to read its JSON (an item is a large value, copied with every string
        // it holds retained).
        var body: [UInt8] = []
        body.reserveCapacity(96 + key.utf8.count + previous.utf8.count + next.utf8.count)
        body.append(contentsOf: #"{"form":""#.utf8)
        body.append(contentsOf: Self.form.utf8)
        body.append(contentsOf: #"","key":"#.utf8)
        body.append(contentsOf: key.utf8)
        body.append(contentsOf: #","previousKey":"#.utf8)
        body.append(contentsOf: previous.utf8)
        body.append(contentsOf: #","nextKey":"#.utf8)
        body.append(contentsOf: next.utf8)
        body.append(contentsOf: #","items":["#.utf8)
        page.items.withUnsafeBufferPointer { items in
            for index in items.indices {
                if index > 0 { body.append(UInt8(ascii: ",")) }
                items[index].rawJSON.bytes.withUnsafeBytes { body.append(contentsOf: $0) }
            }
        }
        body.append(contentsOf: "]}".utf8)
        return Data(body)
    }

    /// Decodes a page this codec encoded, reading each item from its JSON.
    ///
    /// - Parameter body: what ``body(of:)`` made.
    /// - Returns: the page, or nil when the body is in another form or an item or key no
    ///   longer reads.
    public func page(from body: Data) -> Page<Item, Key>? {
        guard let stored = try? RawJSON(parsing: body), stored["form"]?.string == Self.form,
            let elements = stored["items"]?.elements
        else { return nil }
        var items: [Item] = []
        items.reserveCapacity(elements.count)
        for element in elements {
            guard let item = try? Item(rawJSON: element) else { return nil }
            items.append(item)
        }
        guard let key = Self.key(stored["key"]), let previous = Self.key(stored["previousKey"]),
            let next = Self.key(stored["nextKey"])
        else { return nil }
        return Page(items: items, previousKey: previous, nextKey: next, key: key)
    }

    /// A stored key: `.some(nil)` for `null`, nil when it is missing or no longer a `Key`.
    private static func key(_ value: RawJSON?) -> Key?? {
        guard let value else { return nil }
        if value.kind == .null { return .some(nil) }
        return PageKeyCodec<Key>.key(from: value.bytes).map { .some($0) }
    }
}
