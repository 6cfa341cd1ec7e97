import Foundation

/// This process's memory as Linux reports it in `/proc/self/status`, for tests that bound
/// what a workload costs. Meaningful in a process of its own (``ChildTestProcess``), where no
/// other test allocates at the same time.
public enum ProcessMemory {
    /// Resident memory now (`VmRSS`), in KiB; 0 where /proc is missing.
    public static var residentKiB: Int { field("VmRSS") }

    /// The highest resident memory since start or the last ``resetPeak()`` (`VmHWM`), in KiB.
    public static var peakResidentKiB: Int { field("VmHWM") }

    /// Starts a new peak from the current resident size (writes `5` to
    /// `/proc/self/clear_refs`, Linux 4.0 and later).
    /// - Returns: whether the kernel accepted it.
    @discardableResult
    public static func resetPeak() -> Bool {
        (try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))) != nil
    }

    /// Whether ThreadSanitizer is in this process: its shadow memory multiplies what every
    /// allocation costs, so memory bounds measured under it say nothing about the code.
    public static let isUnderThreadSanitizer: Bool = dlsym(nil, "__tsan_init") != nil

    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.dropFirst(name.count + 1).filter(\.isNumber)
            return Int(digits) ?? 0
        }
        return 0
    }
}
