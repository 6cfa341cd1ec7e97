/// A duration as a command line writes it: a number of digits with at most one point, and a
/// unit `ms`, `s` or `m` (`300ms`, `1.5s`, `2m`). The simulator's fault flags and the browser's
/// flags that take seconds read durations through it, so one command line writes them alike.
package enum DurationText {
    /// The units, longest suffix first (`ms` before `s`).
    private static let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60)]

    /// The seconds `text` gives, or nil when it is not a duration: no sign, exponent, `inf`,
    /// `nan` or hexadecimal, which `Double` would read.
    /// - Parameters:
    ///   - text: the duration, already trimmed.
    ///   - plainUnit: the seconds a number without a unit counts; nil where a unit is required.
    package static func seconds(_ text: some StringProtocol, plainUnit: Double?) -> Double? {
        let unit = units.first { text.hasSuffix($0.suffix) }
        guard let scale = unit?.seconds ?? plainUnit else { return nil }
        let number = text.dropLast(unit?.suffix.count ?? 0)
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            number.filter({ $0 == "." }).count <= 1, let value = Double(number), value.isFinite
        else { return nil }
        return value * scale
    }
}
