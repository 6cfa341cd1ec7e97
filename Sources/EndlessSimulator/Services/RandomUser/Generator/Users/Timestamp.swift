/// JS `Date.prototype.toISOString()` for the dob and registered instants (GENERATOR.md §5.6):
/// always UTC with milliseconds, e.g. `1992-03-08T15:13:16.688Z`.
enum Timestamp {
    /// Appends the ISO form of `milliseconds` since the epoch (years 0...9999).
    static func appendISO(_ milliseconds: Int64, to text: inout TextBuffer) {
        let fields = LocalDateTime(wallClock: milliseconds)
        let time = fields.timeOfDay
        text.append(number: fields.year, paddedTo: 4)
        text.append(UInt8(ascii: "-"))
        appendTwoDigits(fields.month, to: &text)
        text.append(UInt8(ascii: "-"))
        appendTwoDigits(fields.day, to: &text)
        text.append(UInt8(ascii: "T"))
        appendTwoDigits(Int(time / 3_600_000), to: &text)
        text.append(UInt8(ascii: ":"))
        appendTwoDigits(Int(time / 60_000 % 60), to: &text)
        text.append(UInt8(ascii: ":"))
        appendTwoDigits(Int(time / 1000 % 60), to: &text)
        text.append(UInt8(ascii: "."))
        let millis = Int(time % 1000)
        text.append(UInt8(ascii: "0") + UInt8(millis / 100))
        appendTwoDigits(millis % 100, to: &text)
        text.append(UInt8(ascii: "Z"))
    }

    /// The ISO form as a `String`.
    static func iso(_ milliseconds: Int64) -> String {
        var text = TextBuffer(capacity: 24)
        appendISO(milliseconds, to: &text)
        return text.makeString()
    }

    private static func appendTwoDigits(_ value: Int, to text: inout TextBuffer) {
        text.append(UInt8(ascii: "0") + UInt8(value / 10))
        text.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
