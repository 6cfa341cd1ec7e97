/// How fast the rows on screen move, in rows per second (positive towards the end), from the
/// positions reported over the last ``window`` of the feed's clock.
///
/// The speed is the distance covered since the oldest sample still in the window, over the
/// time since then, so a person who stops reads as slowing down, and then as still, without
/// any new report.
struct ScrollSpeed {
    /// How much history the speed is measured over.
    static let window: Duration = .seconds(1)
    /// The shortest stretch a speed is computed over: a burst of reports within one frame
    /// says little about speed.
    static let minimumSpan: Duration = .milliseconds(100)
    /// Samples kept at most: a view reporting every frame at 60 Hz keeps a second of them.
    static let capacity = 64

    private var samples: [(time: Duration, center: Double)] = []

    mutating func record(center: Double, at time: Duration) {
        samples.append((time, center))
        let oldest = time - Self.window
        samples.removeAll { $0.time < oldest }
        if samples.count > Self.capacity { samples.removeFirst(samples.count - Self.capacity) }
    }

    mutating func shift(by rows: Double) {
        samples = samples.map { ($0.time, $0.center + rows) }
    }

    /// Rows per second at `now`: positive scrolling towards the end, negative towards the
    /// start, zero when still or unknown. Measured from the oldest report within the window to
    /// now, so a scroll that just started reads at its speed after two reports, and one that
    /// stopped reads slower and slower, then zero.
    func rowsPerSecond(at now: Duration) -> Double {
        let oldest = now - Self.window
        guard let first = samples.first(where: { $0.time >= oldest }), let latest = samples.last,
            latest.time > first.time
        else { return 0 }
        let span = max(now - first.time, Self.minimumSpan)
        return (latest.center - first.center) / span.seconds
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
