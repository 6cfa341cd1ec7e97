import Testing

@testable import EndlessTerminal
@testable import EndlessTerminalTesting

/// OSC 8 hyperlinks: cells linked in a frame are sent inside `ESC ] 8 ; ; URI ESC \` … `ESC ]
/// 8 ; ; ESC \` to a terminal that shows them, as plain text to one that does not, and the
/// screen's text is the same either way (the sequence takes no cell).
@Suite("Hyperlinks")
struct HyperlinkTests {
    static let open = "\u{1B}]8;;https://unsplash.com/photos/a\u{1B}\\"
    static let close = "\u{1B}]8;;\u{1B}\\"

    static func frame() -> ScreenBuffer {
        var frame = ScreenBuffer(size: Size(width: 30, height: 3))
        frame.write("page ", at: Point(x: 0, y: 1))
        frame.write("unsplash.com/a", at: Point(x: 5, y: 1), link: "https://unsplash.com/photos/a")
        return frame
    }

    @Test("with support, the linked text is wrapped in OSC 8 and the link closed before anything else")
    func withSupport() {
        var renderer = FrameRenderer(colorDepth: .trueColor, synchronizedOutput: false)
        renderer.hyperlinks = true
        let output = String(decoding: renderer.render(Self.frame()), as: UTF8.self)
        #expect(output.contains("page " + Self.open + "unsplash.com/a" + Self.close))
        #expect(output.components(separatedBy: "\u{1B}]8;").count == 3, "one link opened, and closed once")
        // A changed cell inside the link is written inside it again, and the link closed.
        var next = Self.frame()
        next.write("U", at: Point(x: 5, y: 1), link: "https://unsplash.com/photos/a")
        #expect(String(decoding: renderer.render(next), as: UTF8.self).hasSuffix("6G" + Self.open + "U" + Self.close))
        #expect(renderer.render(next).isEmpty)
    }

    @Test("without support, the same frame is sent as plain text: no OSC 8 at all")
    func withoutSupport() {
        var renderer = FrameRenderer(colorDepth: .trueColor, synchronizedOutput: false)
        let output = String(decoding: renderer.render(Self.frame()), as: UTF8.self)
        #expect(!output.contains("\u{1B}]8"))
        #expect(output.contains("page unsplash.com/a"))
    }

    @Test("the sequence takes no cell: the screen reads the same with links as without")
    func zeroWidth() {
        var linked = InMemoryTerminal(size: Size(width: 30, height: 3))
        linked.renderer.hyperlinks = true
        var plain = InMemoryTerminal(size: Size(width: 30, height: 3))
        linked.render(Self.frame())
        plain.render(Self.frame())
        #expect(linked.text == plain.text)
        #expect(linked.text.contains("page unsplash.com/a"))
    }

    @Test(
        "only http, https and mailto addresses of printable ASCII are linked",
        arguments: [
            ("https://unsplash.com/photos/a?utm_source=endless", true), ("http://127.0.0.1:1/x", true), ("mailto:a@b.test", true),
            ("javascript:alert(1)", false), ("file:///etc/passwd", false), ("https://x.test/\u{1B}\\evil", false),
            ("https://x.test/\u{07}", false), ("https://x.test/\u{9C}", false), ("https://x.test/a b", false), ("", false),
        ])
    func targets(_ address: String, _ linked: Bool) {
        #expect((Hyperlink.target(address) != nil) == linked)
        var frame = ScreenBuffer(size: Size(width: 20, height: 1))
        frame.write("x", at: .zero, link: address)
        #expect(frame.links.isEmpty == !linked)
    }

    @Test("a frame links at most 15 targets; text past them stays plain")
    func bounded() {
        var frame = ScreenBuffer(size: Size(width: 20, height: 20))
        for y in 0..<20 { frame.write("x", at: Point(x: 0, y: y), link: "https://x.test/\(y)") }
        #expect(frame.links.count == ScreenBuffer.maximumLinks)
        #expect(frame[0, 14].linkID == 15 && frame[0, 15].linkID == 0)
        #expect(frame[0, 0].style == .plain, "the link is not part of the style")
    }

    @Test(
        "support: known terminals, never inside tmux or screen; FORCE_HYPERLINK decides when set",
        arguments: [
            (["TERM": "xterm-kitty"], true), (["TERM_PROGRAM": "WezTerm", "TERM": "xterm-256color"], true),
            (["VTE_VERSION": "7600", "TERM": "xterm-256color"], true), (["TERM": "xterm-256color"], false),
            (["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-1/default,1,0"], false), (["TERM": "screen-256color"], false),
            (["TERM": "xterm", "FORCE_HYPERLINK": "1"], true), (["TERM": "xterm-kitty", "FORCE_HYPERLINK": "0"], false),
        ])
    func support(_ environment: [String: String], _ supported: Bool) {
        #expect(Hyperlink.supported(environment: environment) == supported)
    }
}
