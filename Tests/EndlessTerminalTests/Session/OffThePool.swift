import Foundation

/// Blocking work (polling a pty, waiting for a child) run on a thread of its own, awaited by
/// the test: Swift Testing runs tests on the cooperative pool, as wide as the machine has cores,
/// and a test blocked there holds up the other suites meanwhile.
enum OffThePool {
    static func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }
}
