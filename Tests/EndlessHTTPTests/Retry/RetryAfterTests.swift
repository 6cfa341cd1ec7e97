@testable import EndlessHTTP
import Foundation
import Testing

@Suite("Retry-After parsing")
struct RetryAfterTests {
    private let now = Date(timeIntervalSince1970: 1_792_567_680)  // Wed, 21 Oct 2026 07:28:00 GMT

    @Test("delay-seconds", arguments: [("0", Duration.zero), ("1", .seconds(1)), ("120", .seconds(120)), (" 5 ", .seconds(5))])
    func seconds(header: String, expected: Duration) {
        #expect(RetryAfter.delay(header: header, responseDate: nil, now: now) == expected)
    }

    @Test("the three HTTP date forms, against the local clock when there is no Date header", arguments: [
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
}
