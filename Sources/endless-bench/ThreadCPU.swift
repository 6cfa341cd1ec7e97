import Foundation
import Glibc

/// The CPU time a process has run, all its threads, from the scheduler's nanosecond accounting
/// in /proc (finer than the 10 ms ticks of /proc/PID/stat), counting threads that have exited.
///
/// `/proc/PID/task` lists only the threads alive now: summed as they were, a thread that did
/// work and exited between two readings took its time out of the total, so a window could
/// read less CPU than the one before, even a negative amount (a dispatch worker retiring, a
/// resolver thread ending). Each thread's last reading is kept, and a thread gone since counts
/// with it; sampling often (``sample()``) keeps what an exiting thread ran since its last
/// reading small.
final class ThreadCPU {
    let pid: pid_t
    /// Each live thread's run time at its last reading, in nanoseconds, by thread id.
    private var lastReading: [String: Double] = [:]
    /// The run time of threads gone since they were last read, in nanoseconds.
    private var exited = 0.0
    /// When the threads were last read.
    private var sampledAt: ContinuousClock.Instant?

    init(pid: pid_t) {
        self.pid = pid
    }

    /// CPU time so far, in seconds: the live threads' now and the exited ones' last reading;
    /// nan when the process cannot be read.
    func seconds() -> Double {
        guard let tasks = Self.threads(of: pid) else { return .nan }
        sampledAt = .now
        var now: [String: Double] = [:]
        for task in tasks {
            guard let running = Self.runningNanoseconds(pid: pid, thread: task) else { continue }
            now[task] = running
        }
        // A thread whose file could not be read has exited between the listing and the read;
        // one whose time went back is a new thread given the id of one that exited.
        for (task, running) in lastReading where (now[task] ?? -1) < running { exited += running }
        lastReading = now
        return (exited + now.values.reduce(0, +)) / 1e9
    }

    /// CPU time, in seconds, of the live threads whose kernel name starts with `prefix` (the
    /// embedded simulator's are `sim-`). Read from the threads alive now: the simulator's
    /// event loop and workers live as long as the program (its `sim-prepare` thread ends
    /// before the first page is served), so a window loses none of their time.
    func seconds(ofThreadsNamed prefix: String) -> Double {
        guard let tasks = Self.threads(of: pid) else { return .nan }
        var nanoseconds = 0.0
        for task in tasks {
            guard let name = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8), name.hasPrefix(prefix),
                let running = Self.runningNanoseconds(pid: pid, thread: task)
            else { continue }
            nanoseconds += running
        }
        return nanoseconds / 1e9
    }

    /// The ids of the process's live threads; nil when the process cannot be read.
    private static func threads(of pid: pid_t) -> [String]? {
        try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
    }

    /// How long a thread has run, in nanoseconds (schedstat's first field); nil once it has
    /// exited.
    private static func runningNanoseconds(pid: pid_t, thread: String) -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/schedstat", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Double($0) }
    }

    /// Reads the threads if the last reading is older than `interval`: called while the
    /// benchmark waits, so that a thread's work is seen before it exits.
    func sample(every interval: Duration = .milliseconds(100)) {
        if let sampledAt, ContinuousClock.now - sampledAt < interval { return }
        _ = seconds()
    }
}
