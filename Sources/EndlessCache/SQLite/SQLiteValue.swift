import Foundation

/// A value bound to a statement's parameter or read from a result column.
enum SQLiteValue: Sendable, Equatable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
    case null
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ExpressibleByFloatLiteral {
    init(integerLiteral value: Int64) { self = .integer(value) }
    init(stringLiteral value: String) { self = .text(value) }
    init(floatLiteral value: Double) { self = .real(value) }
}

extension SQLiteValue {
    /// An `Int` as SQLite's 64-bit integer.
    static func int(_ value: Int) -> SQLiteValue { .integer(Int64(value)) }
}
