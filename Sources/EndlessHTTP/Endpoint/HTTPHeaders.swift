/// An ordered list of HTTP header fields with case-insensitive lookup.
///
/// Header names are case-insensitive on the wire (RFC 9110 §5.1), so `headers["content-type"]`
/// finds a `Content-Type` field. Order and the original spelling are kept for logs and cURL.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field: a name and its value.
    public struct Field: Sendable, Hashable {
        /// The field name as given, for example `Content-Type`.
        public var name: String
        /// The field value.
        public var value: String

        /// Creates a field.
        ///
        /// - Parameters:
        ///   - name: The field name.
        ///   - value: The field value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    private var fields: [Field]

    /// Creates headers from fields, keeping their order.
    ///
    /// - Parameter fields: The fields; repeated names are kept as separate fields.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// Creates headers from a dictionary literal, such as `["Accept": "application/json"]`.
    ///
    /// - Parameter elements: Name and value pairs, in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The first value for `name`, compared case-insensitively; setting replaces every field
    /// with that name, and setting `nil` removes them.
    ///
    /// - Parameter name: The header name, in any case.
    public subscript(name: String) -> String? {
        get {
            let key = name.lowercased()
            return fields.first { $0.name.lowercased() == key }?.value
        }
        set {
            let key = name.lowercased()
            guard let first = fields.firstIndex(where: { $0.name.lowercased() == key }) else {
                if let newValue { fields.append(Field(name: name, value: newValue)) }
                return
            }
            guard let newValue else {
                fields.removeAll { $0.name.lowercased() == key }
                return
            }
            fields[first].value = newValue
            fields = fields.enumerated()
                .filter { $0.offset == first || $0.element.name.lowercased() != key }
                .map(\.element)
        }
    }

    /// Appends a field, keeping any existing field with the same name.
    ///
    /// - Parameters:
    ///   - name: The field name.
    ///   - value: The field value.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// Iterates over the fields in order.
    ///
    /// - Returns: An iterator over the fields.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    /// The fields in a canonical form (lower-cased names, sorted), so that two header lists
    /// that mean the same thing compare equal when deduplicating requests.
    var canonicalForm: [String] {
        fields.map { "\($0.name.lowercased()):\($0.value)" }.sorted()
    }
}
