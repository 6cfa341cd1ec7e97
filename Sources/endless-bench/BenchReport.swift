import Foundation

/// Shared measuring and reporting tools for every benchmark area.
///
/// Every figure is one line, `area name key=value key=value`, and follows the same rules so a
/// reader can trust any line the same way:
/// - it names its baseline (`baseline=…`): what a person would otherwise use, or the strategy
///   replaced, on the same work with the same resources, measured in the same run;
/// - it prints `ratio=`: ours relative to the baseline, **above 1 is better** whatever the
///   unit (for rates ours ÷ baseline, for times and sizes baseline ÷ ours);
/// - each value is the median of at least ``minimumRuns`` runs, printed as
///   `median[min..max]`, so the spread is visible next to the figure;
/// - the run ends with one `machine` line: the cores and the load average at the start, the
///   end and the highest seen, because the machine is shared and its load moves every figure.
///
/// `report(_:_:)` and `median(repetitions:_:)` are the older helpers; areas move to
/// ``figure(_:_:unit:ours:baseline:better:details:)`` and ``Samples``.
enum Bench {
    /// The fewest runs a figure's median is taken over.
    static let minimumRuns = 5

    /// Which way a figure improves.
    enum Better {
        /// Rates: requests or users per second.
        case higher
        /// Times, sizes, CPU, memory.
        case lower
    }

    /// Several measurements of one quantity, reported as median, min and max.
    struct Samples {
        let values: [Double]

        init(_ values: [Double]) {
            precondition(!values.isEmpty, "a figure needs at least one run")
            self.values = values.sorted()
        }

        var median: Double {
            let count = values.count
            return count % 2 == 1 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2
        }

        /// The value `fraction` of the way up (0.95: the 95th percentile), of those sorted.
        func percentile(_ fraction: Double) -> Double {
            values[Swift.max(0, Swift.min(values.count - 1, Int(Double(values.count) * fraction)))]
        }
        var min: Double { values[0] }
        var max: Double { values[values.count - 1] }
        var runs: Int { values.count }

        /// Every value multiplied by `factor` (seconds to milliseconds, per batch to per item).
        func scaled(_ factor: Double) -> Samples { Samples(values.map { $0 * factor }) }

        /// Every value mapped, e.g. seconds per page to pages per second. A decreasing map
        /// swaps min and max, which the sorted storage takes care of.
        func map(_ transform: (Double) -> Double) -> Samples { Samples(values.map(transform)) }

        /// `median[min..max]` with `decimals` decimals.
        func text(_ decimals: Int) -> String {
            "\(fixed(median, decimals))[\(fixed(min, decimals))..\(fixed(max, decimals))]"
        }
    }

    /// A baseline's name (what it is, with the resources it had) and its measurements.
    struct Baseline {
        let name: String
        let samples: Samples
    }

    // MARK: - Reporting

    /// Prints one figure: ours, the baseline, the ratio (above 1 is better), and details.
    ///
    /// - Parameters:
    ///   - area: the bench area, e.g. `server`.
    ///   - name: the figure within it, e.g. `http_layer`.
    ///   - unit: the measured quantity's key, e.g. `requests_per_s` or `ms`.
    ///   - ours: our measurements.
    ///   - baseline: the baseline's; nil prints `baseline=unavailable` and no ratio (say why on
    ///     standard error).
    ///   - better: whether higher or lower values are better.
    ///   - decimals: decimals of the values.
    ///   - details: what else a reader needs (sizes, threads, seconds), printed after the ratio.
    ///   - more: further details built at run time.
    static func figure(
        _ area: String, _ name: String, unit: String, ours: Samples, baseline: Baseline?, better: Better,
        decimals: Int = 2, details: KeyValuePairs<String, CustomStringConvertible> = [:],
        more: [(String, String)] = []
    ) {
        var fields = ["\(unit)=\(ours.text(decimals))"]
        if let baseline {
            fields.append("baseline=\(baseline.name)")
            fields.append("baseline_\(unit)=\(baseline.samples.text(decimals))")
            fields.append("ratio=\(fixed(ratio(ours.median, baseline.samples.median, better), 2))")
        } else {
            fields.append("baseline=unavailable ratio=unavailable")
        }
        fields.append("runs=\(ours.runs)")
        fields += details.map { "\($0.key)=\($0.value)" }
        fields += more.map { "\($0.0)=\($0.1)" }
        emit("\(area) \(name) " + fields.joined(separator: " "))
    }

