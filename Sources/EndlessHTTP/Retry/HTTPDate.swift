import Foundation

/// The three date forms HTTP allows (RFC 9110 §5.6.7), read exactly: IMF-fixdate
/// (`Sun, 06 Nov 1994 08:49:37 GMT`), the obsolete RFC 850 form (`Sunday, 06-Nov-94 08:49:37
/// GMT`) and C's asctime form (`Sun Nov  6 08:49:37 1994`). All are in GMT.
///
/// Written out rather than left to `DateFormatter`: a formatter is costly to make, lenient about
/// what it accepts (any zone name, any weekday), and reads through ICU's locale data.
enum HTTPDate {
    /// The instant `text` names, or nil when it is none of the three forms or not a real date.
    /// - Parameters:
    ///   - text: the header's value; surrounding whitespace is ignored.
    ///   - now: resolves RFC 850's two-digit year: the latest year ending in those digits not
    ///     more than 50 years ahead of `now` (RFC 9110's rule).
    static func parse(_ text: String, now: Date = Date()) -> Date? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        switch words.count {
        case 6 where words[5] == "GMT" && words[0].hasSuffix(","):
            // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
            guard shortDays.contains(String(words[0].dropLast())), words[1].count == 2, words[3].count == 4 else { return nil }
            return date(year: number(words[3]), month: month(words[2]), day: number(words[1]), time: words[4])
        case 4 where words[3] == "GMT" && words[0].hasSuffix(","):
            // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
            let parts = words[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard longDays.contains(String(words[0].dropLast())), parts.count == 3, parts[0].count == 2, parts[2].count == 2,
                let twoDigits = number(parts[2])
            else { return nil }
            return date(year: fullYear(twoDigits, now: now), month: month(parts[1]), day: number(parts[0]), time: words[2])
        case 5:
            // asctime: Sun Nov  6 08:49:37 1994 (a one-digit day is padded with a space)
            guard shortDays.contains(words[0]), (1...2).contains(words[2].count), words[4].count == 4 else { return nil }
            return date(year: number(words[4]), month: month(words[1]), day: number(words[2]), time: words[3])
        default:
            return nil
        }
    }

    private static let shortDays: Set<String> = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let longDays: Set<String> = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Digits only: `Int("+5")` would take a sign.
    private static func number(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(text)
    }

    private static func month(_ name: String) -> Int? {
        months.firstIndex(of: name).map { $0 + 1 }
    }

    private static func fullYear(_ twoDigits: Int, now: Date) -> Int {
        let thisYear = 1970 + Int((now.timeIntervalSince1970 / 31_556_952).rounded(.down))
        var year = (thisYear / 100) * 100 + twoDigits
        if year > thisYear + 50 { year -= 100 }
        return year
    }

    /// `hh:mm:ss` on a day, as an instant; nil for anything out of range (31 Feb, 25:00).
    private static func date(year: Int?, month: Int?, day: Int?, time: String) -> Date? {
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard let year, let month, let day, clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
            let hour = number(clock[0]), let minute = number(clock[1]), let second = number(clock[2]),
            (0..<24).contains(hour), (0..<60).contains(minute), (0...60).contains(second),  // 60: a leap second
            day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
    /// days-from-civil).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
