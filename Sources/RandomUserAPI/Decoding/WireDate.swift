import Foundation

/// The date formats randomuser.me has sent, parsed and written by hand.
///
/// Hand-written because the formats are fixed and few, a 5,000-user page holds 10,000 dates,
/// and `ISO8601DateFormatter` is both slow and unable to read the v1.1 form. Every form is
/// read as UTC: v1.2+ say so with `Z`, and v1.0 sends unix seconds.
enum WireDate {
    /// Parses `1951-11-01T17:49:27.423Z` (v1.3+), `1983-07-14T07:29:45Z` (v1.2), an explicit
    /// `±HH:MM` / `±HHMM` offset, or `1968-06-11 04:46:39` (v1.1, no zone: read as UTC).
    /// - Returns: the instant, or nil when the text is none of those forms or names an
    ///   impossible date (month 13, 31 February).
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    /// The v1.4 form, always UTC with milliseconds: `1951-11-01T17:49:27.423Z`.
    static func format(_ date: Date) -> String {
        let milliseconds = epochMilliseconds(date)
        let (days, msOfDay) = floorDivide(milliseconds, 86_400_000)
        let (year, month, day) = civil(fromDays: days)
        let hour = msOfDay / 3_600_000
        let minute = msOfDay / 60_000 % 60
        let second = msOfDay / 1000 % 60
        let ms = msOfDay % 1000
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):"
            + "\(pad(second, 2)).\(pad(ms, 3))Z"
    }

    /// The instant as whole milliseconds since 1970, rounded to the nearest: the precision
    /// the service uses, and the unit the content hash writes so it is format-independent.
    /// Total: an instant beyond Int64's range (only code can build one; decoding refuses
    /// them) saturates instead of trapping.
    static func epochMilliseconds(_ date: Date) -> Int64 {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard !milliseconds.isNaN else { return 0 }
        // Int64.max is not a Double; 2^63 is, and is the first value that does not fit.
        guard milliseconds < 0x1p63 else { return .max }
        guard milliseconds >= -0x1p63 else { return .min }
        return Int64(milliseconds)
    }

    /// The unix seconds a date string can also express: years 0000 through 9999. Numbers
    /// outside come from no real server and would not survive conversion to milliseconds.
    static let unixSecondsRange: ClosedRange<Int> =
        Int(daysFromCivil(year: 0, month: 1, day: 1) * 86_400)...Int(daysFromCivil(year: 10_000, month: 1, day: 1) * 86_400 - 1)

    /// The instant `milliseconds` after 1970, built so that a date parsed from text and one
    /// built from the same millisecond count compare equal.
    static func date(epochMilliseconds milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    // MARK: - Parsing

    private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var reader = Reader(bytes: bytes)
        guard let year = reader.digits(4), reader.expect(UInt8(ascii: "-")),
            let month = reader.digits(2), reader.expect(UInt8(ascii: "-")),
            let day = reader.digits(2),
            reader.expect(UInt8(ascii: "T")) || reader.expect(UInt8(ascii: " ")),
            let hour = reader.digits(2), reader.expect(UInt8(ascii: ":")),
            let minute = reader.digits(2), reader.expect(UInt8(ascii: ":")),
            let second = reader.digits(2)
        else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 61
        else { return nil }

        var milliseconds = 0
        if reader.expect(UInt8(ascii: ".")) {
            // Any number of fraction digits; the service sends three. Round to milliseconds.
            guard let fraction = reader.fraction() else { return nil }
            milliseconds = fraction
        }
        var offsetMinutes = 0
        if reader.expect(UInt8(ascii: "Z")) {
        } else if let sign = reader.sign() {
            guard let offsetHours = reader.digits(2) else { return nil }
            _ = reader.expect(UInt8(ascii: ":"))
            guard let offsetMins = reader.digits(2), offsetHours < 24, offsetMins < 60 else { return nil }
            offsetMinutes = sign * (offsetHours * 60 + offsetMins)
        }
        guard reader.isAtEnd else { return nil }

        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetMinutes * 60)
        return date(epochMilliseconds: seconds * 1000 + Int64(milliseconds))
    }

    /// A cursor over ASCII bytes.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        mutating func expect(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for offset in 0..<count {
                let byte = bytes[index + offset]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }

        /// Reads one or more fraction digits and returns them as milliseconds, rounded.
        mutating func fraction() -> Int? {
            var value = 0
            var scale = 1
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                // Digits past the ninth cannot change the rounded millisecond.
                if index - start < 9 {
                    value = value * 10 + Int(bytes[index] - 0x30)
                    scale *= 10
                }
                index += 1
            }
            guard index > start else { return nil }
            return (value * 1000 + scale / 2) / scale
        }

        mutating func sign() -> Int? {
            if expect(UInt8(ascii: "+")) { return 1 }
            if expect(UInt8(ascii: "-")) { return -1 }
            return nil
        }
    }

    // MARK: - Calendar arithmetic (proleptic Gregorian, after Howard Hinnant's algorithms)

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int) {
        var quotient = value / divisor
        var remainder = value % divisor
        if remainder < 0 {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, Int(remainder))
    }

    private static func pad(_ value: some BinaryInteger, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
