import EndlessTesting
import Foundation
import Testing

/// Every test's time limit is written through `TimeBudget.minutes`, which grows it under a
/// sanitizer (six times slower): a bare `.timeLimit(.minutes(1))` passes in a debug build and
/// runs out under ThreadSanitizer on a loaded machine, which is how `make tsan` failed in CI.
@Suite("Test time limits scale under a sanitizer")
struct TimeLimitScalingTests {
    /// The lines of `text` that give a time limit in bare minutes.
    static func bareLimits(in text: String) -> [Int] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            line.contains(".timeLimit(.minutes(") ? index + 1 : nil
        }
    }

    @Test("the scanner finds a bare limit and accepts a scaled one")
    func scanner() {
        #expect(Self.bareLimits(in: "@Suite(.timeLimit(.minutes(1)))\n@Test(.timeLimit(TimeBudget.minutes(2)))") == [1])
    }

    @Test("no test under Tests/ gives a time limit that does not scale")
    func everyLimitScales() throws {
        let (offences, scanned) = try SwiftSourceScan.offences(in: ["Tests"], skipping: "TimeLimitScalingTests.swift", Self.bareLimits)
        #expect(scanned > 100)
        #expect(offences.isEmpty, "write .timeLimit(TimeBudget.minutes(n)): \(offences.joined(separator: ", "))")
    }
}
