import EndlessTerminal
import Foundation

/// Figures for the terminal layer (issue 6):
/// - `terminal cols=200 rows=60 diff_bytes=… full_bytes=… bytes_ratio=… diff_us=… full_us=…`:
///   scrolling a list of people with chafa avatars (3-line rows: avatar, bold name, dim second
///   line) by one row, the diff renderer against a full redraw of the same frame.
/// - `terminal input_mb_per_s=…`: the input parser on a generated session recording (typing,
///   arrows, mouse motion, wheel, pastes).
enum TerminalBenchmark {
    static func run() async throws {
        renderFigures()
        inputFigures()
    }

    // MARK: - Rendering

    static let size = Size(width: 200, height: 60)

    static func renderFigures() {
        let avatars = (0..<32).map { avatar(seed: $0) }
        let people = (0..<2_000).map { person($0) }
        let before = frame(offset: 40, people: people, avatars: avatars)
        let after = frame(offset: 41, people: people, avatars: avatars)

        var primed = FrameRenderer(colorDepth: .trueColor)
        _ = primed.render(before)
        var diffBytes = 0
        var fullBytes = 0
        let diffSeconds = Bench.median(repetitions: 21) {
            var renderer = primed
            diffBytes = renderer.render(after).count
        }
        let fullSeconds = Bench.median(repetitions: 21) {
            var renderer = primed
            fullBytes = renderer.renderFull(after).count
        }
        Bench.report(
            "terminal",
            [
                "cols": size.width, "rows": size.height, "diff_bytes": diffBytes, "full_bytes": fullBytes,
                "bytes_ratio": Bench.fixed(Double(diffBytes) / Double(max(1, fullBytes)), 3),
                "diff_us": Bench.fixed(diffSeconds * 1e6, 0), "full_us": Bench.fixed(fullSeconds * 1e6, 0),
            ])
    }

    /// The app's main screen: header, list of people with avatars, footer.
    static func frame(offset: Int, people: [(name: String, line: String)], avatars: [CellImage]) -> ScreenBuffer {
        var frame = ScreenBuffer(size: size)
        let parts = Layout.rows([.fixed(1), .flexible, .fixed(1)], in: frame.bounds)
        StatusBar(left: ["endless", "simulator 127.0.0.1:41235", "seed 5f2c09a1"], right: ["\(people.count) people", "page 40"], style: .reverse)
            .draw(into: &frame, in: parts[0])
        let list = ListView(itemCount: people.count, rowHeight: 3)
        // A wheel scroll: the selection stays on its item while the list moves.
        var state = ListState(selection: 45, offset: offset)
        list.draw(into: &frame, in: parts[1], state: &state) { index, rect, _, frame in
            frame.draw(avatars[index % avatars.count], at: Point(x: rect.x + 1, y: rect.y))
            frame.write(people[index].name, at: Point(x: rect.x + 9, y: rect.y), style: .bold, maxWidth: rect.width - 10, ellipsis: true)
            frame.write(people[index].line, at: Point(x: rect.x + 9, y: rect.y + 1), style: .dim, maxWidth: rect.width - 10, ellipsis: true)
        }
        StatusBar(hints: [KeyHint("↑↓/jk", "move"), KeyHint("⏎", "details"), KeyHint("r", "refresh"), KeyHint("?", "help"), KeyHint("q", "quit")], right: ["2 in flight", "cache 96%"])
            .draw(into: &frame, in: parts[2])
        return frame
    }

    static func person(_ index: Int) -> (name: String, line: String) {
        let first = ["Leo", "Aada", "Mathis", "Zoë", "Noah", "花子", "Fatemeh", "Lucas", "Emma", "Oskar"]
        let last = ["Bennink", "Lehtonen", "Lefebvre", "Ørsted", "Smith", "山田", "Rezaei", "Silva", "Martin", "Nowak"]
        let places = ["Almere, Netherlands", "Pori, Finland", "Rennes, France", "Aarhus, Denmark", "Dunedin, New Zealand"]
        return ("\(index % 2 == 0 ? "Mr" : "Ms") \(first[index % 10]) \(last[(index / 10) % 10])", "\(places[index % 5]) · \(20 + index % 60)")
    }

