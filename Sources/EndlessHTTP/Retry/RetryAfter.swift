import Foundation

/// Reads a `Retry-After` header (RFC 9110 §10.2.3): either delay-seconds (`120`) or an
/// HTTP-date (`Wed, 21 Oct 2026 07:28:00 GMT`).
///
/// A date is measured against the response's own `Date` header when it has one, so that a
/// skewed local clock does not stretch or cut the wait; otherwise against `now`.
enum RetryAfter {
    /// The wait the header asks for, or `nil` when it is absent or unreadable. A date in the
    /// past means "now" (zero).
    static func delay(header: String?, responseDate: String?, now: Date) -> Duration? {
        guard let value = header?.trimmingWhitespace(), !value.isEmpty else { return nil }
        if value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // Values too large for Int64 saturate (at 68 years) instead of being ignored.
            guard let seconds = Int64(value) else { return .seconds(Int64(Int32.max)) }
            return .seconds(seconds)
        }
        guard let date = parseHTTPDate(value) else { return nil }
        let reference = responseDate.flatMap(parseHTTPDate) ?? now
        let interval = date.timeIntervalSince(reference)
        guard interval > 0 else { return .zero }
        return .milliseconds(Int64((interval * 1000).rounded()))
    }

    /// Parses the three date forms HTTP allows (RFC 9110 §5.6.7): IMF-fixdate, the obsolete
    /// RFC 850 form and C's asctime form. All are in GMT.
    static func parseHTTPDate(_ string: String) -> Date? {
        // asctime pads single-digit days with a space ("Nov  6"); formatters want one space.
        let value = string.trimmingWhitespace().split(separator: " ").joined(separator: " ")
        for format in formats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: value) { return date }
        }
        return nil
    }

    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz",  // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
        "EEEE, dd-MMM-yy HH:mm:ss zzz",  // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
        "EEE MMM d HH:mm:ss yyyy",  // asctime: Sun Nov  6 08:49:37 1994
    ]
}
