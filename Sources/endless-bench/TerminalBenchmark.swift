import EndlessTerminal
import EndlessTerminalWidgets
import Foundation
import Glibc
import Synchronization

/// Figures for the terminal layer (issues 6 and 13):
/// - `terminal frame=<scenario> cols=200 rows=60 diff_bytes=… full_bytes=… bytes_ratio=…
///   diff_us=… full_us=… cpu_ratio=… cpu_ratio_min=… cpu_ratio_max=…`: one line per scenario
///   of the app's main screen (a list of people with 4×2 avatars in 2-line rows, the selection
///   a bar in the gutter, as `AvatarRow` draws them), the diff renderer against a full redraw
///   of the same frame, measured in the same runs. The CPU ratio is the median over 11 runs
///   (each a batch of 40 renders of each, diff and full interleaved, in thread CPU time), with
///   the smallest and largest run.
/// - `terminal app_j …`: the real `endless` binary on a pseudo-terminal, bytes written for a
///   `j` that scrolls the list by one row, against the bytes of a full redraw in the same run.
/// - `terminal detect …`: how long opening a session takes on a terminal that answers the
///   capability queries and on one that answers nothing (the deadline).
/// - `terminal input_mb_per_s=…`: the input parser on a generated session recording (thread
///   CPU time, median of 7 runs).
enum TerminalBenchmark {
    static func run() async throws {
        renderFigures()
        // One frame scenario alone (for a profiler) skips the rest.
        if ProcessInfo.processInfo.environment["ENDLESS_BENCH_FRAME"] != nil { return }
        try appFigures()
        detectionFigures()
        inputFigures()
    }

    // MARK: - Rendering

    static let size = Size(width: 200, height: 60)
    /// Lines of a person's row in the app (`AvatarRow.height`).
    static let rowHeight = 2

    /// One change from a frame to the next, as the app makes it.
    struct Scenario {
        let name: String
        let before: ScreenBuffer
        let after: ScreenBuffer
    }

    static func renderFigures() {
        // ENDLESS_BENCH_FRAME=<name> measures one scenario, for a profiler.
        let only = ProcessInfo.processInfo.environment["ENDLESS_BENCH_FRAME"]
        for scenario in scenarios() where only == nil || only == scenario.name {
            measure(scenario)
        }
    }

    static func scenarios() -> [Scenario] {
        let people = (0..<2_000).map { person($0) }
        let persian = (0..<2_000).map { persianPerson($0) }
        let avatars = Avatars.symbols(count: 32)
        let sixels = Avatars.graphics(count: 32, kind: .sixel)
        let kitties = Avatars.graphics(count: 32, kind: .kitty)
        func screen(
            _ state: ListState, people: [(name: String, line: String)] = people, avatars: Avatars = avatars, status: String = "2 in flight",
            details: Bool = false
        ) -> ScreenBuffer {
            frame(state: state, people: people, avatars: avatars, status: status, details: details)
        }
        // `j` at the bottom of the screen: the selection moves down one row and the list
        // scrolls by one row to keep it visible.
        var bottom = ListState(selection: 40, offset: 40)
        var pressed = bottom
        let visible = ListView(itemCount: people.count, rowHeight: rowHeight).visibleItemCount(height: size.height - 2)
        while pressed.offset == bottom.offset {
            bottom = pressed
            pressed.moveSelection(by: 1, itemCount: people.count, visibleItems: visible)
        }
        let wheelBefore = ListState(selection: 45, offset: 40)
        let wheelAfter = ListState(selection: 45, offset: 41)
        // A screen down (PgDn): the list moves by the rows on screen.
        let paged = ListState(selection: 45 + visible, offset: 40 + visible)
        return [
            Scenario(name: "wheel", before: screen(wheelBefore), after: screen(wheelAfter)),
            Scenario(name: "j_scroll", before: screen(bottom), after: screen(pressed)),
            Scenario(name: "j_move", before: screen(ListState(selection: 45, offset: 40)), after: screen(ListState(selection: 46, offset: 40))),
            Scenario(name: "page", before: screen(ListState(selection: 45, offset: 40)), after: screen(paged)),
            Scenario(name: "idle", before: screen(wheelBefore), after: screen(wheelBefore)),
            Scenario(name: "status", before: screen(wheelBefore), after: screen(wheelBefore, status: "3 in flight")),
            Scenario(name: "details_open", before: screen(wheelBefore), after: screen(wheelBefore, details: true)),
            Scenario(name: "details_close", before: screen(wheelBefore, details: true), after: screen(wheelBefore)),
            Scenario(name: "persian_j_scroll", before: screen(bottom, people: persian), after: screen(pressed, people: persian)),
            Scenario(name: "sixel_j_scroll", before: screen(bottom, avatars: sixels), after: screen(pressed, avatars: sixels)),
            Scenario(name: "kitty_j_scroll", before: screen(bottom, avatars: kitties), after: screen(pressed, avatars: kitties)),
            Scenario(name: "kitty_page", before: screen(wheelBefore, avatars: kitties), after: screen(paged, avatars: kitties)),
        ]
    }

