import Foundation
import Testing

@testable import RandomUserAPI

@Suite("Wire dates")
struct WireDateTests {
    @Test(
        "parses each form to the exact millisecond",
        arguments: [
            ("1951-11-01T17:49:27.423Z", Int64(-573_286_232_577)),
            ("2006-07-13T17:09:35.164Z", 1_152_810_575_164),
            ("1983-07-14T07:29:45Z", 427_015_785_000),
            ("1968-06-11 04:46:39", -49_144_401_000),
            ("1970-01-01T00:00:00.000Z", 0),
            ("2000-02-29T12:00:00.5Z", 951_825_600_500),
            ("2000-02-29T12:00:00.123456Z", 951_825_600_123),
            ("1983-07-14T02:29:45-05:00", 427_015_785_000),
            ("1983-07-14T12:59:45+0530", 427_015_785_000),
        ])
    func parses(text: String, milliseconds: Int64) {
        #expect(epochMilliseconds(WireDate.parse(text)) == milliseconds)
    }

    @Test(
        "rejects what no version sent",
        arguments: [
            "", "1983-07-14", "1983-13-01T00:00:00Z", "1983-02-30T00:00:00Z", "1983-07-14T25:00:00Z",
            "1983-07-14T07:29:45.Z", "1983-07-14T07:29:45Zjunk", "14/07/1983", "1983-07-14T07:29",
        ])
    func rejects(text: String) {
        #expect(WireDate.parse(text) == nil)
    }

    @Test("formats v1.4 style, before and after 1970, and round-trips")
    func formats() throws {
        for text in [
            "1951-11-01T17:49:27.423Z", "2006-07-13T17:09:35.164Z", "1944-09-26T11:01:55.071Z", "2000-02-29T00:00:00.000Z",
            "1969-12-31T23:59:59.999Z",
        ] {
            let date = try #require(WireDate.parse(text))
            #expect(WireDate.format(date) == text)
        }
        #expect(WireDate.format(Date(timeIntervalSince1970: 449_536_660)) == "1984-03-30T23:17:40.000Z")
    }

    @Test("instants no date string can hold still convert and format without trapping")
    func extremeInstants() {
        #expect(WireDate.epochMilliseconds(Date(timeIntervalSince1970: 1e300)) == Int64.max)
        #expect(WireDate.epochMilliseconds(Date(timeIntervalSince1970: -1e300)) == Int64.min)
        #expect(WireDate.epochMilliseconds(Date(timeIntervalSince1970: .nan)) == 0)
        #expect(!WireDate.format(Date(timeIntervalSince1970: 1e300)).isEmpty)
    }

    @Test("calendar arithmetic agrees with Foundation over four centuries of month starts")
    func calendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for year in stride(from: 1800, through: 2200, by: 7) {
            for month in 1...12 {
                let date = try #require(calendar.date(from: DateComponents(year: year, month: month, day: 1)))
                let days = WireDate.daysFromCivil(year: year, month: month, day: 1)
                #expect(Int64(date.timeIntervalSince1970) == days * 86_400)
                #expect(WireDate.civil(fromDays: days) == (year, month, 1))
            }
        }
    }
}
