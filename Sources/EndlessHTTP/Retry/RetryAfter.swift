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
        guard let date = HTTPDate.parse(value, now: now) else { return nil }
        let reference = responseDate.flatMap { HTTPDate.parse($0, now: now) } ?? now
        let interval = date.timeIntervalSince(reference)
        guard interval > 0 else { return .zero }
        return .milliseconds(Int64((interval * 1000).rounded()))
    }
}
