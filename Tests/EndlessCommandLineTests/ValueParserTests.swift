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
}
