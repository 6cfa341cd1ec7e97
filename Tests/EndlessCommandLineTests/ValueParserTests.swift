import Foundation
import Testing

@testable import EndlessCommandLine

/// The typed conversions options use.
@Suite("Value parsers")
struct ValueParserTests {
    @Test(
        "http(s) URLs: ports must exist, IPv6 literals are fine, other schemes and relative text are not",
        arguments: [
            ("http://127.0.0.1:8080/api/", true), ("https://randomuser.me/api/", true), ("http://[::1]:8080/api/", true),
            ("http://127.0.0.1:65535/", true), ("http://127.0.0.1:99999/", false), ("http://127.0.0.1:0/", false),
            ("ftp://example.com/", false), ("randomuser.me/api/", false), ("http:///api/", false),
        ])
    func httpURL(text: String, accepted: Bool) {
        do {
            let url = try ValueParsers.httpURL(text)
            #expect(accepted, "\(text) was accepted as \(url)")
        } catch {
            #expect(!accepted, "\(text): \(error.problem)")
            if text.contains("99999") { #expect(error.problem.contains("port 99999") && error.allowed == "a port from 1 to 65535") }
        }
    }

    @Test("whole numbers within a range, seconds with a fraction, choices with a suggestion")
    func numbersAndChoices() throws {
        #expect(try ValueParsers.integer(in: 1...9)(" 3 ") == 3)
        #expect(throws: ValueError.self) { try ValueParsers.integer(in: 1...9)("10") }
        #expect(try ValueParsers.seconds(maximum: 10)("2.5") == .milliseconds(2500))
        #expect(throws: ValueError.self) { try ValueParsers.seconds(maximum: 10)("0") }
        #expect(try ValueParsers.seconds(maximum: 10, allowingZero: true)("0") == .zero)
    }

    @Test("seconds with a unit, as the simulator's durations are written; nothing else a number could be read as")
    func secondsWithUnits() throws {
        let seconds = ValueParsers.seconds(maximum: 600)
        for (text, milliseconds) in [("500ms", 500), ("30s", 30_000), ("2m", 120_000), ("1.5s", 1500), (" 2.5 ", 2500), ("0.25m", 15_000)] {
            #expect(try seconds(text) == .milliseconds(milliseconds), "\(text)")
        }
        for bad in ["", "s", "ms", "2h", "inf", "nan", "0x10", "1e3", "-1", "+3", "3 s", "3sec", "11m", "0ms"] {
            #expect(throws: ValueError.self, "\(bad)") { try seconds(bad) }
        }
        let live = ValueParsers.seconds(minimum: 3, maximum: 3600)
        #expect(try live("3") == .seconds(3) && live("1m") == .seconds(60))
        do {
            _ = try live("2")
            Issue.record("2 s passed a minimum of 3")
        } catch {
            #expect(error.allowed?.contains("from 3") == true && error.allowed?.contains("30s") == true, "\(error.allowed ?? "")")
        }
    }
}
