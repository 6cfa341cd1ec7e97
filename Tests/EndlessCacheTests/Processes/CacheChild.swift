import Endless
import Foundation
import Glibc
import Testing

@testable import EndlessCache

/// The child half of the multi-process tests: this binary, started again by ``ChildProcess``
/// with a role. Disabled in an ordinary run.
@Suite("CacheChild")
struct CacheChild {
    static let isChild = ChildProcess.role != nil

    @Test("child half: plays the role the parent gave it", .enabled(if: isChild))
    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let directory = URL(fileURLWithPath: try #require(environment[ChildProcess.directoryVariable]))
        switch ChildProcess.role {
        case SharedCacheTests.hammerRole:
            let result = SharedCacheTests.hammer(directory: directory, writer: 2, rounds: SharedCacheTests.childRounds)
            ChildProcess.say("result \(result.line)")
        case CrashTests.midTransactionRole:
            try CrashTests.writeThenHangMidTransaction(directory: directory)
        case CrashTests.writeLoopRole:
            CrashTests.writeForever(directory: directory)
        case StorageFaultTests.fullDiskRole:
            try await StorageFaultTests.fillTheDisk(directory: directory)
        case StorageFaultTests.readOnlyRole:
            try await StorageFaultTests.useReadOnlyFolder(directory: directory)
        case HostileFileTests.openRole:
            if environment["ENDLESS_USAGE_ONLY"] != nil {
                HostileFileTests.usageOnly(directory: directory)
            } else {
                await HostileFileTests.openAndUse(directory: directory)
            }
        case HostileFileTests.oversizedRowRole:
            await HostileFileTests.readOversizedRow(directory: directory)
        default:
            Issue.record("unknown child role \(ChildProcess.role ?? "")")
        }
    }
}
