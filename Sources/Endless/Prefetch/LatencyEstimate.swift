/// How long a page takes to load, smoothed the way TCP smooths round-trip times: an average
/// that moves an eighth of the way to each new sample, plus twice the average deviation, so
/// a jittery source is planned for at its slow end rather than its mean.
struct LatencyEstimate {
    private var average: Double?
    private var deviation = 0.0

    /// Adds one measured load.
    mutating func record(_ duration: Duration) {
        let sample = max(0, duration.seconds)
        guard let average else {
            average = sample
            deviation = sample / 2
            return
        }
        deviation += (abs(sample - average) - deviation) / 4
        self.average = average + (sample - average) / 8
    }

    /// The time to plan for, in seconds; `nil` before the first load.
    var seconds: Double? {
        average.map { $0 + 2 * deviation }
    }
}
