import EndlessShared
import EndlessTesting
import Foundation
import Testing

@Suite("Freed memory stays with the process for the next allocation")
struct FreedMemoryTests {
    static let role = "freed-memory"

    @Test("the allocator takes both thresholds")
    func thresholdsTaken() async throws {
        // The allocator's settings belong to the whole process, and the suites beside this one
        // allocate: they are set in this test binary started again, alone. What they save is
        // measured in the bench (the coins' icons); a heap's state after a free depends on
        // every other thread that shares it, so no test here could tell a kept block from one
        // given back.
        let outcome = try await ChildTestProcess.run(filter: "FreedMemoryTests/child", role: Self.role, within: .seconds(60))
        #expect(outcome.status == 0, "\(outcome.output)")
        let taken = try #require(outcome.figures["taken"], "the check did not run: \(outcome.output)")
        #expect(taken == 1)
    }

    @Test("child: set the thresholds", .enabled(if: ChildTestProcess.role == role))
    func child() throws {
        try ChildTestProcess.report(["taken": FreedMemory.keep() ? 1 : 0])
    }

    @Test("the thresholds keep at most a few megabytes a heap, and map large blocks on their own")
    func bounded() {
        #expect(FreedMemory.keptAtMost <= 4 << 20)
        #expect(FreedMemory.ownMappingThreshold < FreedMemory.keptAtMost)
    }
}