    static func measure(_ scenario: Scenario) {
        // Primed as in a running app: the last frame was a diff, so its row hashes are known.
        var primed = FrameRenderer(colorDepth: .trueColor)
        _ = primed.render(scenario.before)
        _ = primed.render(scenario.before)
        var check = primed
        let diffBytes = check.render(scenario.after).count
        var fullCheck = primed
        let fullBytes = fullCheck.renderFull(scenario.after).count
        let batch = 40
        var diffRuns: [Double] = []
        var fullRuns: [Double] = []
        var ratios: [Double] = []
        for run in 0..<12 {
            let diff = time(batch) {
                var renderer = primed
                _ = renderer.render(scenario.after)
            }
            let full = time(batch) {
                var renderer = primed
                _ = renderer.renderFull(scenario.after)
            }
            if run == 0 { continue }  // warm-up
            diffRuns.append(diff)
            fullRuns.append(full)
            ratios.append(diff / full)
        }
        let median = { (values: [Double]) in values.sorted()[values.count / 2] }
        Bench.report(
            "terminal",
            [
                "frame": scenario.name, "cols": size.width, "rows": size.height, "diff_bytes": diffBytes,
                "full_bytes": fullBytes, "bytes_ratio": Bench.fixed(Double(diffBytes) / Double(max(1, fullBytes)), 3),
                "diff_us": Bench.fixed(median(diffRuns) * 1e6, 1), "full_us": Bench.fixed(median(fullRuns) * 1e6, 1),
                "cpu_ratio": Bench.fixed(median(ratios), 3), "cpu_ratio_min": Bench.fixed(ratios.min() ?? 0, 3),
                "cpu_ratio_max": Bench.fixed(ratios.max() ?? 0, 3),
            ])
    }

    /// CPU seconds of this thread per call of `body`, over `count` calls: CPU time, not wall
    /// time, so that other processes on a shared machine do not move the figure.
    static func time(_ count: Int, _ body: () -> Void) -> Double {
        let start = threadCPUSeconds()
        for _ in 0..<count { body() }
        return (threadCPUSeconds() - start) / Double(count)
    }

    static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The app's main screen: header, list of people with avatars, footer, and optionally
    /// the details panel over the list. Rows as the app's: the picture at the second column,
    /// the name bold and the place dim from the eighth, the selection a bar in the gutter on
    /// both lines (no background).
    static func frame(state: ListState, people: [(name: String, line: String)], avatars: Avatars, status: String, details: Bool) -> ScreenBuffer {
        var frame = ScreenBuffer(size: size)
        let parts = Layout.rows([.fixed(1), .flexible, .fixed(1)], in: frame.bounds)
        StatusBar(left: ["endless", "simulator 127.0.0.1:41235", "seed 5f2c09a1"], right: ["\(people.count) people", "page 40"], style: .reverse)
            .draw(into: &frame, in: parts[0])
        let list = ListView(itemCount: people.count, rowHeight: rowHeight, highlight: .none)
        var state = state
        list.draw(into: &frame, in: parts[1], state: &state) { index, rect, selected, frame in
            avatars.draw(index, at: Point(x: rect.x + 1, y: rect.y), into: &frame)
            if selected {
                for y in rect.y..<rect.maxY { frame.write("▌", at: Point(x: rect.x, y: y), style: Style(foreground: .ansi(14))) }
            }
            let textX = rect.x + 1 + Avatars.cells.width + 2
            let width = rect.maxX - textX - 1
            frame.write(people[index].name, at: Point(x: textX, y: rect.y), style: .bold, maxWidth: width, ellipsis: true)
            frame.write(people[index].line, at: Point(x: textX, y: rect.y + 1), style: .dim, maxWidth: width, ellipsis: true)
        }
        if details, let selection = state.selection {
            let panel = DetailPanel(
                title: people[selection].name,
                fields: [
                    .init("Location", people[selection].line), .init("Email", "someone@example.com"),
                    .init("Phone", "06-5205-0561"), .init("Born", "1961-03-02 (63)"), .init("Registered", "2011-07-14"),
                ],
                image: avatars.symbols.first)
            _ = panel.draw(into: &frame, in: Rect(x: 20, y: 6, width: 120, height: 40))
        }
        StatusBar(
            hints: [KeyHint("↑↓/jk", "move"), KeyHint("⏎", "details"), KeyHint("r", "refresh"), KeyHint("?", "help"), KeyHint("q", "quit")],
            right: [status, "cache 96%"]
        )
        .draw(into: &frame, in: parts[2])
        return frame
    }

