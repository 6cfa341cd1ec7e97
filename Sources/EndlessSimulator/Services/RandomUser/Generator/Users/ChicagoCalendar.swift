import Foundation

/// Local calendar arithmetic in America/Chicago, the official server's time zone (GENERATOR.md
/// §5.6, §5.8): the DE/DK/FR/NO ids and dayjs ages read local dates.
///
/// Foundation's `TimeZone` is too slow to ask twenty times per user, so the UTC offsets of
/// 1900–2100 are read from it once and looked up by binary search; instants outside that range
/// ask `TimeZone` directly.
struct ChicagoCalendar: Sendable {
    /// Built once per process; the transitions never change while it runs.
    static let shared = ChicagoCalendar(identifier: "America/Chicago")

    static let millisecondsPerDay: Int64 = 86_400_000

    private let zone: TimeZone
    /// UTC instants (ms) at which the offset changes, ascending, and the offset (ms) from each.
    private let transitions: [Int64]
    private let offsets: [Int64]
    private let tableStart: Int64
    private let tableEnd: Int64
    /// The offset in effect before the first transition of the table.
    private let initialOffset: Int64

    init(identifier: String) {
        let zone = TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: -6 * 3600) ?? .current
        self.zone = zone
        let start = Date(timeIntervalSince1970: -2_208_988_800)  // 1900-01-01
        let end = Date(timeIntervalSince1970: 4_102_444_800)  // 2100-01-01
        var transitions: [Int64] = []
        var offsets: [Int64] = []
        var cursor = start
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next < end {
            transitions.append(Int64((next.timeIntervalSince1970 * 1000).rounded()))
            offsets.append(Int64(zone.secondsFromGMT(for: next)) * 1000)
            cursor = next
        }
        self.transitions = transitions
        self.offsets = offsets
        tableStart = Int64(start.timeIntervalSince1970 * 1000)
        tableEnd = Int64(end.timeIntervalSince1970 * 1000)
        initialOffset = Int64(zone.secondsFromGMT(for: start)) * 1000
    }

    /// The UTC offset in milliseconds at the UTC instant `utc`.
    func offset(atUTC utc: Int64) -> Int64 {
        guard utc >= tableStart, utc < tableEnd else {
            return Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(utc) / 1000))) * 1000
        }
        var low = 0
        var high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] <= utc {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low == 0 ? initialOffset : offsets[low - 1]
    }

    /// The local wall-clock fields of a UTC instant.
    func local(_ utc: Int64) -> LocalDateTime {
        LocalDateTime(wallClock: utc + offset(atUTC: utc))
    }

    /// The UTC instant of a local wall-clock time, as JS's `Date` setters compute it: a time in
    /// a DST gap or overlap is read with the offset in effect before the transition.
    func utc(fromWallClock wallClock: Int64) -> Int64 {
        let before = offset(atUTC: wallClock - Self.millisecondsPerDay)
        let after = offset(atUTC: wallClock + Self.millisecondsPerDay)
        let candidate = wallClock - before
        if before == after || offset(atUTC: candidate) == before {
            return candidate
        }
        let other = wallClock - after
        return offset(atUTC: other) == after ? other : candidate
    }
}

/// Calendar fields of a wall-clock time (proleptic Gregorian, as JS dates are).
struct LocalDateTime: Sendable, Equatable {
    var year: Int
    /// 1...12.
    var month: Int
    var day: Int
    /// Milliseconds since local midnight.
    var timeOfDay: Int64

    /// The fields of `wallClock`, milliseconds since 1970-01-01T00:00 on the same wall clock.
    init(wallClock: Int64) {
        let days = Self.floorDivide(wallClock, ChicagoCalendar.millisecondsPerDay)
        timeOfDay = wallClock - days * ChicagoCalendar.millisecondsPerDay
        (year, month, day) = Self.civil(fromDays: days)
    }

    init(year: Int, month: Int, day: Int, timeOfDay: Int64) {
        self.year = year
        self.month = month
        self.day = day
        self.timeOfDay = timeOfDay
    }

    /// JS `MakeDate(MakeDay(year, month − 1, day), time)`: months and days may overflow.
    var wallClock: Int64 {
        let monthIndex = month - 1
        let normalizedYear = year + Int(Self.floorDivide(Int64(monthIndex), 12))
        let normalizedMonth = Int(Int64(monthIndex) - Self.floorDivide(Int64(monthIndex), 12) * 12) + 1
        let days = Self.days(fromCivil: normalizedYear, normalizedMonth, 1) + Int64(day - 1)
        return days * ChicagoCalendar.millisecondsPerDay + timeOfDay
    }

    /// The number of days in `month` of `year`.
    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// Howard Hinnant's `civil_from_days`.
    private static func civil(fromDays days: Int64) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }

    /// Howard Hinnant's `days_from_civil`.
    private static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
