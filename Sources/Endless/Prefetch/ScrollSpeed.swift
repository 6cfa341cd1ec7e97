/// How fast the rows on screen move, in rows per second (positive towards the end), from the
/// positions reported over the last ``window`` of the feed's clock.
///
/// The speed is the distance covered between the oldest sample still in the window and now,
/// so a person who stops reads as slowing down, and then as still, without any new report.
struct ScrollSpeed {
    /// How much history the speed is measured over.
    static let window: Duration = .seconds(1)
    /// The shortest stretch a speed is computed over: a burst of reports within one frame
    /// says nothing about speed.
    static let minimumSpan: Duration = .milliseconds(100)
    /// Samples kept at most: a view reporting every frame at 60 Hz keeps a second of them.
    static let capacity = 64

    private var samples: [(time: Duration, center: Double)] = []

    mutating func record(center: Double, at time: Duration) {
        samples.append((time, center))
        let oldest = time - Self.window
        if let keep = samples.firstIndex(where: { $0.time >= oldest }), keep > 0 {
            // Keep one sample older than the window, so the speed spans all of it.
            samples.removeFirst(keep - 1)
        }
        if samples.count > Self.capacity { samples.removeFirst(samples.count - Self.capacity) }
    }

    mutating func shift(by rows: Double) {
        samples = samples.map { ($0.time, $0.center + rows) }
    }

    /// Rows per second at `now`: positive scrolling towards the end, negative towards the
    /// start, zero when still or unknown.
    func rowsPerSecond(at now: Duration) -> Double {
        guard let latest = samples.last else { return 0 }
        let oldest = now - Self.window
        guard let first = samples.first(where: { $0.time >= oldest }) ?? samples.last else { return 0 }
        // Before the window: the person has not moved since.
        if latest.time < oldest { return 0 }
        let start = samples.last(where: { $0.time < oldest }) ?? first
        let span = now - start.time
        guard span >= Self.minimumSpan else { return 0 }
        return (latest.center - start.center) / span.seconds
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
