import Endless
import EndlessTesting
import Foundation

/// Figures for the paging engine (issues 4 and 14), on a virtual clock so they are exact and
/// the same on every machine.
///
/// A simulated person scrolls a 20-row list at V rows/s (60 frames a second) against a source
/// with latency L that draws with replacement (1 item in 50 repeats an earlier id), for a
/// minute, with four strategies:
/// - `tutorial`: load when the last row appears, `guard !isLoading` (a trigger during a load
///   is dropped), append whatever comes;
/// - `feed-prefetch-1`: `Feed` with `prefetchDistance: 1`, the control (the engine without
///   prefetch);
/// - `feed`: `Feed` as the app configures it today (pages of 20, `maxLoadedItems` 1,000, one
///   load per direction);
/// - `pipelined`: the same with `maxConcurrentAppends` 6 and `adaptivePrefetch: .standard`.
///
/// Feeds are told about the rows on screen the way the app tells them: the first and the last
/// row on screen, each time the visible range changes. Each cell runs twice: the person reads
/// the first screen for a second before scrolling (`reading_s=1`, today's table), and starts
/// at once (`reading_s=0`): then no strategy can hide the first page's own latency, since the
/// first page is exactly one screen and nothing is known to prefetch before it lands.
/// - exposure: the share of scrolling frames in which a row on screen is not loaded (the
///   "loading…" row below the last item, or a placeholder);
/// - stalls: frames in which the person wants to scroll further but no rows are left;
/// - requests: page loads sent; rows_shown: rows seen, and request_ratio: requests per page
///   of rows seen (1.0 is one request per page);
/// - duplicates: rows showing a person already shown at another row.
///
/// Then memory: a scroll through 1,000,000 items with `maxLoadedItems` 500, and the same scroll
/// unbounded as the baseline, each in a child process of its own so each peak RSS is its own.
enum PagingBenchmark {
    static let pageSize = 20
    static let viewportRows = 20
    static let framesPerSecond = 60
    static let scrollingSeconds = 60
    static let repeatEvery = 50
    private static let childVariable = "ENDLESS_PAGING_BENCH_CHILD"

    /// The app's paging settings (`endless` browse defaults).
    static let app = FeedConfiguration(pageSize: pageSize, maxLoadedItems: 1000)
    static var strategies: [(name: String, configuration: FeedConfiguration?)] {
        var prefetchOne = app
        prefetchOne.prefetchDistance = 1
        var pipelined = app
        pipelined.maxConcurrentAppends = 6
        pipelined.adaptivePrefetch = .standard
        return [("tutorial", nil), ("feed-prefetch-1", prefetchOne), ("feed", app), ("pipelined", pipelined)]
    }

    static func run() async throws {
        if let mode = ProcessInfo.processInfo.environment[childVariable] {
            try await MemoryRun.child(unbounded: mode == "unbounded")
            return
        }
        for reading in [1, 0] {
            for rowsPerSecond in [5, 20, 60] {
                for latency in [50, 300, 1000] {
                    for (name, configuration) in strategies {
                        let run = ScrollRun(rowsPerSecond: rowsPerSecond, latency: latency, readingSeconds: reading)
                        let result =
                            if let configuration {
                                await FeedStrategy.simulate(configuration, run)
                            } else {
                                TutorialStrategy.simulate(run)
                            }
                        report(name, run, result)
                    }
                }
            }
        }
        try MemoryRun.parent(childVariable: childVariable)
    }

    private static func report(_ strategy: String, _ run: ScrollRun, _ result: ScrollResult) {
        Bench.report(
            "paging",
            [
                "strategy": strategy, "rows_per_s": run.rowsPerSecond, "latency_ms": run.latency,
                "exposure_pct": Bench.fixed(result.exposurePercent, 1), "stalls": result.stalls,
                "requests": result.requests, "duplicates": result.duplicates, "reading_s": run.readingSeconds,
                "rows_shown": result.rowsShown, "request_ratio": Bench.fixed(result.requestRatio, 2),
            ])
    }

    /// The instant of frame `frame`, in whole nanoseconds so every strategy sees the same times.
    static func time(ofFrame frame: Int) -> ManualClock.Instant {
        ManualClock.Instant(offset: .nanoseconds(Int64(frame) * 1_000_000_000 / Int64(framesPerSecond)))
    }

    /// The id at each position of the simulated source (1 in 50 repeats an earlier one).
    static func id(at position: Int) -> Int {
        ScriptedItem.drawn(at: position, repeatEvery: repeatEvery).id
    }
}

/// One cell of the table.
struct ScrollRun {
    let rowsPerSecond: Int
    let latency: Int
    let readingSeconds: Int

