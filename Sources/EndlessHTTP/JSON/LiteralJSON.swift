/// A JSON document as a tree whose numbers keep the text they were sent as: for reading a
/// value's fields (``RawJSON`` keeps the value itself, as sent).
///
/// CoinGecko sends prices such as `0.00002456`, `2.456e-05` and supplies such as `19812345.0`;
/// a `Double` (or `JSONDecoder`) would turn the last into `19812345` and could round a long
/// price. Here a number is its literal (``Number/literal``), read as a `Double` or an exact
/// decimal only when asked, so prices are formatted from exact digits.
///
/// Objects keep their members in the order sent.
///
/// ```swift
/// let document = try LiteralJSON.parse(Array(#"{"current_price":0.00002456}"#.utf8))
/// document["current_price"]?.number?.literal   // "0.00002456"
/// ```
public enum LiteralJSON: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, as its literal.
    case number(Number)
    /// A string, unescaped.
    case string(String)
    /// An array, in order.
    case array([LiteralJSON])
    /// An object, its members in order.
    case object(Object)

    /// A JSON number as sent: its literal text, valid by RFC 8259's grammar.
    public struct Number: Sendable, Hashable, CustomStringConvertible {
        /// The number's text, e.g. `-1.5e-7`.
        public let literal: String

        /// Wraps a literal the parser has checked (or that the caller knows is valid).
        init(checked literal: String) {
            self.literal = literal
        }

        /// A number from text, if the text is a JSON number.
        /// - Parameter literal: e.g. `96000.5` or `2.456e-05`.
        public init?(_ literal: String) {
            guard LiteralJSON.isNumberLiteral(literal) else { return nil }
            self.literal = literal
        }

        /// The nearest `Double` (`Double.infinity` for literals beyond its range).
        public var double: Double { Double(literal) ?? .nan }

        /// The exact value, as decimal digits.
        public var decimal: DecimalNumber { DecimalNumber(checkedLiteral: literal) }

        /// The value as an `Int`, when it is a whole number that fits (`12`, `12.0`, `1.2e1`).
        public var int: Int? { decimal.int }

        /// The literal.
        public var description: String { literal }
    }

    /// A JSON object, its members in the order sent. A key sent twice reads as its last value,
    /// as JavaScript's `JSON.parse` has it.
    public struct Object: Sendable, Hashable {
        /// One `"key": value` pair.
        public struct Member: Sendable, Hashable {
            /// The member's name.
            public var key: String
            /// The member's value.
            public var value: LiteralJSON

            /// Creates a member.
            /// - Parameters:
            ///   - key: the name.
            ///   - value: the value.
            public init(_ key: String, _ value: LiteralJSON) {
                self.key = key
                self.value = value
            }
        }

        /// The members, in order.
        public var members: [Member]

        /// Creates an object.
        /// - Parameter members: the members, in order.
        public init(_ members: [Member] = []) {
            self.members = members
        }

        /// The value of `key`, or nil when the object has no such member.
        public subscript(key: String) -> LiteralJSON? {
            members.last { $0.key == key }?.value
        }

        /// The keys, in order (a key sent twice appears twice).
        public var keys: [String] { members.map(\.key) }
    }

    /// The value of `key` when this is an object; nil otherwise.
    public subscript(key: String) -> LiteralJSON? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The object, when this is one.
    public var object: Object? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The elements, when this is an array.
    public var array: [LiteralJSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The number, when this is one.
    public var number: Number? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The text, when this is a string.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The truth value, when this is a boolean.
    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool { self == .null }
}
