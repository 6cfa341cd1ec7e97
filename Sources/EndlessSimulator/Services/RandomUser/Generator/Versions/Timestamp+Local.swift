/// The dates of API versions 1.1 and 1.2: the server's local wall clock (America/Chicago),
/// formatted by moment as `YYYY-MM-DD HH:mm:ss` (1.1) or `YYYY-MM-DDTHH:mm:ss` with a literal
/// `Z` that is not the zone (1.2).
extension Timestamp {
    /// Appends the local date and time of `milliseconds` since the epoch, `separator` between
    /// them and `zone` after.
    static func appendLocal(
        _ milliseconds: Int64, separator: StaticString, zone: StaticString, to text: inout TextBuffer,
        calendar: ChicagoCalendar = .shared
    ) {
        let fields = calendar.local(milliseconds)
        let time = fields.timeOfDay
        text.append(number: fields.year, paddedTo: 4)
        text.append(UInt8(ascii: "-"))
        text.append(number: fields.month, paddedTo: 2)
        text.append(UInt8(ascii: "-"))
        text.append(number: fields.day, paddedTo: 2)
        text.append(separator)
        text.append(number: Int(time / 3_600_000), paddedTo: 2)
        text.append(UInt8(ascii: ":"))
        text.append(number: Int(time / 60_000 % 60), paddedTo: 2)
        text.append(UInt8(ascii: ":"))
        text.append(number: Int(time / 1000 % 60), paddedTo: 2)
        text.append(zone)
    }
}
