import Testing

@testable import EndlessTerminal

@Suite("TextSanitizer")
struct TextSanitizerTests {
    @Test(
        "printable text passes through unchanged",
        arguments: [
            "Leo Bennink", "Zoë Ørsted-Ça", "山田 太郎", "فاطمه رضایی", "Ὀδυσσεύς", "👩🏽‍🚀 rocket", "",
        ])
    func keepsPrintableText(_ text: String) {
        #expect(TextSanitizer.sanitize(text) == text)
    }

    @Test(
        "known terminal-injection payloads lose the whole sequence",
        arguments: [
            ("evil\u{1B}[2Jname", "evilname"),  // CSI 2J: clear screen
            ("a\u{1B}]0;pwned\u{07}b", "ab"),  // OSC 0: window title, BEL-terminated
            ("a\u{1B}]52;c;aGVsbG8=\u{1B}\\b", "ab"),  // OSC 52: clipboard write, ST-terminated
            ("\u{1B}]8;;https://evil.example\u{1B}\\click\u{1B}]8;;\u{1B}\\", "click"),  // OSC 8 link
            ("x\u{1B}P$qm\u{1B}\\y", "xy"),  // DECRQSS: asks the terminal to echo back
            ("x\u{1B}[cy", "xy"),  // DA: device attributes, an echo-back request
            ("x\u{1B}[6ny", "xy"),  // DSR: cursor position report
            ("x\u{9B}2Jy", "xy"),  // 8-bit CSI
            ("x\u{9D}0;t\u{9C}y", "xy"),  // 8-bit OSC and ST
            ("x\u{1B}(0y", "xy"),  // charset designation: ESC, intermediate, final
            ("x\u{1B}cy", "xy"),  // RIS: full reset
            ("bold\u{1B}[1;31mred\u{1B}[0m", "boldred"),
            ("a\u{1B}]52;c;?\u{07}b", "ab"),  // OSC 52 clipboard read: the terminal would answer with it
            ("a\u{1B}]0;x\u{9C}b", "ab"),  // OSC ended by an 8-bit ST
            ("a\u{1B}]1337;File=inline=1:AAAA\u{07}b", "ab"),  // iTerm2 inline file
            ("a\u{1B}P+q544e\u{1B}\\b", "ab"),  // XTGETTCAP: another echo-back request
            ("a\u{1B}[?2026$pb", "ab"),  // DECRQM: mode report request
            ("a\u{1B}[?1049hb", "ab"),  // switch to the alternate screen
            ("a\u{1B}_Ga=T,f=100;AAAA\u{1B}\\b", "ab"),  // APC: kitty graphics
            ("a\u{1B}Xhidden\u{1B}\\b\u{1B}^pm\u{1B}\\", "ab"),  // SOS and PM strings
            ("\u{1B}7x\u{1B}8", "x"),  // save and restore the cursor
            ("a\u{1B}[31\u{18}b", "ab"),  // CAN inside a sequence
        ])
    func stripsEscapeSequences(_ payload: (String, String)) {
        #expect(TextSanitizer.sanitize(payload.0) == payload.1)
    }

    @Test("controls are dropped and line breaks become spaces")
    func controls() {
        #expect(TextSanitizer.sanitize("a\u{00}b\u{07}c\u{7F}d\u{85}e") == "abcde")
        #expect(TextSanitizer.sanitize("line1\nline2\r\nend\tx") == "line1 line2  end x")
    }

    @Test("bidi overrides and isolates are removed")
    func bidi() {
        #expect(TextSanitizer.sanitize("abc\u{202E}fdp.exe") == "abcfdp.exe")
        #expect(TextSanitizer.sanitize("\u{2066}x\u{2069}\u{202A}y\u{202C}") == "xy")
    }

    @Test("an unterminated string sequence swallows the rest, like a terminal")
    func unterminatedString() {
        #expect(TextSanitizer.sanitize("name\u{1B}]0;never ends") == "name")
    }

    @Test("an aborted control sequence gives the text after it back")
    func abortedSequence() {
        #expect(TextSanitizer.sanitize("a\u{1B}[12é") == "aé")
    }

    @Test("text returned as it is, unscanned, is exactly the text the scanner leaves as it is")
    func fastPath() {
        var kept = 0
        for value in UInt32(0)..<0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a\(scalar)b"
            let unchanged = TextSanitizer.scanned(text) == text
            #expect(TextSanitizer.needsNoChange(text) == unchanged, "U+\(String(value, radix: 16))")
            if unchanged { kept += 1 }
        }
        #expect(kept > 12_000)
        for text in ["Mr شروین محمودی", "Zoë 山田 👩‍🚀 🇫🇷", "Олександра", "plain"] {
            #expect(TextSanitizer.needsNoChange(text))
            #expect(TextSanitizer.sanitize(text) == text)
        }
        #expect(!TextSanitizer.needsNoChange("evil\u{202E}txt"))
        #expect(TextSanitizer.sanitize("a\u{2028}b\u{FEFF}") == "a b")
    }
}
