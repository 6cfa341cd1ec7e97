import EndlessHTTP
import Foundation
import RandomUserAPI
import Testing

@testable import EndlessApp

/// A name carrying ESC[2J (clear screen) and OSC 52 (write the clipboard) never reaches the
/// output as an escape sequence.
@Suite("endless fetch never prints escape sequences from the network")
struct FetchSanitizingTests {
    private func run(_ format: String) async -> FetchHarness.Run {
        await FetchHarness(answer: { _ in SampleResponses.hostile }).run(["fetch", "--format", format])
    }

    private func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    @Test("table and csv: no ESC, BEL, C1 or bidi control; the readable text stays", arguments: ["table", "csv"])
    func sanitized(format: String) async {
        let result = await run(format)
        #expect(result.exitCode == 0)
        let bytes = Array(result.standardOutput.utf8)
        #expect(!bytes.contains(0x1B))
        #expect(!bytes.contains(0x07))
        #expect(!scalars(result.standardOutput).contains { (0x80...0x9F).contains($0) || $0 == 0x202E })
        // Whole sequences go, payload included; the text around them stays.
        #expect(result.standardOutput.contains("EveMallory"))
        #expect(!result.standardOutput.contains("cm0gLXJmIH4="))
        #expect(!result.standardOutput.contains("pwned"))
        #expect(!result.standardOutput.contains("[2J"))
        #expect(result.standardOutput.contains("Oslo"))
        // CR and LF are only the record separators the format itself writes.
        // (By scalars: in Swift, CSV's "\r\n" is one Character, not a "\n".)
        let lines = result.standardOutput.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3)
    }

    @Test(
        "json and ndjson: ESC appears only as a \\u001b escape, C1 and bidi as \\u escapes, and the data is exact",
        arguments: ["json", "ndjson"])
    func json(format: String) async throws {
        let result = await run(format)
        #expect(result.exitCode == 0)
        #expect(!Array(result.standardOutput.utf8).contains(0x1B))
        #expect(!scalars(result.standardOutput).contains { $0 < 0x20 && $0 != 0x0A })
        #expect(!scalars(result.standardOutput).contains { (0x7F...0x9F).contains($0) || $0 == 0x202E })
        #expect(result.standardOutput.contains(#"Eve\u001b[2J\u001b]52;c;cm0gLXJmIH4=\u0007Mallory\u009b31m\u202e"#))
        // Lossless: the escapes decode to the very same name.
        let text = format == "json" ? result.standardOutput : #"{"results":["# + result.standardOutput.dropLast() + "]}"
        let decoded = try JSONDecoder().decode(RandomUserResponse.self, from: Data(text.utf8))
        #expect(decoded.results.first?.name?.first == SampleResponses.hostileName)
        if format == "ndjson" { #expect(result.standardOutput.split(separator: "\n").count == 1, "one record a line") }
    }

    @Test("the claim behind json and ndjson: JSON allows C1 and bidi controls raw (JSONEncoder writes them so); the formats escape them")
    func rawControlsAreEscaped() throws {
        let encoded = try JSONEncoder().encode(["n": "a\u{1B}b\u{9B}c\u{202E}d\u{7F}"])
        #expect(!Array(encoded).contains(0x1B), "C0 controls must be escaped in JSON")
        #expect(String(decoding: encoded, as: UTF8.self).unicodeScalars.contains("\u{9B}"), "C1 may be raw")
        let written = FetchJSON.json(try RawJSON(parsing: encoded))
        #expect(written.contains(#"b\u009bc\u202ed\u007f"#))
        #expect(try JSONDecoder().decode([String: String].self, from: Data(written.utf8)) == ["n": "a\u{1B}b\u{9B}c\u{202E}d\u{7F}"])
    }

    @Test("an error message from the network is sanitized before it reaches stderr")
    func errorMessage() async {
        let harness = FetchHarness(answer: { _ in
            throw RandomUserAPIError.serviceError(statusCode: 503, message: "down\u{1B}]52;c;ZXZpbA==\u{07} now")
        })
        let result = await harness.run(["fetch"])
        #expect(result.exitCode == 1)
        #expect(!Array(result.standardError.utf8).contains(0x1B))
        #expect(result.standardError.contains("down now"))
    }
}
