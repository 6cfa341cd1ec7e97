import EndlessTesting
import Testing

@testable import EndlessTerminal

private func parse(_ text: String, escapePrefix: InputParser.EscapePrefix = .escapeKey) -> [TerminalEvent] {
    var parser = InputParser(escapePrefix: escapePrefix)
    return parser.feed(Array(text.utf8))
}

private func key(_ key: Key, _ modifiers: KeyModifiers = []) -> TerminalEvent {
    .key(KeyEvent(key, modifiers: modifiers))
}

private func char(_ character: Character, _ modifiers: KeyModifiers = []) -> TerminalEvent {
    .key(KeyEvent(.character(character), modifiers: modifiers))
}

@Suite("Input parser")
struct InputParserTests {
    @Test("UTF-8 text, including characters split across reads")
    func text() {
        #expect(parse("aZ é山😀") == [char("a"), char("Z"), char(" "), char("é"), char("山"), char("😀")])
        var parser = InputParser()
        let bytes = Array("山😀".utf8)
        var events: [TerminalEvent] = []
        for byte in bytes { events += parser.feed([byte]) }
        #expect(events == [char("山"), char("😀")])
    }

    @Test("invalid UTF-8 is dropped, not echoed")
    func invalidUTF8() {
        var parser = InputParser()
        #expect(parser.feed([0xFF, 0x61, 0xC3, 0x28, 0xE2, 0x82, 0x62, 0xC0, 0xAF, 0xED, 0xA0, 0x80]) == [char("a"), char("("), char("b")])
    }

    @Test("control keys")
    func controlKeys() {
        #expect(parse("\u{01}\u{03}\u{1A}") == [char("a", .control), char("c", .control), char("z", .control)])
        #expect(parse("\r\n\t\u{7F}\u{08}") == [key(.enter), key(.enter), key(.tab), key(.backspace), key(.backspace)])
        #expect(parse("\u{00}\u{1C}\u{1F}") == [char(" ", .control), char("\\", .control), char("_", .control)])
    }

    @Test("CSI and SS3 arrows, with xterm modifiers")
    func arrows() {
        #expect(parse("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [key(.up), key(.down), key(.right), key(.left)])
        #expect(parse("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == [key(.up), key(.down), key(.right), key(.left)])
        #expect(parse("\u{1B}[1;5A") == [key(.up, .control)])
        #expect(parse("\u{1B}[1;2B") == [key(.down, .shift)])
        #expect(parse("\u{1B}[1;3C") == [key(.right, .alt)])
        #expect(parse("\u{1B}[1;6D") == [key(.left, [.control, .shift])])
        #expect(parse("\u{1B}[1;8H") == [key(.home, [.control, .alt, .shift])])
        #expect(parse("\u{1B}O5A") == [key(.up, .control)])
    }

    @Test("editing keys: Home, End, Insert, Delete, PgUp, PgDn")
    func editingKeys() {
        #expect(parse("\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF") == [key(.home), key(.end), key(.home), key(.end)])
        #expect(parse("\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~") == [key(.home), key(.end), key(.home), key(.end)])
        #expect(parse("\u{1B}[2~\u{1B}[3~\u{1B}[5~\u{1B}[6~") == [key(.insert), key(.delete), key(.pageUp), key(.pageDown)])
        #expect(parse("\u{1B}[3;5~\u{1B}[5;2~") == [key(.delete, .control), key(.pageUp, .shift)])
        #expect(parse("\u{1B}[Z") == [key(.tab, .shift)])
    }

    @Test("function keys F1 to F12")
    func functionKeys() {
        let sequences = ["OP", "OQ", "OR", "OS", "[15~", "[17~", "[18~", "[19~", "[20~", "[21~", "[23~", "[24~"]
        let events = sequences.flatMap { parse("\u{1B}" + $0) }
        #expect(events == (1...12).map { key(.function($0)) })
        #expect(parse("\u{1B}[1;2P\u{1B}[15;5~\u{1B}[24;3~") == [key(.function(1), .shift), key(.function(5), .control), key(.function(12), .alt)])
    }

