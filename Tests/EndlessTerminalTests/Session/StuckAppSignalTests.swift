import EndlessTerminal
import Glibc
import Testing

/// An app that never reads its events again (its main actor spinning, its task spinning on the
/// cooperative pool or blocked in a read) still ends on SIGTERM, SIGINT and SIGHUP, with the
/// signal's exit status and the terminal restored: the session's watchdog ends it after the
/// default grace (issue 24).
@Suite("A stuck app on a pty ends on a termination signal", .serialized, .enabled(if: Pseudoterminal.isAvailable, "needs /dev/ptmx"))
struct StuckAppSignalTests {
    @Test(
        "the stuck app ends of the signal, the terminal restored",
        arguments: [
            ("stuck-main", SIGTERM), ("stuck-main", SIGINT), ("stuck-main", SIGHUP), ("stuck-pool", SIGTERM),
            ("stuck-syscall", SIGINT),
        ])
    func stuckAppEnds(mode: String, signal: Int32) async throws {
        let demo = try await PtySessionTests.start(mode)
        #expect(await demo.read(untilScreenShows: "STUCK"))
        kill(demo.pid, signal)
        // The bound only guards against a regression hanging the suite: a child still running
        // then is killed and reported as SIGKILL, which fails below.
        let end = await demo.end(deadline: .seconds(20))
        #expect(end.signal == signal, "exit \(String(describing: end.exitCode)), signal \(String(describing: end.signal))")
        try demo.expectRestored()
    }
}
