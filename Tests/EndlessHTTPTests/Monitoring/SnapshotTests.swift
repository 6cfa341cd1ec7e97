import EndlessShared
import Foundation
import Testing

@testable import EndlessHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("A request's snapshot is made for monitors only")
struct SnapshotTests {
    private func executor(monitors: [any HTTPEventMonitor]) -> RequestExecutor {
        let stopwatch = Stopwatch(ContinuousClock())
        return RequestExecutor(
            transport: CurlTransport(), configuration: .default, clock: stopwatch, monitors: monitors,
            inFlight: InFlightCounter(), deadlines: DeadlineWatch(clock: stopwatch), redactor: .default, now: { Date() })
    }

    private let request = URLRequest(url: URL(string: "http://127.0.0.1:9/api/?results=5&api_key=SECRET-KEY")!)

    @Test("without a monitor no snapshot is made, nor its redactor worked out")
    func noMonitor() {
        var asked = 0
        let snapshot = executor(monitors: []).snapshot(
            of: request,
            redactor: {
                asked += 1
                return .default
            }())
        #expect(snapshot == nil)
        #expect(asked == 0)
    }

    @Test("with a monitor the snapshot is made, its secrets hidden")
    func withMonitor() throws {
        let snapshot = try #require(executor(monitors: [RecordingMonitor()]).snapshot(of: request, redactor: .default))
        #expect(snapshot.url.hasPrefix("http://127.0.0.1:9/api/?results=5&api_key="))
        #expect(!snapshot.url.contains("SECRET-KEY"))
    }
}
