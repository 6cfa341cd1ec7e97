import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How long a test waits, in real time, for something that should happen at once, and how
/// much longer a slower build gets.
///
/// Time in Endless's tests is a ``ManualClock``; real time is spent only where it cannot be
/// helped (real sockets, threads, child processes), and every such wait is bounded, so that a
/// broken contract fails the test in seconds instead of hanging the run. The bounds are
/// written for an ordinary debug build and multiplied by ``scale``: a build under
/// ThreadSanitizer runs several times slower, and a loaded machine slower still.
///
/// ```swift
/// let page = try await refresh.value(within: .seconds(20))   // 20 s × scale
/// ```
public enum TimeBudget {
    /// Multiplies every budget, e.g. `ENDLESS_TEST_TIME_SCALE=3 swift test` on a slow machine.
    public static let scaleVariable = "ENDLESS_TEST_TIME_SCALE"

    /// The scale under ThreadSanitizer or AddressSanitizer when ``scaleVariable`` is not set.
    public static let sanitizerScale = 6

    /// How many times longer every budget is in this process: ``scaleVariable`` when set to a
    /// whole number from 1 to 100, else ``sanitizerScale`` under a sanitizer, else 1.
    public static let scale: Int = {
        if let text = ProcessInfo.processInfo.environment[scaleVariable], let value = Int(text), (1...100).contains(value) {
            return value
        }
        return isSanitized ? sanitizerScale : 1
    }()

    /// How long the waits in this library give what they wait for (a page, a sleeper, a
    /// request) before they give up and record an issue: 20 s, times ``scale``. What they wait
    /// for takes milliseconds in a passing test; the longest wait measured in a passing run was
    /// 11.5 s, on 2 cores shared with other builds (load 20).
    public static var standardWait: Duration { .seconds(20) }

    /// `budget` for this process: times ``scale``.
    ///
    /// - Parameter budget: the budget in an ordinary debug build.
    /// - Returns: `budget × scale`.
    public static func scaled(_ budget: Duration) -> Duration {
        budget * scale
    }

    /// A test time limit of `minutes` in an ordinary debug build, times ``scale``, for suites
    /// that do real work (a simulator over loopback, thousands of steps) several times slower
    /// under a sanitizer: `@Suite(.timeLimit(TimeBudget.minutes(2)))`.
    ///
    /// - Parameter minutes: the limit in an ordinary debug build.
    /// - Returns: `minutes × scale` minutes.
    public static func minutes(_ minutes: Int) -> TimeLimitTrait.Duration {
        .minutes(minutes * scale)
    }

    /// Whether ThreadSanitizer's or AddressSanitizer's runtime is in this process: a test whose
    /// point is volume (a million items) does less of it there, where every access is checked.
    public static let isSanitized: Bool = {
        guard let process = dlopen(nil, RTLD_NOW) else { return false }
        defer { dlclose(process) }
        return dlsym(process, "__tsan_init") != nil || dlsym(process, "__asan_init") != nil
    }()
}
