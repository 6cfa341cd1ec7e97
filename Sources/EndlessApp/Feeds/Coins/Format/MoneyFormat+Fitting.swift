import EndlessHTTP
import EndlessTerminal

/// Figures fitted to a column: a number that does not fit is written with fewer significant
/// digits, correctly rounded, and when no rounding fits, as `…`: never cut into another number
/// (`0.06705` in four columns is `0.07`, not `0.06`).
extension MoneyFormat {
    /// A price as ``price(_:)`` writes it, in at most `width` columns.
    ///
    /// Tries, in order, until one fits: the full price; fewer places after the point (from 1
    /// up: `96,000.0`, `96,000`) or fewer significant digits (below 1: `0.0671`, `0.067`,
    /// `0.07`); the integer without grouping (`96000`); three, two, then one significant
    /// digits with a suffix (`96.0K`, `96K`, `100K`); an exponent (`7e-12`). Nothing fitting,
    /// `…` (or nothing in zero columns).
    /// - Parameters:
    ///   - value: the price, or nil (`—`).
    ///   - width: the columns it may take.
    /// - Returns: text no wider than `width`.
    static func price(_ value: DecimalNumber?, fitting width: Int) -> String {
        let full = price(value)
        guard DisplayWidth.of(full) > width else { return full }
        guard let value, let leading = value.leadingPower, leading <= largestShownPower else { return ellipsis(width) }
        for candidate in roundings(of: value, leading: leading) where DisplayWidth.of(candidate) <= width {
            return candidate
        }
        return ellipsis(width)
    }

    /// ``price(_:fitting:)`` of a JSON number.
    static func price(_ number: LiteralJSON.Number?, fitting width: Int) -> String {
        price(number?.decimal, fitting: width)
    }

    /// Shorter and shorter texts of `value`, each correctly rounded.
    private static func roundings(of value: DecimalNumber, leading: Int) -> [String] {
        var texts: [String] = []
        if leading >= 0 {
            texts.append(value.formatted(fractionDigits: 1, groupingSeparator: ","))
            texts.append(value.formatted(fractionDigits: 0, groupingSeparator: ","))
            texts.append(value.formatted(fractionDigits: 0))
            if leading >= 3 {
                for digits in [3, 2, 1] { texts.append(suffixed(value, significantDigits: digits)) }
            }
        } else {
            for digits in stride(from: smallPriceDigits - 1, through: 1, by: -1) {
                let rounded = value.rounded(significantDigits: digits)
                let roundedLeading = rounded.leadingPower ?? 0
                // 0.96 to one digit is 1: written as a whole number.
                texts.append(rounded.formatted(fractionDigits: max(0, digits - 1 - roundedLeading)))
            }
            let mantissa = value.rounded(significantDigits: 1)
            if let power = mantissa.leadingPower { texts.append(mantissa.shifted(by: -power).formatted(fractionDigits: 0) + "e\(power)") }
        }
        return texts
    }

    /// `value` in thousands, millions… to `digits` significant digits: `96.0K`, `96K`, `100K`.
    private static func suffixed(_ value: DecimalNumber, significantDigits digits: Int) -> String {
        let suffixes = ["K", "M", "B", "T", "Q"]
        let leading = value.leadingPower ?? 0
        var group = min(suffixes.count, leading / 3)
        var scaled = value.shifted(by: -group * 3).rounded(significantDigits: digits)
        // 999.6K to three digits is 1000K: one group up.
        if let power = scaled.leadingPower, power >= 3, group < suffixes.count {
            group += 1
            scaled = scaled.shifted(by: -3)
        }
        let places = max(0, digits - 1 - (scaled.leadingPower ?? 0))
        return scaled.formatted(fractionDigits: places) + suffixes[group - 1]
    }

    private static func ellipsis(_ width: Int) -> String {
        width > 0 ? "…" : ""
    }
}
