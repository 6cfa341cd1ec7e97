/// `dayjs(now).diff(date, 'years')` at request time in America/Chicago (GENERATOR.md §5.6).
///
/// dayjs 1.11.3 takes moment's `monthDiff`, which anchors on whole months added with dayjs's
/// `add(n, 'month')` and interpolates the remainder in milliseconds. The result is "completed
/// years in the Chicago calendar", except a Feb 28 birthday seen on Feb 29 before its time of
/// day, which this reproduces too.
struct AgeCalculator: Sendable {
    private let calendar: ChicagoCalendar
    private let now: Int64
    private let nowLocal: LocalDateTime

    init(now: Int64, calendar: ChicagoCalendar = .shared) {
        self.calendar = calendar
        self.now = now
        nowLocal = calendar.local(now)
    }

    /// The age in whole years of someone born (or registered) at `date`, ms since the epoch.
    func age(at date: Int64) -> Int {
        let months = monthDiff(now, nowLocal, date, calendar.local(date)) / 12
        // dayjs absFloor: ceil for negatives, floor otherwise; -0 becomes 0.
        let floored = months < 0 ? months.rounded(.up) : months.rounded(.down)
        return Int(floored)
    }

    /// moment's `monthDiff(a, b)` on local calendar fields.
    private func monthDiff(_ a: Int64, _ aLocal: LocalDateTime, _ b: Int64, _ bLocal: LocalDateTime) -> Double {
        if aLocal.day < bLocal.day {
            return -monthDiff(b, bLocal, a, aLocal)
        }
        let whole = (bLocal.year - aLocal.year) * 12 + (bLocal.month - aLocal.month)
        let anchor = addMonths(a, aLocal, whole)
        let isBefore = b - anchor < 0
        let anchor2 = addMonths(a, aLocal, whole + (isBefore ? -1 : 1))
        let fraction = Double(b - anchor) / Double(isBefore ? anchor - anchor2 : anchor2 - anchor)
        let result = -(Double(whole) + fraction)
        // `+(… || 0)`: -0 and NaN become 0.
        return result.isNaN || result == 0 ? 0 : result
    }

    /// dayjs `add(k, 'month')`: `setDate(1)`, `setMonth(month + k)`, then `setDate(min(day,
    /// daysInMonth))`, each a local setter that keeps the wall-clock time of the moment before.
    private func addMonths(_ instant: Int64, _ local: LocalDateTime, _ months: Int) -> Int64 {
        var fields = local
        fields.day = 1
        let first = calendar.utc(fromWallClock: fields.wallClock)
        fields = calendar.local(first)
        fields.month += months
        let moved = calendar.utc(fromWallClock: fields.wallClock)
        fields = calendar.local(moved)
        fields.day = min(local.day, LocalDateTime.daysInMonth(year: fields.year, month: fields.month))
        return calendar.utc(fromWallClock: fields.wallClock)
    }
}
