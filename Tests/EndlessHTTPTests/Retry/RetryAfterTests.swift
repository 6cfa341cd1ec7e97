import Foundation
import Testing

@testable import EndlessHTTP

@Suite("Retry-After parsing")
struct RetryAfterTests {
    private let now = Date(timeIntervalSince1970: 1_792_567_680)  // Wed, 21 Oct 2026 07:28:00 GMT

    @Test("delay-seconds", arguments: [("0", Duration.zero), ("1", .seconds(1)), ("120", .seconds(120)), (" 5 ", .seconds(5))])
    func seconds(header: String, expected: Duration) {
        #expect(RetryAfter.delay(header: header, responseDate: nil, now: now) == expected)
    }

    @Test(
        "the three HTTP date forms, against the local clock when there is no Date header",
        arguments: [
            "Wed, 21 Oct 2026 07:28:30 GMT",  // IMF-fixdate
            "Wednesday, 21-Oct-26 07:28:30 GMT",  // RFC 850
            "Wed Oct 21 07:28:30 2026",  // asctime
        ])
    func dates(header: String) {
        #expect(RetryAfter.delay(header: header, responseDate: nil, now: now) == .seconds(30))
    }

    @Test("asctime pads single-digit days with a space")
    func asctimePadding() {
        let early = Date(timeIntervalSince1970: 1_793_923_200)  // Fri, 06 Nov 2026 00:00:00 GMT
        #expect(RetryAfter.delay(header: "Fri Nov  6 00:00:10 2026", responseDate: nil, now: early) == .seconds(10))
    }

    @Test("a date is measured against the response's Date header, not a skewed local clock")
    func serverDate() {
        let skewedLocal = now.addingTimeInterval(-3600)
        let delay = RetryAfter.delay(
            header: "Wed, 21 Oct 2026 07:28:05 GMT", responseDate: "Wed, 21 Oct 2026 07:28:00 GMT", now: skewedLocal)
        #expect(delay == .seconds(5))
    }

    @Test("a date in the past means now")
    func pastDate() {
        #expect(RetryAfter.delay(header: "Wed, 21 Oct 2026 07:00:00 GMT", responseDate: nil, now: now) == .zero)
    }

    @Test("absent or unreadable values are ignored", arguments: [nil, "", "soon", "-5", "1.5", "Wed, 99 Foo 2026"])
    func unreadable(header: String?) {
        #expect(RetryAfter.delay(header: header, responseDate: nil, now: now) == nil)
    }

    @Test("HTTP dates are read exactly: the three forms, leap days, RFC 850's two-digit years within 50 years of now")
    func httpDates() {
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == Date(timeIntervalSince1970: 784_111_777))
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT", now: now) == Date(timeIntervalSince1970: 784_111_777))
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994") == Date(timeIntervalSince1970: 784_111_777))
        #expect(HTTPDate.parse("Thu, 29 Feb 2024 00:00:00 GMT") == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(HTTPDate.parse("Wednesday, 01-Jan-70 00:00:00 GMT", now: now) == Date(timeIntervalSince1970: 3_155_760_000))
        // 2026 + 50 = 2076: "76" is 2076 … but "77" is 1977.
        #expect(HTTPDate.parse("Sunday, 01-Jan-76 00:00:00 GMT", now: now).map { $0 > now } == true)
        #expect(HTTPDate.parse("Saturday, 01-Jan-77 00:00:00 GMT", now: now).map { $0 < now } == true)
    }

    @Test(
        "what is not an HTTP date is refused, not guessed",
        arguments: [
            "Thu, 29 Feb 2023 00:00:00 GMT", "Wed, 31 Apr 2026 00:00:00 GMT", "Wed, 21 Oct 2026 24:00:00 GMT",
            "Wed, 21 Oct 2026 07:28:30 PST", "Wed, 21 oct 2026 07:28:30 GMT", "Wed, +1 Oct 2026 07:28:30 GMT",
            "Wed, 21 Oct 26 07:28:30 GMT", "Wed, 21 Oct 2026 7:28:30 GMT", "Xyz, 21 Oct 2026 07:28:30 GMT",
            "Wed Oct 21 07:28:30 26", "Wednesday, 21-Oct-2026 07:28:30 GMT", "",
        ])
    func notDates(text: String) {
        #expect(HTTPDate.parse(text, now: now) == nil)
    }
}
