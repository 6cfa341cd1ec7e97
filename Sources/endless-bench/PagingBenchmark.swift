import Endless
import EndlessTesting
import Foundation

/// Figures for the paging engine (issue 4), on a virtual clock so they are exact and the same
/// on every machine.
///
/// A simulated person scrolls a 20-row list at V rows/s (60 frames a second) against a source
/// with latency L that draws with replacement (1 item in 50 repeats an earlier id), once with
/// the tutorial strategy (load when the last row appears, `guard !isLoading`, append whatever
/// comes) and once with `Feed` defaults. The person reads the first screen for a second, then
/// scrolls for a minute, which is what is measured. (The pause is the same for both: without
/// it, a first page exactly one screen long shows the loading row for L under any strategy,
/// since nothing can be prefetched before the first page is there.)
/// - exposure: the share of frames in which the "loading…" row below the last item is visible;
/// - stalls: frames in which the person wants to scroll further but no rows are left;
/// - requests: page loads sent; duplicates: rows showing an id already shown above.
///
/// Then memory: a scroll through 1,000,000 items with `maxLoadedItems` 500, and the same scroll
/// unbounded as the baseline, each in a child process of its own so each peak RSS is its own.
enum PagingBenchmark {
    static let pageSize = 20
    static let viewportRows = 20
    static let framesPerSecond = 60
    static let scrollingSeconds = 60
    static let readingSeconds = 1
    static let repeatEvery = 50
    private static let childVariable = "ENDLESS_PAGING_BENCH_CHILD"

    static func run() async throws {
        if let mode = ProcessInfo.processInfo.environment[childVariable] {
            try await MemoryRun.child(unbounded: mode == "unbounded")
            return
        }
        for rowsPerSecond in [5, 20, 60] {
            for latency in [50, 300, 1000] {
                report("tutorial", rowsPerSecond, latency, TutorialStrategy.simulate(rowsPerSecond, latency))
                report("feed", rowsPerSecond, latency, await FeedStrategy.simulate(rowsPerSecond, latency))
            }
        }
        try MemoryRun.parent(childVariable: childVariable)
    }

    private static func report(_ strategy: String, _ rowsPerSecond: Int, _ latency: Int, _ result: ScrollResult) {
        Bench.report(
            "paging",
            [
                "strategy": strategy, "rows_per_s": rowsPerSecond, "latency_ms": latency,
                "exposure_pct": Bench.fixed(result.exposurePercent, 1), "stalls": result.stalls,
                "requests": result.requests, "duplicates": result.duplicates,
            ])
    }

    /// The instant of frame `frame`, in whole nanoseconds so both strategies see the same times.
    static func time(ofFrame frame: Int) -> Duration {
        .nanoseconds(Int64(frame) * 1_000_000_000 / Int64(framesPerSecond))
    }

    /// Whether the person is scrolling in a frame, given the frame the first page showed in;
    /// `nil` once the minute is over.
    static func isScrolling(frame: Int, firstShown: Int) -> Bool? {
        let elapsed = frame - firstShown
        if elapsed >= (readingSeconds + scrollingSeconds) * framesPerSecond { return nil }
        return elapsed >= readingSeconds * framesPerSecond
    }

    /// The id at each position of the simulated source (1 in 50 repeats an earlier one).
    static func id(at position: Int) -> Int {
        ScriptedItem.drawn(at: position, repeatEvery: repeatEvery).id
    }
}

/// What one simulated minute of scrolling measured.
struct ScrollResult {
    var frames = 0
    var exposedFrames = 0
    var stalls = 0
    var requests = 0
    var duplicates = 0

    var exposurePercent: Double { frames == 0 ? 0 : 100 * Double(exposedFrames) / Double(frames) }
}

/// The person: a viewport that moves at a steady speed while there are rows to move to.
struct Scroller {
    let rowsPerFrame: Double
    private(set) var top = 0.0
    private(set) var visible: Range<Int> = 0..<0

    init(rowsPerSecond: Int) {
        rowsPerFrame = Double(rowsPerSecond) / Double(PagingBenchmark.framesPerSecond)
    }

