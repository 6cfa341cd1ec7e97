import EndlessShared
import Foundation

/// Typed conversions for option values, each explaining a refusal in the same words:
/// what was wrong with the text and what is allowed.
public enum ValueParsers {
    /// A whole number within `range`.
    public static func integer(in range: ClosedRange<Int>) -> ValueParser<Int> {
        ValueParser(accepts: .integers(range), write: { String($0) }) { text throws(ValueError) in
            let allowed = "a whole number from \(range.lowerBound) to \(range.upperBound)"
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw ValueError("'\(text)' is not a whole number", allowed: allowed)
            }
            guard range.contains(value) else { throw ValueError("\(value) is out of range", allowed: allowed) }
            return value
        }
    }

    /// A number of seconds greater than zero (or zero too, when `allowingZero`), at least
    /// `minimum` when given, and at most `maximum`, such as `2.5`; or a duration with a unit
    /// (`500ms`, `30s`, `2m`), as the simulator's flags are written (`--latency 300ms`), so one
    /// command line can write every duration alike.
    public static func seconds(minimum: Double? = nil, maximum: Double, allowingZero: Bool = false) -> ValueParser<Duration> {
        ValueParser(accepts: .numbers((minimum ?? 0)...maximum), write: secondsText) { text throws(ValueError) in
            let range = secondsRange(minimum: minimum, maximum: maximum, allowingZero: allowingZero)
            let allowed = "a number of seconds \(range), e.g. 2.5, or with a unit: 500ms, 30s, 2m"
            guard let value = DurationText.seconds(text.trimmingCharacters(in: .whitespaces), plainUnit: 1) else {
                throw ValueError("'\(text)' is not a number of seconds", allowed: allowed)
            }
            guard value > 0 || (allowingZero && value == 0), value >= (minimum ?? 0), value <= maximum else {
                throw ValueError("\(text) is out of range", allowed: allowed)
            }
            return .milliseconds(Int64((value * 1000).rounded()))
        }
    }

    /// `from 3 to 3600`, `from 0 to 3600` or `above 0 and at most 3600`: the seconds allowed.
    private static func secondsRange(minimum: Double?, maximum: Double, allowingZero: Bool) -> String {
        if let minimum { return "from \(secondsText(.milliseconds(Int64(minimum * 1000)))) to \(Int(maximum))" }
        return allowingZero ? "from 0 to \(Int(maximum))" : "above 0 and at most \(Int(maximum))"
    }

    /// One of `choices`, ignoring case.
    public static func choice<Value: RawRepresentable & CaseIterable & Sendable>(
        _ type: Value.Type
    ) -> ValueParser<Value> where Value.RawValue == String {
        let names = Value.allCases.map(\.rawValue)
        return ValueParser(accepts: .choices(names), write: { $0.rawValue }) { text throws(ValueError) in
            if let value = Value(rawValue: text.lowercased()) { return value }
            let suggestion = Suggestions.closest(to: text, in: names).map { " (did you mean '\($0)'?)" } ?? ""
            throw ValueError("'\(text)' is not one of the choices\(suggestion)", allowed: names.joined(separator: ", "))
        }
    }

    /// An absolute http or https URL, with a port from 1 to 65535 if it names one.
    public static let httpURL = ValueParser<URL>(accepts: .url, write: { $0.absoluteString }) { text throws(ValueError) in
        let allowed = "an absolute http or https URL, e.g. https://randomuser.me/api/"
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else {
            throw ValueError("'\(text)' is not an http(s) URL", allowed: allowed)
        }
        if let port = url.port, !(1...65535).contains(port) {
            throw ValueError("'\(text)' names port \(port), which does not exist", allowed: "a port from 1 to 65535")
        }
        return url
    }

    /// Any non-empty text.
    public static let nonEmpty = ValueParser<String>(accepts: .text, write: { $0 }) { text throws(ValueError) in
        guard !text.isEmpty else { throw ValueError("the value is empty", allowed: "any non-empty text") }
        return text
    }

    /// The path of a file to write or read, as given.
    public static let file = ValueParser<String>(accepts: .file, write: { $0 }) { text throws(ValueError) in
        try nonEmpty(text)
    }

    /// The path of a folder, as a file URL.
    public static let directory = ValueParser<URL>(accepts: .directory, write: { $0.path }) { text throws(ValueError) in
        URL(fileURLWithPath: text)
    }

    /// `2.5` for 2.5 s, `30` for 30 s: what ``seconds(minimum:maximum:allowingZero:)`` reads back.
    @Sendable static func secondsText(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return String(milliseconds / 1000) }
        return String(Double(milliseconds) / 1000)
    }
}
