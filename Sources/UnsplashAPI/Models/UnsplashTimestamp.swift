import Foundation

/// Unsplash's timestamps: ISO 8601 with seconds, optional fractions, and a zone that is `Z`
/// on new photos and an offset on old ones (`2016-05-03T11:00:28-04:00`).
public enum UnsplashTimestamp {
    /// The instant `text` names.
    /// - Parameter text: `2024-05-03T11:00:28Z`, `2024-05-03T11:00:28.123Z`,
    ///   `2016-05-03T11:00:28-04:00` or `…+0530`.
    /// - Returns: nil when it is not such a timestamp, or names no real day or time.
    public static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"), bytes[13] == UInt8(ascii: ":"),
            bytes[16] == UInt8(ascii: ":"),
            let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
            let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, let digit = digit(bytes[index]) {
                fraction += Double(digit) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offset = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            let rest = bytes.count - index - 1
            guard let hours = number(bytes, index + 1, 2), hours < 24 else { return nil }
            let minutes: Int?
            if rest == 5, bytes[index + 3] == UInt8(ascii: ":") {
                minutes = number(bytes, index + 4, 2)
            } else if rest == 4 {
                minutes = number(bytes, index + 3, 2)
            } else {
                minutes = nil
            }
            guard let minutes, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        default:
            return nil
        }
        var calendar = Calendar(identifier: .gregorian)
        guard let utc = TimeZone(secondsFromGMT: 0) else { return nil }
        calendar.timeZone = utc
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else { return nil }
        return date.addingTimeInterval(fraction - Double(offset))
    }

    /// `2024-05-03`, the day in UTC, for a list.
    public static func day(of date: Date) -> String {
        String(date.ISO8601Format(.iso8601.year().month().day()))
    }

    private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start + count <= bytes.count else { return nil }
        var value = 0
        for index in start..<(start + count) {
            guard let digit = digit(bytes[index]) else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
