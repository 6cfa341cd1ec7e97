import EndlessShared
import EndlessTesting
import Foundation
import Testing

@Suite("Freed memory stays with the process for the next allocation")
struct FreedMemoryTests {
    /// Set in the process ``thresholdsTaken()`` starts, which looks at the allocator alone.
    static let childVariable = "ENDLESS_FREED_MEMORY_CHILD"

    @Test("the allocator takes both thresholds")
    func thresholdsTaken() async throws {
        // The allocator's settings belong to the whole process, and the suites beside this one
        // allocate: they are set in this test binary started again, alone. What they save is
        // measured in the bench (the coins' icons); a heap's state after a free depends on
        // every other thread that shares it, so no test here could tell a kept block from one
        // given back.
        guard ProcessInfo.processInfo.environment[Self.childVariable] != nil else {
            let child = try Subprocess.start(
                Subprocess.executablePath(), ["--testing-library", "swift-testing", "--filter", "FreedMemoryTests/thresholdsTaken"],
                environment: .inherited.setting([Self.childVariable: "1"]), standardError: .standardOutput)
            let status = try await child.wait(within: TimeBudget.scaled(.seconds(60)))
            #expect(status == 0, "\(child.standardOutput)")
            #expect(child.standardOutput.contains("@thresholds taken:"), "the check did not run: \(child.standardOutput)")
            return
        }
        let taken = FreedMemory.keep()
        print("@thresholds taken: \(taken)")
        #expect(taken)
    }

    @Test("the thresholds keep at most a few megabytes a heap, and map large blocks on their own")
    func bounded() {
        #expect(FreedMemory.keptAtMost <= 4 << 20)
        #expect(FreedMemory.ownMappingThreshold < FreedMemory.keptAtMost)
    }
}
