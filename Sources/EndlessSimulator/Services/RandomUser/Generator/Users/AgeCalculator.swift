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
        let dateLocal = calendar.local(date)
        // When the two local months are at least two apart, monthDiff is within one month of
        // the whole-month field difference M, which is then at least two months from a multiple
        // of 12: the result is floor(M / 12), with no anchors to compute.
        let months = (nowLocal.year - dateLocal.year) * 12 + (nowLocal.month - dateLocal.month)
        let offset = ((months % 12) + 12) % 12
        if offset >= 2 && offset <= 10 {
            return months >= 0 ? months / 12 : -((-months) / 12)
        }
        return exactAge(at: date, dateLocal)
    }

    /// This year less the year of `date`, in the Chicago calendar: how API version 1.3 counted
    /// an age (GENERATOR.md §9).
    func yearDifference(at date: Int64) -> Int {
        nowLocal.year - calendar.local(date).year
    }

    /// The full dayjs computation.
    func exactAge(at date: Int64, _ dateLocal: LocalDateTime) -> Int {
        let months = monthDiff(now, nowLocal, date, dateLocal) / 12
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