    /// Ours relative to the baseline, above 1 better.
    static func ratio(_ ours: Double, _ baseline: Double, _ better: Better) -> Double {
        switch better {
        case .higher: ours / baseline
        case .lower: baseline / ours
        }
    }

    /// Prints one line: `name key=value key=value` (the older format, without the rules above).
    static func report(_ name: String, _ pairs: KeyValuePairs<String, CustomStringConvertible>) {
        let fields = pairs.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        emit("\(name) \(fields)")
    }

    /// Writes a line at once (FileHandle writes are unbuffered) and notes the load average.
    private static func emit(_ line: String) {
        Load.sample()
        FileHandle.standardOutput.write(Data("\(line)\n".utf8))
    }

    /// Says something about a figure on standard error (a missing tool, a failed baseline).
    static func warn(_ area: String, _ message: String) {
        FileHandle.standardError.write(Data("endless-bench: \(area): \(message)\n".utf8))
    }

    // MARK: - Measuring

    /// Runs `body` once to warm up, then `runs` times, and returns the durations in seconds.
    static func time(runs: Int = minimumRuns, _ body: () throws -> Void) rethrows -> Samples {
        try body()
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try body()
            samples.append(seconds(ContinuousClock.now - start))
        }
        return Samples(samples)
    }

    /// The async flavour of ``time(runs:_:)``.
    static func time(runs: Int = minimumRuns, _ body: () async throws -> Void) async rethrows -> Samples {
        try await body()
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try await body()
            samples.append(seconds(ContinuousClock.now - start))
        }
        return Samples(samples)
    }

    /// Times ours and the baseline in alternation, `runs` times each after one warm-up of
    /// each, so a busy moment on the shared machine falls on both sides alike.
    static func interleaved(
        runs: Int = minimumRuns, ours: () throws -> Double, baseline: () throws -> Double
    ) rethrows -> (ours: Samples, baseline: Samples) {
        _ = try ours()
        _ = try baseline()
        var mine: [Double] = []
        var theirs: [Double] = []
        for _ in 0..<runs {
            mine.append(try ours())
            theirs.append(try baseline())
        }
        return (Samples(mine), Samples(theirs))
    }

    /// The wall time of `body`, in seconds.
    static func seconds(of body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        return seconds(ContinuousClock.now - start)
    }

    /// Runs `body` `repetitions` times after one warm-up and returns the median duration in
    /// seconds (the older helper; ``time(runs:_:)`` also keeps min and max).
    static func median(repetitions: Int = 7, _ body: () throws -> Void) rethrows -> Double {
        try time(runs: repetitions, body).median
    }

    /// The async flavour of `median(repetitions:_:)`.
    static func median(repetitions: Int = 7, _ body: () async throws -> Void) async rethrows -> Double {
        try await time(runs: repetitions, body).median
    }

    static func seconds(_ duration: Duration) -> Double {
        let (s, attoseconds) = duration.components
        return Double(s) + Double(attoseconds) / 1e18
    }

    /// Formats a number with a fixed number of decimals, for stable, greppable output.
    static func fixed(_ value: Double, _ decimals: Int = 2) -> String {
        String(format: "%.\(decimals)f", value)
    }

    /// Peak resident set size of this process so far, in MiB (VmHWM from /proc).
    static func peakResidentMiB() -> Double {
        ProcessStatus.field("VmHWM:", of: "self")
    }

    /// CPU time this process has used so far (user and system, every thread), in seconds.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}

/// CPU time of this process, every thread (libchafa's and libjpeg's workers included), for
/// work timed in this process: steadier than wall time on a shared machine, where other
/// builds take turns on the cores. Nothing else runs in the bench while it measures.
enum ProcessCPU {
    /// The CPU seconds (user and system) the process has used so far.
    static func now() -> Double {
        Bench.processCPUSeconds()
    }

    /// The CPU seconds `body` takes.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return now() - start
    }
}

/// Fields of `/proc/<pid>/status`, in MiB.
enum ProcessStatus {
    static func field(_ name: String, of process: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
            let kib = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return .nan }
        return kib / 1024
    }
}

/// A benchmark that could not measure what it set out to, and why.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
