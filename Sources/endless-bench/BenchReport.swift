import Foundation

/// Shared measuring tools for every benchmark area.
enum Bench {
    /// Prints one figure line: `name key=value key=value`.
    static func report(_ name: String, _ pairs: KeyValuePairs<String, CustomStringConvertible>) {
        let fields = pairs.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        // FileHandle writes are unbuffered, so each figure appears as soon as it is measured.
        FileHandle.standardOutput.write(Data("\(name) \(fields)\n".utf8))
    }

    /// Runs `body` `repetitions` times after one warm-up and returns the median duration in
    /// seconds. The median keeps one noisy run on a shared machine from moving the figure.
    static func median(repetitions: Int = 7, _ body: () throws -> Void) rethrows -> Double {
        try body()
        var samples: [Double] = []
        for _ in 0..<repetitions {
            let start = ContinuousClock.now
            try body()
            samples.append(seconds(ContinuousClock.now - start))
        }
        return samples.sorted()[samples.count / 2]
    }

    /// The async flavour of `median(repetitions:_:)`.
    static func median(repetitions: Int = 7, _ body: () async throws -> Void) async rethrows -> Double {
        try await body()
        var samples: [Double] = []
        for _ in 0..<repetitions {
            let start = ContinuousClock.now
            try await body()
            samples.append(seconds(ContinuousClock.now - start))
        }
        return samples.sorted()[samples.count / 2]
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
        residentField("VmHWM:")
    }

    private static func residentField(_ name: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
            let kib = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return .nan }
        return kib / 1024
    }
}
