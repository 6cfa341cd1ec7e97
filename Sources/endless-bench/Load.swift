import Foundation
import Synchronization

/// How loaded the machine is while the bench runs: the 1-minute load average from
/// `/proc/loadavg`, read when the run starts, at every figure, and when it ends.
///
/// The machine is shared with other builds, and every wall-time figure moves with them; a
/// load average above the number of cores means runnable work was waiting for a core.
enum Load {
    private struct State {
        var start: Double?
        var last: Double?
        var highest: Double?
        var lowest: Double?
    }

    private static let state = Mutex(State())

    /// The 1-minute load average now; nil where /proc is missing.
    static func now() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Double($0) }
    }

    /// Notes the load average now (the first call is the run's start).
    static func sample() {
        guard let load = now() else { return }
        state.withLock { state in
            if state.start == nil { state.start = load }
            state.last = load
            state.highest = max(state.highest ?? load, load)
            state.lowest = min(state.lowest ?? load, load)
        }
    }

    /// `machine cores=2 loadavg_1m_start=… loadavg_1m_end=… loadavg_1m_min=… loadavg_1m_max=…`.
    static func summary() -> String {
        sample()
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let text = { (value: Double?) in value.map { Bench.fixed($0, 2) } ?? "unavailable" }
        return state.withLock { state in
            "machine cores=\(cores) loadavg_1m_start=\(text(state.start)) loadavg_1m_end=\(text(state.last)) "
                + "loadavg_1m_min=\(text(state.lowest)) loadavg_1m_max=\(text(state.highest)) "
                + "note=load_above_cores_means_work_waited_for_a_core"
        }
    }
}