    /// A portrait-like RGBA image: a face-coloured disc on a coloured background.
    static func avatar(seed: Int) -> CellImage {
        let side = 48
        var pixels: [UInt8] = []
        pixels.reserveCapacity(side * side * 4)
        let background = (UInt8(40 + seed * 37 % 180), UInt8(60 + seed * 53 % 160), UInt8(90 + seed * 71 % 150))
        for y in 0..<side {
            for x in 0..<side {
                let dx = x - side / 2
                let dy = y - side / 2 + 4
                let head = dx * dx + dy * dy < 120
                let shoulders = y > 36 && abs(dx) < 18
                if head || shoulders {
                    pixels += [UInt8(200 + seed % 40), UInt8(150 + seed % 50), UInt8(120 + y), 255]
                } else {
                    pixels += [background.0, background.1, UInt8(min(255, Int(background.2) + y)), 255]
                }
            }
        }
        guard let image = PixelImage(width: side, height: side, rgba: pixels) else { return CellImage(size: .zero, cells: []) }
        return ImageRenderer.cells(for: image, size: Size(width: 6, height: 3), colorDepth: .trueColor)
    }

    // MARK: - Input

    static func inputFigures() {
        let stream = recordedStream(megabytes: 4)
        var events = 0
        let seconds = Bench.median(repetitions: 7) {
            var parser = InputParser()
            var count = 0
            var offset = 0
            var output: [TerminalEvent] = []
            output.reserveCapacity(4096)
            while offset < stream.count {
                let end = min(stream.count, offset + 4096)  // one read(2) worth at a time
                output.removeAll(keepingCapacity: true)
                parser.feed(stream[offset..<end], into: &output)
                count += output.count
                offset = end
            }
            events = count
        }
        Bench.report(
            "terminal",
            [
                "input_mb_per_s": Bench.fixed(Double(stream.count) / 1e6 / seconds, 1), "input_bytes": stream.count,
                "input_events": events,
            ])
    }

    /// A session as a terminal would send it: typing (some of it non-ASCII), arrows with and
    /// without modifiers, mouse motion, wheel turns, clicks, and now and then a paste.
    static func recordedStream(megabytes: Int) -> [UInt8] {
        var random = UInt64(0x1234_5678)
        func next(_ bound: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(bound))
        }
        let words = ["lehtonen", "pori", "finland", "bennink", "zoë", "山田", "ørsted", "search", "refresh", "people"]
        let paste = Array(("\u{1B}[200~" + String(repeating: "Pasted line with some text, ümlauts and 日本語.\n", count: 80) + "\u{1B}[201~").utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(megabytes * 1_000_000 + paste.count)
        while bytes.count < megabytes * 1_000_000 {
            switch next(10) {
            case 0...2:
                bytes += Array((words[next(words.count)] + " ").utf8)
            case 3:
                bytes += Array(["\u{1B}[A", "\u{1B}[B", "\u{1B}[1;5C", "\u{1B}OD", "\u{1B}[5~", "\u{1B}[6~"][next(6)].utf8)
            case 4...7:
                for step in 0..<8 { bytes += Array("\u{1B}[<35;\(20 + step);\(10 + next(40))M".utf8) }
            case 8:
                bytes += Array("\u{1B}[<\(64 + next(2));\(next(200) + 1);\(next(60) + 1)M".utf8)
                bytes += Array("\u{1B}[<0;50;20M\u{1B}[<0;50;20m".utf8)
            default:
                if next(20) == 0 { bytes += paste } else { bytes += Array("\r\u{7F}\t".utf8) }
            }
        }
        return bytes
    }
}