    static func person(_ index: Int) -> (name: String, line: String) {
        let first = ["Leo", "Aada", "Mathis", "Zoë", "Noah", "花子", "Fatemeh", "Lucas", "Emma", "Oskar"]
        let last = ["Bennink", "Lehtonen", "Lefebvre", "Ørsted", "Smith", "山田", "Rezaei", "Silva", "Martin", "Nowak"]
        let places = ["Almere, Netherlands", "Pori, Finland", "Rennes, France", "Aarhus, Denmark", "Dunedin, New Zealand"]
        return ("\(index % 2 == 0 ? "Mr" : "Ms") \(first[index % 10]) \(last[(index / 10) % 10])", "\(places[index % 5]) · \(20 + index % 60)")
    }

    /// Names in Persian script, as the IR nationality gives them in the built-in data.
    static func persianPerson(_ index: Int) -> (name: String, line: String) {
        let first = ["رضا", "فاطمه", "محمد", "زهرا", "علی", "یگانه", "پرهام", "ژینا", "گلشیفته", "Sondre"]
        let last = ["کریمی", "رضایی", "محمدی", "حسینی", "Ødegård", "پورمحمدی", "گلشیری", "احمدی", "رحیمی", "Berg"]
        return ("\(index % 2 == 0 ? "Mr" : "Ms") \(first[index % 10]) \(last[(index / 10) % 10])", "تهران, Iran · \(20 + index % 60)")
    }

    /// Avatars for the list: symbol cells, or sixel or kitty placements.
    struct Avatars {
        var symbols: [CellImage] = []
        var graphics: [TerminalGraphic] = []
        static let cells = Size(width: 4, height: 2)

        static func symbols(count: Int) -> Avatars {
            Avatars(
                symbols: (0..<count).compactMap { portrait(seed: $0) }.map {
                    ImageRenderer.cells(for: $0, size: cells, colorDepth: .trueColor)
                })
        }

        static func graphics(count: Int, kind: TerminalGraphic.Kind) -> Avatars {
            let pixel = Size(width: 10, height: 20)
            return Avatars(
                symbols: symbols(count: 1).symbols,
                graphics: (0..<count).compactMap { portrait(seed: $0) }.compactMap {
                    ImageRenderer.graphic(for: $0, size: cells, kind: kind, cellPixelSize: pixel)
                })
        }

        func draw(_ index: Int, at point: Point, into frame: inout ScreenBuffer) {
            if graphics.isEmpty {
                frame.draw(symbols[index % symbols.count], at: point)
            } else {
                frame.place(graphics[index % graphics.count], in: Rect(x: point.x, y: point.y, width: Self.cells.width, height: Self.cells.height))
            }
        }
    }

    /// A portrait-like RGBA image: a face-coloured disc on a coloured background.
    static func portrait(seed: Int) -> PixelImage? {
        let side = 60
        var pixels: [UInt8] = []
        pixels.reserveCapacity(side * side * 4)
        let background = (UInt8(40 + seed * 37 % 180), UInt8(60 + seed * 53 % 160), UInt8(90 + seed * 71 % 150))
        for y in 0..<side {
            for x in 0..<side {
                let dx = x - side / 2
                let dy = y - side / 2 + 4
                let head = dx * dx + dy * dy < 180
                let shoulders = y > 44 && abs(dx) < 22
                if head || shoulders {
                    pixels += [UInt8(200 + seed % 40), UInt8(150 + seed % 50), UInt8(120 + y), 255]
                } else {
                    pixels += [background.0, background.1, UInt8(min(255, Int(background.2) + y)), 255]
                }
            }
        }
        return PixelImage(width: side, height: side, rgba: pixels)
    }

    // MARK: - Input

