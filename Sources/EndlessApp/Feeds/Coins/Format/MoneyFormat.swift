import CoinGeckoAPI
import EndlessHTTP
import Foundation

/// Numbers as a trader reads them, from the exact digits the API sent (never through a
/// `Double`): prices to the cent from 1 up (`96,000.00`), four significant digits below
/// (`0.00002456`), big figures compact (`1.90T`) or in full with grouping, changes with an
/// arrow so they read without colour (`▲ 2.34%`).
enum MoneyFormat {
    /// Significant digits of a price below 1.
    static let smallPriceDigits = 4
    /// Below this, a price is written with an exponent rather than a row of zeros.
    static let smallestPlainPower = -10
    /// Past this power of ten a figure is not shown: no market counts 10^30 of anything, and
    /// its digits (a billion of them for `1e999999999`) would cost what they fill, not what
    /// the literal costs. `json` and `ndjson` still print the literal as sent.
    static let largestShownPower = 30
    /// What a figure past ``largestShownPower`` shows instead.
    static let tooLarge = "too large"

    /// A price: `96,000.00`, `1.25`, `0.9998`, `0.00002456`, `1.234e-12`; `—` for none, `too large`
    /// past 10^30.
    static func price(_ value: DecimalNumber?) -> String {
        guard let value else { return "—" }
        guard let leading = value.leadingPower else { return "0.00" }
        if leading > largestShownPower { return tooLarge }
        if leading >= 0 { return value.formatted(fractionDigits: 2, groupingSeparator: ",") }
        let rounded = value.rounded(significantDigits: smallPriceDigits)
        // Rounding up to 1 (0.99996) is a price from 1 up.
        guard let roundedLeading = rounded.leadingPower, roundedLeading < 0 else {
            return rounded.formatted(fractionDigits: 2, groupingSeparator: ",")
        }
        if roundedLeading < smallestPlainPower { return scientific(rounded) }
        return rounded.formatted(fractionDigits: smallPriceDigits - 1 - roundedLeading)
    }

    /// ``price(_:)`` of a JSON number.
    static func price(_ number: LiteralJSON.Number?) -> String { price(number?.decimal) }

    /// ``price(_:)`` of a computed value (a sparkline's high), through its shortest decimal text.
    static func price(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        return price(DecimalNumber(String(value)))
    }

    /// A big figure in three significant digits with a suffix: `1.90T`, `45.6B`, `12.3M`,
    /// `850K`, `999`; `—` for none.
    static func compact(_ number: LiteralJSON.Number?) -> String {
        guard let value = number?.decimal else { return "—" }
        if let leading = value.leadingPower, leading > largestShownPower { return tooLarge }
        guard let leading = value.leadingPower, leading >= 3 else {
            return value.formatted(fractionDigits: 0, groupingSeparator: ",")
        }
        let suffixes = ["K", "M", "B", "T", "Q"]
        let group = min(suffixes.count, leading / 3)
        let scaled = value.shifted(by: -group * 3)
        let rounded = scaled.rounded(significantDigits: 3)
        // 999.6K rounds to 1000K: say 1.00M instead.
        if let power = rounded.leadingPower, power >= 3, group < suffixes.count {
            let next = rounded.shifted(by: -3)
            return next.formatted(fractionDigits: 2) + suffixes[group]
        }
        let places = max(0, 2 - (rounded.leadingPower ?? 0))
        return rounded.formatted(fractionDigits: places) + suffixes[group - 1]
    }

    /// A whole figure in full: `1,903,456,789,012`; `—` for none.
    static func full(_ number: LiteralJSON.Number?) -> String {
        guard let value = number?.decimal else { return "—" }
        if let leading = value.leadingPower, leading > largestShownPower { return tooLarge }
        let places = value.leadingPower.map { $0 >= 3 ? 0 : 2 } ?? 0
        return value.formatted(fractionDigits: places, groupingSeparator: ",")
    }

    /// Which way a change went.
    enum Direction: Hashable {
        case up, down, flat
    }

    /// A change in percent with its arrow: `▲ 2.34%`, `▼ 0.84%`, `  0.00%`; at most 8 columns
    /// (fewer decimals past 100 %: `▲ 123.4%`, `▲ 12345%`). `—` for none.
    static func change(_ number: LiteralJSON.Number?) -> (text: String, direction: Direction) {
        guard let value = number?.decimal else { return ("—", .flat) }
        if let leading = value.leadingPower, leading > largestShownPower { return (tooLarge, .flat) }
        let magnitude = value.magnitude
        let places = magnitude < DecimalNumber(100) ? 2 : magnitude < DecimalNumber(1000) ? 1 : 0
        let rounded = magnitude.rounded(fractionDigits: places)
        guard !rounded.isZero else { return ("  " + rounded.formatted(fractionDigits: places) + "%", .flat) }
        let arrow = value.isNegative ? "▼" : "▲"
        return ("\(arrow) \(rounded.formatted(fractionDigits: places))%", value.isNegative ? .down : .up)
    }

    /// A supply: whole with grouping from 1,000, else to two places; `—` for none.
    static func supply(_ number: LiteralJSON.Number?) -> String { full(number) }

    /// `2024-12-17`, in UTC; nil without a date.
    static func day(_ timestamp: CoinTimestamp?) -> String? {
        guard let date = timestamp?.date else { return nil }
        return day(date)
    }

    static func day(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day())
    }

    /// `Jan 13`, in UTC.
    static func shortDay(_ date: Date) -> String {
        let components = Calendar.utc.dateComponents([.month, .day], from: date)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(months[max(0, min(11, (components.month ?? 1) - 1))]) \(components.day ?? 1)"
    }

    /// `2025-01-20 10:15:04 UTC`; the text as sent when it is not a date.
    static func moment(_ timestamp: CoinTimestamp?) -> String? {
        guard let timestamp else { return nil }
        guard let date = timestamp.date else { return timestamp.text }
        let style = Date.ISO8601FormatStyle(dateSeparator: .dash, dateTimeSeparator: .space, timeZone: .gmt)
        return date.formatted(style.year().month().day().time(includingFractionalSeconds: false)) + " UTC"
    }

    /// `1.234e-12`.
    private static func scientific(_ value: DecimalNumber) -> String {
        guard let leading = value.leadingPower else { return "0" }
        let mantissa = value.shifted(by: -leading)
        return mantissa.formatted(fractionDigits: max(0, value.digits.count - 1)) + "e\(leading)"
    }
}

extension Calendar {
    /// The Gregorian calendar in UTC.
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()
}