    @Test("ESC before a key means Alt when asked for")
    func altKeys() {
        let alt = InputParser.EscapePrefix.alt
        #expect(
            parse("\u{1B}x\u{1B}X\u{1B}\u{7F}\u{1B}\r", escapePrefix: alt) == [
                char("x", .alt), char("X", .alt), key(.backspace, .alt), key(.enter, .alt),
            ])
        #expect(parse("\u{1B}é", escapePrefix: alt) == [char("é", .alt)])
        #expect(parse("\u{1B}\u{1B}[A", escapePrefix: alt) == [key(.escape), key(.up)])
    }

    @Test("Esc and at once another key, in one read: Esc, then the key (both kept)")
    func escapeThenKey() {
        #expect(parse("\u{1B}j") == [key(.escape), char("j")])
        #expect(parse("\u{1B}q") == [key(.escape), char("q")])
        #expect(parse("\u{1B}\r\u{1B}\u{7F}") == [key(.escape), key(.enter), key(.escape), key(.backspace)])
        #expect(parse("\u{1B}é") == [key(.escape), char("é")])
        #expect(parse("\u{1B}\u{1B}j") == [key(.escape), key(.escape), char("j")])
        // Sequences are still sequences: arrows, Alt-arrows, Esc before an arrow.
        #expect(parse("\u{1B}[A\u{1B}OB") == [key(.up), key(.down)])
        #expect(parse("\u{1B}[1;3C") == [key(.right, .alt)])
        #expect(parse("\u{1B}\u{1B}[A") == [key(.escape), key(.up)])
        // A key after the introducer of a string that is not a reply.
        #expect(parse("\u{1B}Px") == [key(.escape), char("P"), char("x")])
    }

    @Test("CSI u keys")
    func csiU() {
        #expect(parse("\u{1B}[97;5u\u{1B}[13u\u{1B}[27u") == [char("a", .control), key(.enter), key(.escape)])
    }

    @Test("SGR mouse: press, release, drag, motion, wheel, modifiers, 0-based coordinates")
    func sgrMouse() {
        func mouse(_ kind: MouseEvent.Kind, _ x: Int, _ y: Int, _ modifiers: KeyModifiers = []) -> TerminalEvent {
            .mouse(MouseEvent(kind, at: Point(x: x, y: y), modifiers: modifiers))
        }
        #expect(parse("\u{1B}[<0;10;5M") == [mouse(.press(.left), 9, 4)])
        #expect(parse("\u{1B}[<0;10;5m") == [mouse(.release(.left), 9, 4)])
        #expect(parse("\u{1B}[<1;1;1M\u{1B}[<2;2;2M") == [mouse(.press(.middle), 0, 0), mouse(.press(.right), 1, 1)])
        #expect(parse("\u{1B}[<32;11;5M") == [mouse(.drag(.left), 10, 4)])
        #expect(parse("\u{1B}[<35;200;60M") == [mouse(.move, 199, 59)])
        #expect(parse("\u{1B}[<64;3;4M\u{1B}[<65;3;4M") == [mouse(.scrollUp, 2, 3), mouse(.scrollDown, 2, 3)])
        #expect(parse("\u{1B}[<66;1;1M\u{1B}[<67;1;1M") == [mouse(.scrollLeft, 0, 0), mouse(.scrollRight, 0, 0)])
        #expect(
            parse("\u{1B}[<4;1;1M\u{1B}[<8;1;1M\u{1B}[<16;1;1M") == [
                mouse(.press(.left), 0, 0, .shift), mouse(.press(.left), 0, 0, .alt), mouse(.press(.left), 0, 0, .control),
            ])
        #expect(parse("\u{1B}[<80;5;5M") == [mouse(.scrollUp, 4, 4, .control)])
        #expect(parse("\u{1B}[<128;1;1M") == [mouse(.press(.other(8)), 0, 0)])
        #expect(parse("\u{1B}[<0;10M\u{1B}[<0;1;1;1M") == [])  // malformed: dropped
    }

    @Test("X10 mouse reports are decoded, their raw bytes never become text")
    func legacyMouse() {
        let bytes: [UInt8] = [0x1B, 0x5B, 0x4D, 32 + 0, 32 + 5, 32 + 3, 0x1B, 0x5B, 0x4D, 32 + 3, 32 + 5, 32 + 3]
        var parser = InputParser()
        #expect(
            parser.feed(bytes) == [
                .mouse(MouseEvent(.press(.left), at: Point(x: 4, y: 2))), .mouse(MouseEvent(.release(.left), at: Point(x: 4, y: 2))),
            ])
    }

    @Test("bracketed paste: one event, escapes stripped, sanitized")
    func paste() {
        #expect(parse("\u{1B}[200~hello\nworld \u{1B}[31mred\u{1B}]0;t\u{07}!\u{1B}[201~x") == [.paste("hello world red!"), char("x")])
        #expect(parse("\u{1B}[200~a\u{1B}[20b\u{1B}[201c\u{1B}[201~") == [.paste("a")])  // look-alikes are CSI too
        #expect(parse("\u{1B}[200~\u{1B}[201~") == [])
        var parser = InputParser()
        var events = parser.feed(Array("\u{1B}[200~ab\u{1B}[2".utf8))
        #expect(events.isEmpty && !parser.hasPendingEscape)
        events = parser.feed(Array("01~c".utf8))
        #expect(events == [.paste("ab"), char("c")])
    }

    @Test("focus reports")
    func focus() {
        #expect(parse("\u{1B}[I\u{1B}[O") == [.focus(true), .focus(false)])
    }

    @Test("unknown sequences are ignored, never echoed")
    func unknown() {
        #expect(parse("\u{1B}[?1;2ca\u{1B}[99~b\u{1B}[>0;276;0cc\u{1B}[12;24td\u{1B}Oxe") == [char("a"), char("b"), char("c"), char("d"), char("e")])
        #expect(parse("\u{1B}[" + String(repeating: "1;", count: 100) + "Az") == [char("z")])
    }

    @Test("a sequence split across reads is completed by the next read")
    func splitSequences() {
        var parser = InputParser()
        #expect(parser.feed(Array("\u{1B}".utf8)).isEmpty)
        #expect(parser.hasPendingEscape)
        #expect(parser.feed(Array("[1;".utf8)).isEmpty)
        #expect(parser.feed(Array("5A\u{1B}[<0;3".utf8)) == [key(.up, .control)])
        #expect(parser.feed(Array(";4M".utf8)) == [.mouse(MouseEvent(.press(.left), at: Point(x: 2, y: 3)))])
        #expect(!parser.hasPendingEscape)
    }

    @Test("a pending ESC resolves on timeout: Escape, Alt-[ (or Esc and [), or nothing")
    func flush() {
        var plain = InputParser()
        _ = plain.feed(Array("\u{1B}[".utf8))
        #expect(plain.flushPendingEscape() == [key(.escape), char("[")])
        var parser = InputParser(escapePrefix: .alt)
        _ = parser.feed([0x1B])
        #expect(parser.flushPendingEscape() == [key(.escape)])
        _ = parser.feed(Array("\u{1B}[".utf8))
        #expect(parser.flushPendingEscape() == [char("[", .alt)])
        _ = parser.feed(Array("\u{1B}O".utf8))
        #expect(parser.flushPendingEscape() == [char("O", .alt)])
        _ = parser.feed(Array("\u{1B}[1;5".utf8))
        #expect(parser.flushPendingEscape() == [])
        #expect(parser.flushPendingEscape() == [])
        #expect(parser.feed(Array("q".utf8)) == [char("q")])
    }

    @Test("fuzz: random bytes never crash, never hang, keep buffers bounded, and never yield controls")
    func fuzz() {
        var random = SeededRandomNumberGenerator(seed: 0x5EED_F00D)
        let interesting: [UInt8] = [0x1B, 0x5B, 0x4F, 0x3C, 0x3B, 0x7E, 0x4D, 0x6D, 0x32, 0x30, 0x31, 0x35, 0xC3, 0xE2, 0xF0, 0x80, 0x07, 0x9B]
        var parser = InputParser()
        var eventCount = 0
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...48, using: &random)
            var chunk: [UInt8] = []
            for _ in 0..<length {
                chunk.append(Bool.random(using: &random) ? interesting.randomElement(using: &random) ?? 0 : UInt8.random(in: 0...255, using: &random))
            }
            let events = parser.feed(chunk)
            eventCount += events.count
            for event in events {
                switch event {
                case .key(let key):
                    if case .character(let character) = key.key {
                        #expect(character.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) })
                    }
                case .paste(let text):
                    #expect(TextSanitizer.sanitize(text) == text)
                default:
                    break
                }
            }
            #expect(parser.bufferedByteCount <= InputParser.maxSequenceLength + InputParser.maxPasteBytes + 4)
            if Int.random(in: 0..<8, using: &random) == 0 { eventCount += parser.flushPendingEscape().count }
        }
        #expect(eventCount > 0)
        // Whatever state the noise left, the parser recovers: end a paste, flush, type.
        _ = parser.feed(InputParser.pasteTerminator)
        _ = parser.flushPendingEscape()
        #expect(parser.feed(Array("z".utf8)).last == char("z"))
    }
}