    static func inputFigures() {
        let stream = recordedStream(megabytes: 4)
        var events = 0
        // Thread CPU time, like the frame figures: a loaded machine does not move it.
        var runs: [Double] = []
        for _ in 0..<8 {
            runs.append(
                time(1) {
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
                })
        }
        let seconds = runs.dropFirst().sorted()[runs.count / 2 - 1]
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

extension TerminalBenchmark {
    // MARK: - The real app

    /// `j` in the real app, once the selection is at the bottom: each press moves the
    /// selection one row and scrolls the list by one 2-line row. Bytes per press (median of
    /// 21, with min and max) against the bytes of a full redraw of the same screen (after a
    /// resize there and back), in the same run.
    static func appFigures() throws {
        guard let binary = AppBenchmark.locateBinary() else {
            FileHandle.standardError.write(Data("endless-bench terminal: the endless binary is not beside endless-bench\n".utf8))
            Bench.report("terminal", ["app_j": "unavailable"])
            return
        }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("endless-bench-terminal-\(getpid())")
        defer { try? FileManager.default.removeItem(at: cache) }
        // The end-to-end tests' terminal, and the frame figures' one; a cache each, so each
        // opens at the top (the list reopens where the last session left it).
        for size in [Size(width: 100, height: 30), Size(width: 200, height: 60)] {
            try appJ(binary: binary, size: size, cache: cache.appendingPathComponent("\(size.width)x\(size.height)"))
        }
    }

    static func appJ(binary: String, size: Size, cache: URL) throws {
        let app = try PseudoTerminalApp(
            binary: binary, arguments: ["--seed", "bench-j"], size: size, environment: ["XDG_CACHE_HOME": cache.path])
        defer { app.quit() }
        guard app.pump(until: AppBenchmark.showsRows, timeout: .seconds(20)) else {
            throw PseudoTerminalApp.Failure(description: "no rows within 20 s:\n\(app.text)")
        }
        app.settle()
        // Down to the bottom of the screen first (more presses than rows on screen): from
        // there every j scrolls.
        for _ in 0..<(size.height / rowHeight + 2) {
            app.send("j")
            app.settle()
        }
        var perPress: [Int] = []
        for _ in 0..<21 {
            let before = app.bytesRead
            app.send("j")
            app.settle()
            perPress.append(app.bytesRead - before)
        }
        app.resize(to: Size(width: size.width, height: size.height + 1))
        app.settle()
        let before = app.bytesRead
        app.resize(to: size)
        app.settle()
        let full = app.bytesRead - before
        let sorted = perPress.sorted()
        let median = sorted[sorted.count / 2]
        Bench.report(
            "terminal",
            [
                "app_j_bytes": median, "app_j_bytes_min": sorted.first ?? 0, "app_j_bytes_max": sorted.last ?? 0,
                "app_full_bytes": full, "app_j_ratio": Bench.fixed(Double(median) / Double(max(1, full)), 3),
                "cols": size.width, "rows": size.height,
            ])
    }

    // MARK: - Detection

    /// Opening a session on a pty: with a far end that answers the probe as xterm does, and
    /// with one that answers nothing (the probe's deadline, 100 ms, is the baseline).
    static func detectionFigures() {
        let answering = (0..<7).compactMap { _ in openSession(answering: true) }.sorted()
        let silent = (0..<7).compactMap { _ in openSession(answering: false) }.sorted()
        guard !answering.isEmpty, !silent.isEmpty else {
            Bench.report("terminal", ["detect": "unavailable"])
            return
        }
        let deadline = Bench.seconds(TerminalSession.defaultProbeTimeout) * 1000
        Bench.report(
            "terminal",
            [
                "detect_answering_ms": Bench.fixed(answering[answering.count / 2], 1),
                "detect_silent_ms": Bench.fixed(silent[silent.count / 2], 1),
                "detect_silent_max_ms": Bench.fixed(silent.last ?? 0, 1), "deadline_ms": Bench.fixed(deadline, 0),
            ])
    }

    /// Milliseconds to open (and probe) a session on a fresh pty.
    static func openSession(answering: Bool) -> Double? {
        var master: Int32 = -1
        var slave: Int32 = -1
        var window = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &window) == 0 else { return nil }
        defer {
            close(master)
            close(slave)
        }
        let farEnd = FarEnd(master: master, answering: answering)
        farEnd.start()
        defer { farEnd.stop() }  // before the pty closes
        var options = TerminalSession.Options()
        options.environment = ["TERM": "xterm-256color"]
        let start = ContinuousClock.now
        guard let session = try? TerminalSession.open(input: slave, output: slave, options: options) else { return nil }
        let elapsed = Bench.seconds(ContinuousClock.now - start) * 1000
        session.close()
        return elapsed
    }
}

/// The far end of the detection pty: a thread answering the probe as xterm does.
private final class FarEnd: Sendable {
    let master: Int32
    let answering: Bool
    // Atomics shared with the thread: a flag to stop it and one saying it has stopped.
    private let stopping = Atomic(false)
    private let done = DispatchSemaphore(value: 0)

    init(master: Int32, answering: Bool) {
        self.master = master
        self.answering = answering
    }

    func start() {
        Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            while !stopping.load(ordering: .relaxed) {
                guard poll(&poller, 1, 20) > 0 else { continue }
                let count = read(master, &buffer, buffer.count)
                guard count > 0 else { continue }
                if answering, String(decoding: buffer[0..<count], as: UTF8.self).contains("\u{1B}[c") {
                    let reply = Array("\u{1B}[6;18;9t\u{1B}[4;432;720t\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?63;1;2;4;6;9;15;16;22;28c".utf8)
                    _ = reply.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
                }
            }
            done.signal()
        }.start()
    }

    func stop() {
        stopping.store(true, ordering: .relaxed)
        done.wait()
    }
}
