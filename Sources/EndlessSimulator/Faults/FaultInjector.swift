import Synchronization

/// Decides, reproducibly, which fault (if any) each request gets.
///
/// A decision depends only on the chaos seed, the request target and its occurrence number
/// (the n-th request for `/api/?page=3&seed=x` since the server started). Concurrent requests
/// for other targets do not shift it, so an app loading portraits in parallel still sees the
/// same faults on the same pages every run, and a retry (the next occurrence) gets a fresh
/// draw. Each fault draws from its own stream, so raising one rate never reshuffles another.
/// When several faults hit one request the most drastic wins: reset, fail, throttle, html,
/// empty results, truncate.
final class FaultInjector: Sendable {
    let configuration: FaultConfiguration
    private let occurrences = Mutex<[String: UInt64]>([:])
    /// Bounds memory on endless distinct targets: the counts restart when this many are known.
    static let maxTrackedTargets = 100_000

    init(configuration: FaultConfiguration) {
        self.configuration = configuration
    }

    /// Decides for the next occurrence of `target`.
    /// - Parameters:
    ///   - target: the request's path and query.
    ///   - isAPI: false for portraits, which get only the transport faults.
    func decide(target: String, isAPI: Bool) -> FaultDecision {
        let occurrence = occurrences.withLock { counts -> UInt64 in
            if counts.count >= Self.maxTrackedTargets, counts[target] == nil { counts.removeAll() }
            defer { counts[target, default: 0] += 1 }
            return counts[target, default: 0]
        }
        return Self.decide(configuration, target: target, occurrence: occurrence, isAPI: isAPI)
    }

    /// The pure decision function behind ``decide(target:isAPI:)``.
    static func decide(
        _ configuration: FaultConfiguration, target: String, occurrence: UInt64, isAPI: Bool
    ) -> FaultDecision {
        var seedBytes: [UInt8] = []
        withUnsafeBytes(of: configuration.chaosSeed.littleEndian) { seedBytes.append(contentsOf: $0) }
        withUnsafeBytes(of: occurrence.littleEndian) { seedBytes.append(contentsOf: $0) }
        let base = ChaosRandom.hash(Array(target.utf8), basis: ChaosRandom.hash(seedBytes))
        func stream(_ index: UInt64) -> ChaosRandom {
            ChaosRandom(seed: base ^ (index &* 0xD6E8_FEB8_6659_FD93))
        }
        func hit(_ rate: Double, _ index: UInt64) -> Bool {
            guard rate > 0 else { return false }
            var random = stream(index)
            return random.unit() < rate
        }

        var decision = FaultDecision()
        if let latency = configuration.latency {
            var random = stream(1)
            let spread = Self.seconds(latency.jitter) * (random.unit() * 2 - 1)
            decision.delay = .microseconds(Int64(max(0, Self.seconds(latency.base) + spread) * 1_000_000))
        }
        decision.slowBody = configuration.slowBody
        if hit(configuration.resetRate, 2) {
            decision.kind = .reset
        } else if hit(configuration.failRate, 3) {
            var random = stream(4)
            let statuses = configuration.failStatuses
            decision.kind = .fail(status: statuses[Int(random.next() % UInt64(statuses.count))])
        } else if isAPI, hit(configuration.throttleRate, 5) {
            decision.kind = .throttle
        } else if isAPI, hit(configuration.htmlRate, 6) {
            decision.kind = .html
        } else if isAPI, hit(configuration.emptyResultsRate, 7) {
            decision.kind = .emptyResults
        } else if hit(configuration.truncateRate, 8) {
            var random = stream(9)
            decision.kind = .truncate(fraction: 0.1 + random.unit() * 0.8)
        }
        return decision
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