@Suite("Input parser: replies to queries")
struct InputParserReplyTests {
    static let answers: [(String, TerminalReply)] = [
        ("\u{1B}[?62;4;22c", .primaryDeviceAttributes([62, 4, 22])),
        ("\u{1B}[6;20;10t", .cellPixelSize(Size(width: 10, height: 20))),
        ("\u{1B}[4;480;800t", .textAreaPixelSize(Size(width: 800, height: 480))),
        ("\u{1B}[?1;0;1024S", .graphicsAttribute(item: 1, status: 0, values: [1024])),
        ("\u{1B}P>|XTerm(379)\u{1B}\\", .terminalVersion("XTerm(379)")),
        ("\u{1B}_Gi=31;OK\u{1B}\\", .kittyGraphics(id: 31, message: "OK")),
        ("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\", .kittyGraphics(id: 31, message: "ENOTSUPPORTED:no")),
        ("\u{1B}[0n", .deviceStatus(0)),
    ]

    @Test("every answer is a reply, never a key, between keys and split byte by byte")
    func answersAreNotKeys() {
        for (answer, reply) in Self.answers {
            var parser = InputParser()
            #expect(parser.feed(Array(("a" + answer + "b").utf8)) == [char("a"), char("b")], "\(reply)")
            #expect(parser.takeReplies() == [reply])
            #expect(parser.takeReplies().isEmpty, "taken once")
            var events: [TerminalEvent] = []
            for byte in Array((answer + "q").utf8) { events += parser.feed([byte]) }
            #expect(events == [char("q")], "\(reply) split")
            #expect(parser.takeReplies() == [reply])
        }
    }

    @Test("OSC, DA3, DECRQSS and unknown strings are swallowed whole")
    func otherStrings() {
        var parser = InputParser()
        let text = "x\u{1B}]11;rgb:0000/0000/0000\u{7}\u{1B}P!|7E565445\u{1B}\\\u{1B}P1$r0m\u{1B}\\\u{1B}_Gi=2,q=0;x\u{1B}\\y"
        #expect(parser.feed(Array(text.utf8)) == [char("x"), char("y")])
        #expect(parser.takeReplies() == [.kittyGraphics(id: 2, message: "x")])
    }

    @Test("Alt-P, Alt-_ and Alt-] typed are still keys")
    func altKeys() {
        var parser = InputParser(escapePrefix: .alt)
        #expect(parser.feed(Array("\u{1B}P".utf8)).isEmpty)
        #expect(parser.hasPendingEscape)
        #expect(parser.flushPendingEscape() == [char("P", .alt)])
        #expect(parse("\u{1B}Px", escapePrefix: .alt) == [char("P", .alt), char("x")])
        #expect(parse("\u{1B}_a", escapePrefix: .alt) == [char("_", .alt), char("a")])
        #expect(parse("\u{1B}]q", escapePrefix: .alt) == [char("]", .alt), char("q")])
        #expect(parse("\u{1B}P\u{1B}[A", escapePrefix: .alt) == [char("P", .alt), key(.up)])
        #expect(parse("\u{1B}]q") == [key(.escape), char("]"), char("q")])
    }

    @Test("a string cut short by the ESC timeout, CAN or another escape gives no key and no reply")
    func unfinishedStrings() {
        var parser = InputParser()
        #expect(parser.feed(Array("\u{1B}P>|XTe".utf8)).isEmpty)
        #expect(parser.hasPendingEscape)
        #expect(parser.flushPendingEscape().isEmpty)
        #expect(parser.feed(Array("j".utf8)) == [char("j")])
        #expect(parse("\u{1B}_Gi=31;O\u{18}k") == [char("k")])
        #expect(parse("\u{1B}P>|XT\u{1B}[B") == [key(.down)])
        #expect(parser.takeReplies().isEmpty)
    }

    @Test("strings and replies stay bounded whatever arrives")
    func bounded() {
        var parser = InputParser()
        _ = parser.feed(Array(("\u{1B}_G" + String(repeating: "A", count: 100_000)).utf8))
        #expect(parser.bufferedByteCount <= InputParser.maxStringBytes)
        _ = parser.feed(Array("\u{1B}\\".utf8))
        let many = String(repeating: "\u{1B}[0n", count: 500)
        #expect(parser.feed(Array(many.utf8)).isEmpty)
        #expect(parser.takeReplies().count == InputParser.maxReplies)
    }
}
