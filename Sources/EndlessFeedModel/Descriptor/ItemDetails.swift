import Foundation

/// Everything the details panel shows about one item, whatever the feed: a title, a large
/// picture, labelled fields, and a note while fuller details load or when they failed.
public struct ItemDetails: Hashable, Sendable {
    /// One labelled line: the label is the app's own text, the value came from the network.
    public struct Field: Hashable, Sendable {
        /// The app's label, e.g. `email`.
        public let label: String
        /// The value as received.
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

    /// A line chart beside the fields: a coin's week of prices.
    public struct Chart: Hashable, Sendable {
        /// Which way the series went, for its colour (and for readers without one, the labels say).
        public enum Trend: Hashable, Sendable {
            /// It ended higher than it began.
            case up
            /// It ended lower.
            case down
            /// Where it began.
            case flat
        }

        /// The box's title, e.g. `7 days · usd`.
        public var title: String
        /// The series, oldest first.
        public var values: [Double]
        /// The highest and lowest values, formatted.
        public var highLabel: String
        /// The lowest value, formatted.
        public var lowLabel: String
        /// Labels along the bottom (dates), spread evenly.
        public var timeLabels: [String]
        /// Which way it went.
        public var trend: Trend

        /// Creates a chart.
        /// - Parameters:
        ///   - title: the box's title.
        ///   - values: the series.
        ///   - highLabel: the highest value, formatted.
        ///   - lowLabel: the lowest value, formatted.
        ///   - timeLabels: labels along the bottom.
        ///   - trend: which way it went.
        public init(title: String, values: [Double], highLabel: String, lowLabel: String, timeLabels: [String], trend: Trend) {
            self.title = title
            self.values = values
            self.highLabel = highLabel
            self.lowLabel = lowLabel
            self.timeLabels = timeLabels
            self.trend = trend
        }
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
    /// A chart beside the fields, if the item has one.
    public var chart: Chart?

    /// Creates details.
    /// - Parameters:
    ///   - id: the item's identity as text.
    ///   - title: the panel's title.
    ///   - imageURL: the large picture.
    ///   - fields: the labelled fields.
    ///   - note: a note under them.
    ///   - imageAspectRatio: the picture's width over its height, when known.
    ///   - chart: a chart beside them.
    public init(
        id: String, title: UntrustedText, imageURL: URL?, fields: [Field], note: Note? = nil, imageAspectRatio: Double? = nil,
        chart: Chart? = nil
    ) {
        self.id = id
        self.title = title
        self.imageURL = imageURL
        self.imageAspectRatio = imageAspectRatio
        self.fields = fields
        self.note = note
        self.chart = chart
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
