import Endless
import Foundation

/// How a feed's pages are kept in the page cache: a page's bytes, and the page back.
///
/// ``RawJSONPageBodyCodec`` keeps each item as the service sent it, for items that keep their
/// JSON (`RawJSONRepresentable`): what the cache gives back is what the network gave.
/// ``JSONPageBodyCodec`` (items and keys through `Codable`) serves any other item.
public protocol PageBodyCodec<Item, Key>: Sendable {
    /// The items of a page.
    associatedtype Item: Identifiable & Sendable
    /// The keys of pages.
    associatedtype Key: Hashable & Sendable

    /// The bytes a page is stored as.
    /// - Parameter page: the page the network sent.
    /// - Returns: its bytes, or nil when it cannot be encoded (it is then not cached).
    func body(of page: Page<Item, Key>) -> Data?

    /// The page stored as `body`.
    /// - Parameter body: what ``body(of:)`` made, possibly in an older build.
    /// - Returns: the page, or nil when it does not decode (a miss: the copy is deleted).
    func page(from body: Data) -> Page<Item, Key>?

    /// Whether `body` is in the form ``body(of:)`` writes now. A page read in an older form
    /// is written again in this one, so it is read the fast way from then on.
    /// - Parameter body: a stored page.
    /// - Returns: true by default.
    func isCurrentForm(_ body: Data) -> Bool
}

extension PageBodyCodec {
    /// A codec with one form: every body is current.
    /// - Parameter body: a stored page.
    /// - Returns: true.
    public func isCurrentForm(_ body: Data) -> Bool { true }
}

/// Pages as JSON: `{"items": […], "previousKey": …, "nextKey": …, "key": …}`, through the
/// items' and keys' `Codable`.
public struct JSONPageBodyCodec<Item: Codable & Identifiable & Sendable, Key: Codable & Hashable & Sendable>: PageBodyCodec {
    /// Creates the codec.
    public init() {}

    /// Encodes a page as JSON, through `Codable`.
    ///
    /// - Parameter page: the page.
    /// - Returns: its JSON.
    public func body(of page: Page<Item, Key>) -> Data? { PageCodec<Item, Key>.body(of: page) }

    /// Decodes a page this codec encoded.
    ///
    /// - Parameter body: JSON made by ``body(of:)``.
    /// - Returns: the page, or nil.
    public func page(from body: Data) -> Page<Item, Key>? { PageCodec<Item, Key>.page(from: body) }
}
