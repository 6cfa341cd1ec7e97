import EndlessTesting
import Foundation
import Testing

@testable import EndlessSimulator

@Suite("Chicago calendar and dayjs ages (GENERATOR.md §5.6)")
struct CalendarTests {
    private let calendar = ChicagoCalendar.shared

    private func instant(_ text: String) throws -> Int64 {
        Int64(try GeneratorFixtures.date(text).timeIntervalSince1970 * 1000)
    }

    @Test("offsets agree with Foundation's TimeZone from 1940 to 2060")
    func offsets() {
        let zone = TimeZone(identifier: "America/Chicago")
        var random = SeededRandomNumberGenerator(seed: 2024)
        for _ in 0..<2000 {
            let seconds = Int64.random(in: -946_771_200...2_871_763_200, using: &random)
            let expected = zone.map {
                Int64($0.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))) * 1000
            }
            #expect(calendar.offset(atUTC: seconds * 1000) == expected)
        }
    }

    @Test("local wall-clock times in a DST gap move forward, in an overlap take the earlier instant")
    func wallClock() throws {
        let gap = LocalDateTime(year: 2021, month: 3, day: 14, timeOfDay: (2 * 60 + 30) * 60_000).wallClock
        #expect(calendar.utc(fromWallClock: gap) == (try instant("2021-03-14T08:30:00Z")))
        let overlap = LocalDateTime(year: 2021, month: 11, day: 7, timeOfDay: 90 * 60_000).wallClock
        #expect(calendar.utc(fromWallClock: overlap) == (try instant("2021-11-07T06:30:00Z")))
        let plain = LocalDateTime(year: 1977, month: 4, day: 1, timeOfDay: (22 * 60 + 25) * 60_000).wallClock
        #expect(calendar.utc(fromWallClock: plain) == (try instant("1977-04-02T04:25:00Z")))
        #expect(calendar.local(try instant("1977-04-02T04:25:40Z")).day == 1)
    }

    @Test("ages are completed years in the Chicago calendar")
    func completedYears() throws {
        let now = try instant("2025-06-13T06:00:00Z")  // June 13, 01:00 CDT
        let ages = AgeCalculator(now: now)
        #expect(ages.age(at: try instant("1957-06-12T21:43:26Z")) == 68)
        #expect(ages.age(at: try instant("1957-06-13T05:59:00Z")) == 68)  // June 13, 00:59 CDT
        #expect(ages.age(at: try instant("1957-06-13T07:30:00Z")) == 67)  // June 13, 01:30 CST (1957: no DST)
        #expect(ages.age(at: try instant("2025-06-13T05:00:00Z")) == 0)
        #expect(ages.age(at: now) == 0)
    }

    @Test("dayjs quirk: a Feb 28 birthday seen on Feb 29 before its time of day is not yet a year older")
    func leapDayQuirk() throws {
        let born = try instant("2001-02-28T20:00:00Z")  // Feb 28, 14:00 CST
        let early = AgeCalculator(now: try instant("2024-02-29T15:00:00Z"))  // Feb 29, 09:00 CST
        let late = AgeCalculator(now: try instant("2024-02-29T21:00:00Z"))  // Feb 29, 15:00 CST
        #expect(early.age(at: born) == 22)
        #expect(late.age(at: born) == 23)
        let anniversary = AgeCalculator(now: try instant("2024-02-28T20:00:00Z"))
        #expect(anniversary.age(at: born) == 23)
        #expect(AgeCalculator(now: try instant("2024-02-28T19:59:59Z")).age(at: born) == 22)
    }

    @Test("toISOString: UTC with milliseconds")
    func isoDates() {
        #expect(Timestamp.iso(-800_000_000_000) == "1944-08-25T17:46:40.000Z")
        #expect(Timestamp.iso(991_088_189_000) == "2001-05-28T22:16:29.000Z")
        #expect(Timestamp.iso(1_653_344_189_000) == "2022-05-23T22:16:29.000Z")
        #expect(Timestamp.iso(700_000_000_007) == "1992-03-07T20:26:40.007Z")
    }

    @Test("the month-difference shortcut agrees with the full dayjs computation")
    func shortcut() {
        var random = SeededRandomNumberGenerator(seed: 2024)
        for _ in 0..<20000 {
            let now = Int64.random(in: -2_208_988_800_000...4_102_444_800_000, using: &random)
            let date = Int64.random(in: -2_208_988_800_000...4_102_444_800_000, using: &random)
            let ages = AgeCalculator(now: now)
            #expect(ages.age(at: date) == ages.exactAge(at: date, calendar.local(date)), "now \(now) date \(date)")
        }
    }
}