    /// One frame over a list of `itemCount` items followed by a "loading…" row: scrolls (if
    /// `scrolling`, counting whether the loading row shows and whether the person was held
    /// back), and returns the rows that came into view (SwiftUI's `onAppear`).
    mutating func frame(itemCount: Int, scrolling: Bool, into result: inout ScrollResult) -> Range<Int> {
        let rows = Double(PagingBenchmark.viewportRows)
        if scrolling {
            let maxTop = max(0, Double(itemCount + 1) - rows)
            let wanted = top + rowsPerFrame
            if wanted > maxTop { result.stalls += 1 }
            top = max(top, min(wanted, maxTop))
            if top + rows > Double(itemCount) { result.exposedFrames += 1 }
            result.frames += 1
        }
        let bottom = top + rows
        let now = Int(top.rounded(.down))..<min(itemCount, Int(bottom.rounded(.up)))
        let appeared = max(now.lowerBound, visible.upperBound)..<now.upperBound
        visible = now
        return appeared
    }
}

/// The tutorials' strategy, exactly: load when the last row appears, `guard !isLoading`
/// (a trigger during a load is dropped), append whatever the page brings.
enum TutorialStrategy {
    static func simulate(_ rowsPerSecond: Int, _ latencyMilliseconds: Int) -> ScrollResult {
        let latency = Duration.milliseconds(latencyMilliseconds)
        var result = ScrollResult()
        var scroller = Scroller(rowsPerSecond: rowsPerSecond)
        var ids: [Int] = []
        var shown = Set<Int>()
        var isLoading = true  // the first page, requested when the list appears at t = 0
        var completesAt = latency
        var nextPage = 0
        result.requests = 1

        var frame = 0
        var firstShownFrame: Int?
        while true {
            let now = PagingBenchmark.time(ofFrame: frame)
            if isLoading, completesAt <= now {
                let first = nextPage * PagingBenchmark.pageSize
                for position in first..<first + PagingBenchmark.pageSize {
                    let id = PagingBenchmark.id(at: position)
                    if !shown.insert(id).inserted { result.duplicates += 1 }
                    ids.append(id)
                }
                nextPage += 1
                isLoading = false
            }
            if firstShownFrame == nil, !ids.isEmpty { firstShownFrame = frame }
            if let firstShownFrame {
                guard let scrolling = PagingBenchmark.isScrolling(frame: frame, firstShown: firstShownFrame) else { break }
                let appeared = scroller.frame(itemCount: ids.count, scrolling: scrolling, into: &result)
                if appeared.contains(ids.count - 1), !isLoading {
                    isLoading = true
                    completesAt = now + latency
                    result.requests += 1
                }
            }
            frame += 1
        }
        return result
    }
}

/// `Feed` with its defaults, driven frame by frame on virtual clocks: one for the source's
/// latency, one for the feed, advanced together.
@MainActor
enum FeedStrategy {
    static func simulate(_ rowsPerSecond: Int, _ latencyMilliseconds: Int) async -> ScrollResult {
        let sourceClock = ManualClock()
        let feedClock = ManualClock()
        let source = ScriptedPageSource(
            pageSize: PagingBenchmark.pageSize, latency: .milliseconds(latencyMilliseconds), clock: sourceClock,
            repeatEvery: PagingBenchmark.repeatEvery)
        let feed = Feed(source: source, clock: feedClock)
        var result = ScrollResult()
        var scroller = Scroller(rowsPerSecond: rowsPerSecond)
        var delivered = 0

        feed.loadFirstPageIfNeeded()
        await sourceClock.sleepers(atLeast: 1)
        var frame = 0
        var firstShownFrame: Int?
        while true {
            let now = PagingBenchmark.time(ofFrame: frame)
            // Pages whose latency has run out land, and the feed commits them, before the frame.
            let due = sourceClock.pendingDeadlines.filter { $0.offset <= now }.count
            sourceClock.advance(to: ManualClock.Instant(offset: now))
            feedClock.advance(to: ManualClock.Instant(offset: now))
            if due > 0 {
                delivered += due
                let expected = delivered
                await feed.wait { $0.pageKeys.count >= expected }
            }
            if firstShownFrame == nil, !feed.items.isEmpty { firstShownFrame = frame }
            if let firstShownFrame {
                guard let scrolling = PagingBenchmark.isScrolling(frame: frame, firstShown: firstShownFrame) else { break }
                for row in scroller.frame(itemCount: feed.items.count, scrolling: scrolling, into: &result) {
                    feed.itemAppeared(at: row)
                }
            }
            // A load started this frame must be on the clock before time moves on.
            if feed.loadStates.append.isLoading { await sourceClock.sleepers(atLeast: 1) }
            frame += 1
        }
        result.requests = source.requests.count
        var shown = Set<Int>()
        result.duplicates = feed.items.filter { !shown.insert($0.id).inserted }.count
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
