import Foundation

/// Everything the details panel shows about one item, whatever the feed: a title, a large
/// picture, labelled fields, and a note while fuller details load or when they failed.
public struct ItemDetails: Hashable, Sendable {
    /// One labelled line: the label is the app's own text, the value came from the network.
    public struct Field: Hashable, Sendable {
        public let label: String
        public let value: UntrustedText

        /// Creates a field.
        /// - Parameters:
        ///   - label: the app's label, e.g. `email`.
        ///   - value: the value as received.
        public init(_ label: String, _ value: UntrustedText) {
            self.label = label
            self.value = value
        }
    }

    /// A line under the fields, of the app's own or from the network.
    public enum Note: Hashable, Sendable {
        /// Fuller details are on their way.
        case loading
        /// Fuller details could not be had; what is shown is from the list.
        case failed(UntrustedText)
        /// A line the service sent, e.g. reqres's support text.
        case remark(UntrustedText)
    }

    /// The item's identity, as text: details follow the selection by it.
    public let id: String
    /// The panel's title: a name.
    public var title: UntrustedText
    /// The large picture, if the item has one.
    public var imageURL: URL?
    /// The picture's width over its height, when known before it loads (a photo's): the panel
    /// then draws it as large as the terminal allows, in its own shape.
    public var imageAspectRatio: Double?
    /// Every field, in reading order; empty values are left out by ``Builder``.
    public var fields: [Field]
    /// A note under the fields.
    public var note: Note?

    /// Creates details.
    /// - Parameters:
    ///   - id: the item's identity as text.
    ///   - title: the panel's title.
    ///   - imageURL: the large picture.
    ///   - fields: the labelled fields.
    ///   - note: a note under them.
    ///   - imageAspectRatio: the picture's width over its height, when known.
    public init(
        id: String, title: UntrustedText, imageURL: URL?, fields: [Field], note: Note? = nil, imageAspectRatio: Double? = nil
    ) {
        self.id = id
        self.title = title
        self.imageURL = imageURL
        self.imageAspectRatio = imageAspectRatio
        self.fields = fields
        self.note = note
    }

    /// Collects fields, skipping the ones the server left out or sent empty.
    public struct Builder {
        /// The fields so far.
        public private(set) var fields: [Field] = []

        /// Starts with no fields.
        public init() {}

        /// Adds `label: value` unless the value is nil or empty.
        public mutating func add(_ label: String, _ value: String?) {
            if let value, !value.isEmpty { fields.append(Field(label, UntrustedText(value))) }
        }
    }
}
