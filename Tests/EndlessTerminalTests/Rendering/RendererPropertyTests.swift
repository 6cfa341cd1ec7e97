import EndlessTerminalTesting
import EndlessTesting
import Testing

@testable import EndlessTerminal

/// Random frames through the diff renderer into the virtual screen: whatever happened
/// before, the screen must equal the last frame, with no ink left of a glyph that is gone
/// (the texts include Persian, accents and emoji, whose ink overflows their cells).
@Suite("Renderer property: the virtual screen equals the last frame")
struct RendererPropertyTests {
    static let texts = [
        "hello", "Leo Bennink", "山田 太郎", "👩‍🚀", "e\u{301}te\u{301}", "🇫🇷🇫🇮", "❤️", "|", "xxxxxxxxxxxxxxxxxx", "日本語テキスト", "·", "▀▄█",
        "فاطمه", " ", "a\u{1B}[2Jb",
    ]

    static func randomColor(_ random: inout SeededRandomNumberGenerator) -> Color {
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return .default
        case 1: return .ansi(UInt8.random(in: 0...15, using: &random))
        case 2: return .indexed(UInt8.random(in: 0...255, using: &random))
        default:
            return .rgb(
                UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random))
        }
    }

    static func randomStyle(_ random: inout SeededRandomNumberGenerator) -> Style {
        if Bool.random(using: &random) { return .plain }
        return Style(
            foreground: randomColor(&random), background: randomColor(&random),
            attributes: TextAttributes(rawValue: UInt8.random(in: 0...31, using: &random)))
    }

    static func mutate(_ frame: inout ScreenBuffer, _ random: inout SeededRandomNumberGenerator) {
        let size = frame.size
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let point = Point(x: Int.random(in: -2..<size.width, using: &random), y: Int.random(in: 0..<size.height, using: &random))
            switch Int.random(in: 0..<10, using: &random) {
            case 0...3:
                let text = texts.randomElement(using: &random) ?? ""
                frame.write(text, at: point, style: randomStyle(&random), maxWidth: Int.random(in: 1...size.width, using: &random))
            case 4:
                let rect = Rect(
                    x: point.x, y: point.y, width: Int.random(in: 0...size.width, using: &random), height: Int.random(in: 0...4, using: &random))
                frame.fill(rect, with: Bool.random(using: &random) ? " " : "#", style: randomStyle(&random))
            case 5:
                let rect = Rect(
                    x: point.x, y: point.y, width: Int.random(in: 0...size.width, using: &random), height: Int.random(in: 0...3, using: &random))
                let color = randomColor(&random)
                frame.restyle(rect) { $0.background = color }
            case 6, 7:
                shiftRows(
                    &frame, by: Int.random(in: -3...3, using: &random), top: Int.random(in: 0...2, using: &random),
                    bottom: size.height - Int.random(in: 0...2, using: &random))
            case 8:
                if Int.random(in: 0..<4, using: &random) == 0 { frame.clear() }
            default:
                frame.set(Cell("😀", style: randomStyle(&random)), at: point)
            }
        }
    }

    /// Moves rows inside [top, bottom) like a list scroll, filling the gap with new lines.
    static func shiftRows(_ frame: inout ScreenBuffer, by shift: Int, top: Int, bottom: Int) {
        guard shift != 0, bottom - top > abs(shift) else { return }
        let width = frame.size.width
        let old = frame.cells
        for y in top..<bottom {
            let source = y + shift
            for x in 0..<width {
                frame.cells[y * width + x] = (source >= top && source < bottom) ? old[source * width + x] : .blank
            }
            if source < top || source >= bottom { frame.write("new line \(y)", at: Point(x: 1, y: y)) }
        }
    }

    @Test("random frames", arguments: ColorDepth.allCases)
    func randomFrames(depth: ColorDepth) {
        var random = SeededRandomNumberGenerator(seed: 0xD1FF + UInt64(depth.rawValue))
        let size = Size(width: 37, height: 13)
        var terminal = InMemoryTerminal(size: size, colorDepth: depth)
        var frame = ScreenBuffer(size: size)
        var failures = 0
        for step in 0..<400 {
            let previous = frame
            Self.mutate(&frame, &random)
            terminal.render(frame)
            let ink = terminal.screen.pixels.staleInk
            if !ink.isEmpty {
                failures += 1
                Issue.record(
                    "step \(step): stale ink at \(ink.prefix(5))\nbefore:\n\(previous.lines.joined(separator: "\n"))\nafter:\n\(frame.lines.joined(separator: "\n"))\n\(String(decoding: terminal.lastOutput, as: UTF8.self).debugDescription)"
                )
                if failures > 2 { break }
            }
            if !terminal.shows(frame) {
                failures += 1
                let index = frame.cells.indices.first { frame.cells[$0] != terminal.screen.cells[$0] } ?? -1
                let detail =
                    index < 0
                    ? "styles after downsampling"
                    : "cell (\(index % size.width),\(index / size.width)): expected \(frame.cells[index]), got \(terminal.screen.cells[index])"
                Issue.record(
                    "step \(step): screen differs at \(detail)\nexpected:\n\(frame.lines.joined(separator: "\n"))\ngot:\n\(terminal.screen.lines.joined(separator: "\n"))"
                )
                if failures > 2 { break }
            }
            if step % 97 == 0 { terminal.renderer.invalidate() }
        }
        #expect(terminal.screen.unsupportedSequences.isEmpty, "\(terminal.screen.unsupportedSequences.prefix(5))")
        #expect(!terminal.screen.isInSynchronizedUpdate)
        #expect(terminal.screen.synchronizedUpdates > 300)
    }

    @Test("without synchronized output or scrolling the screen still matches")
    func plainRenderer() {
        var random = SeededRandomNumberGenerator(seed: 7)
        let size = Size(width: 21, height: 9)
        var terminal = InMemoryTerminal(size: size, synchronizedOutput: false)
        terminal.renderer.scrollOptimization = false
        var frame = ScreenBuffer(size: size)
        for step in 0..<200 {
            Self.mutate(&frame, &random)
            terminal.render(frame)
            #expect(terminal.shows(frame), "step \(step)")
        }
        #expect(terminal.screen.synchronizedUpdates == 0)
    }
}