    /// Whether the person is scrolling in a frame, given the frame the first page showed in;
    /// `nil` once the minute is over.
    func isScrolling(frame: Int, firstShown: Int) -> Bool? {
        let elapsed = frame - firstShown
        let fps = PagingBenchmark.framesPerSecond
        if elapsed >= (readingSeconds + PagingBenchmark.scrollingSeconds) * fps { return nil }
        return elapsed >= readingSeconds * fps
    }
}

/// What one simulated minute of scrolling measured.
struct ScrollResult {
    var frames = 0
    var exposedFrames = 0
    var stalls = 0
    var requests = 0
    var duplicates: Int { duplicateRows.count }
    var rowsShown = 0
    private var rowOfID: [Int: Int] = [:]
    private var duplicateRows = Set<Int>()

    var exposurePercent: Double { frames == 0 ? 0 : 100 * Double(exposedFrames) / Double(frames) }
    var requestRatio: Double {
        rowsShown == 0 ? 0 : Double(requests) / (Double(rowsShown) / Double(PagingBenchmark.pageSize))
    }

    /// Notes the person seen at a row: a row showing a person seen before at another row is
    /// a duplicate (counted once per row).
    mutating func saw(_ id: Int, at row: Int) {
        rowsShown = max(rowsShown, row + 1)
        if let first = rowOfID[id] {
            if first != row { duplicateRows.insert(row) }
        } else {
            rowOfID[id] = row
        }
    }
}

/// The person: a viewport that moves at a steady speed while there are rows to move to.
struct Scroller {
    let rowsPerFrame: Double
    private(set) var top = 0.0

    init(rowsPerSecond: Int) {
        rowsPerFrame = Double(rowsPerSecond) / Double(PagingBenchmark.framesPerSecond)
    }

    /// One frame over a list whose rows are loaded up to `loadedEnd`, followed by a
    /// "loading…" row: scrolls (if `scrolling`, counting whether a row on screen is not
    /// loaded and whether the person was held back), and returns the rows on screen.
    mutating func frame(loaded: Range<Int>, totalRows: Int, scrolling: Bool, into result: inout ScrollResult)
        -> Range<Int>
    {
        let rows = Double(PagingBenchmark.viewportRows)
        if scrolling {
            let maxTop = max(0, Double(loaded.upperBound + 1) - rows)
            let wanted = top + rowsPerFrame
            if wanted > maxTop { result.stalls += 1 }
            top = max(top, min(wanted, maxTop))
            let bottom = Int((top + rows).rounded(.up))
            if bottom > loaded.upperBound || Int(top) < loaded.lowerBound { result.exposedFrames += 1 }
            result.frames += 1
        }
        return Int(top.rounded(.down))..<min(totalRows, Int((top + rows).rounded(.up)))
    }
}

/// The tutorials' strategy, exactly: load when the last row appears, `guard !isLoading`
/// (a trigger during a load is dropped), append whatever the page brings.
enum TutorialStrategy {
    static func simulate(_ run: ScrollRun) -> ScrollResult {
        let latency = Duration.milliseconds(run.latency)
        var result = ScrollResult()
        var scroller = Scroller(rowsPerSecond: run.rowsPerSecond)
        var ids: [Int] = []
        var isLoading = true  // the first page, requested when the list appears at t = 0
        var completesAt = latency
        var nextPage = 0
        var visible = 0..<0
        result.requests = 1

        var frame = 0
        var firstShownFrame: Int?
        while true {
            let frameTime = PagingBenchmark.time(ofFrame: frame).offset
            if isLoading, completesAt <= frameTime {
                let first = nextPage * PagingBenchmark.pageSize
                ids += (first..<first + PagingBenchmark.pageSize).map(PagingBenchmark.id(at:))
                nextPage += 1
                isLoading = false
            }
            if firstShownFrame == nil, !ids.isEmpty { firstShownFrame = frame }
            if let firstShownFrame {
                guard let scrolling = run.isScrolling(frame: frame, firstShown: firstShownFrame) else { break }
                let onScreen = scroller.frame(
                    loaded: 0..<ids.count, totalRows: ids.count, scrolling: scrolling, into: &result)
                for row in onScreen { result.saw(ids[row], at: row) }
                // onAppear of the last row: only a row that was not on screen before appears.
                let appeared = max(onScreen.lowerBound, visible.upperBound)..<onScreen.upperBound
                visible = onScreen
                if appeared.contains(ids.count - 1), !isLoading {
                    isLoading = true
                    completesAt = frameTime + latency
                    result.requests += 1
                }
            }
            frame += 1
        }
        return result
    }
}

