import Foundation

/// A date as CoinGecko sends it, `2021-11-10T14:24:19.604Z` (ISO 8601 with milliseconds): the
/// text as sent, and the instant when the text is one.
public struct CoinTimestamp: Sendable, Hashable, CustomStringConvertible {
    /// The text as sent.
    public let text: String
    /// The instant, or nil when the text is not an ISO 8601 date and time.
    public let date: Date?

    /// Reads a timestamp.
    /// - Parameter text: e.g. `2021-11-10T14:24:19.604Z`, `2013-07-06T00:00:00Z` or with an
    ///   offset, `2024-03-01T10:00:00+01:00`.
    public init(_ text: String) {
        self.text = text
        date = Self.parse(Array(text.utf8))
    }

    /// The text as sent.
    public var description: String { text }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, by hand: exact, and free of formatter state.
    static func parse(_ bytes: [UInt8]) -> Date? {
        var index = 0
        func number(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return value
        }
        func expect(_ character: Character) -> Bool {
            guard index < bytes.count, let ascii = character.asciiValue,
                bytes[index] == ascii || (character == "T" && bytes[index] == UInt8(ascii: "t"))
            else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2), expect("T"),
            let hour = number(2), expect(":"), let minute = number(2), expect(":"), let second = number(2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                fraction += Double(bytes[index] - UInt8(ascii: "0")) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset = 0
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let hours = number(2), expect(":"), let minutes = number(2), hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        default:
            return nil
        }
        guard index == bytes.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