/// `Feed`, driven frame by frame on virtual clocks: one for the source's latency, one for the
/// feed (its indicator, and the latency and speed adaptive prefetch measures), advanced together.
@MainActor
enum FeedStrategy {
    static func simulate(_ configuration: FeedConfiguration, _ run: ScrollRun) async -> ScrollResult {
        let sourceClock = ManualClock()
        let feedClock = ManualClock()
        let source = ScriptedPageSource(
            pageSize: PagingBenchmark.pageSize, latency: .milliseconds(run.latency), clock: sourceClock,
            repeatEvery: PagingBenchmark.repeatEvery)
        let feed = Feed(source: source, configuration: configuration, clock: feedClock)
        var result = ScrollResult()
        var scroller = Scroller(rowsPerSecond: run.rowsPerSecond)
        var reported: Range<Int>?

        feed.loadFirstPageIfNeeded()
        await feed.waitUntilLoadsSleep(on: sourceClock)
        var frame = 0
        var firstShownFrame: Int?
        while true {
            // Pages whose latency has run out land, and the feed commits them, before the frame.
            let now = PagingBenchmark.time(ofFrame: frame)
            sourceClock.advance(to: now)
            feedClock.advance(to: now)
            await feed.waitUntilLoadsSleep(on: sourceClock)
            let items = feed.items
            if firstShownFrame == nil, !items.isEmpty { firstShownFrame = frame }
            if let firstShownFrame {
                guard let scrolling = run.isScrolling(frame: frame, firstShown: firstShownFrame) else { break }
                let visible = scroller.frame(
                    loaded: items.startIndex..<items.endIndex, totalRows: items.totalCount, scrolling: scrolling,
                    into: &result)
                for row in visible { if let item = items.item(at: row) { result.saw(item.id, at: row) } }
                // As the app does: the first and last rows on screen, when they change.
                if visible != reported, !visible.isEmpty {
                    reported = visible
                    feed.itemAppeared(at: visible.lowerBound)
                    feed.itemAppeared(at: visible.upperBound - 1)
                }
                // A load started this frame must be on the clock before time moves on.
                await feed.waitUntilLoadsSleep(on: sourceClock)
            }
            frame += 1
        }
        result.requests = source.requests.count
        return result
    }
}

/// A scroll through a million items, bounded and not, each in a child process.
enum MemoryRun {
    static let itemCount = 1_000_000
    static let maxLoaded = 500

    /// A row about the size of a person in the app: an id and two strings long enough to live
    /// on the heap.
    struct Person: Identifiable, Sendable {
        let id: Int
        let name: String
        let place: String
    }

    @MainActor
    static func child(unbounded: Bool) async throws {
        let source = ScriptedPageSource<Person>(pageSize: PagingBenchmark.pageSize) { position in
            Person(
                id: position, name: "Person number \(position), with a name long enough for the heap",
                place: "Street \(position % 997), City \(position % 101), Country \(position % 31)")
        }
        var configuration = FeedConfiguration.default
        configuration.minimumIndicatorDuration = .zero
        configuration.maxLoadedItems = unbounded ? nil : maxLoaded
        let feed = Feed(source: source, configuration: configuration)
        feed.loadFirstPageIfNeeded()
        await feed.wait { !$0.items.isEmpty }

        let start = ContinuousClock.now
        var peakLoaded = 0
        while feed.items.endIndex < itemCount {
            feed.itemAppeared(at: feed.items.endIndex - 1)
            await feed.wait { !$0.loadStates.append.isLoading }
            peakLoaded = max(peakLoaded, feed.items.count)
        }
        let seconds = Bench.seconds(ContinuousClock.now - start)
        print("peak_rss_mb=\(Bench.fixed(Bench.peakResidentMiB(), 1)) peak_loaded=\(peakLoaded) seconds=\(Bench.fixed(seconds, 2))")
    }

    static func parent(childVariable: String) throws {
        let bounded = try runChild(childVariable, mode: "bounded")
        let unbounded = try runChild(childVariable, mode: "unbounded")
        Bench.report(
            "paging",
            [
                "items": itemCount, "max_loaded": maxLoaded, "peak_rss_mb": bounded["peak_rss_mb", default: "?"],
                "peak_loaded": bounded["peak_loaded", default: "?"], "seconds": bounded["seconds", default: "?"],
                "baseline_unbounded_peak_rss_mb": unbounded["peak_rss_mb", default: "?"],
                "baseline_peak_loaded": unbounded["peak_loaded", default: "?"],
                "baseline_seconds": unbounded["seconds", default: "?"],
            ])
    }

    /// Runs this benchmark binary again in child mode and parses its `key=value` line.
    private static func runChild(_ variable: String, mode: String) throws -> [String: String] {
        let process = Process()
        process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["paging"]
        process.environment = ProcessInfo.processInfo.environment.merging([variable: mode]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let line = String(decoding: data, as: UTF8.self)
        var fields: [String: String] = [:]
        for pair in line.split(whereSeparator: \.isWhitespace) {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        return fields
    }
}
