import Endless
import EndlessTesting
import Testing

@Suite("ScriptedPageSource", .timeLimit(TimeBudget.minutes(1)))
struct ScriptedPageSourceTests {
    private func request(_ key: Int?, _ direction: LoadDirection = .append) -> PageRequest<Int> {
        PageRequest(direction: direction, key: key, loadSize: 20)
    }

    @Test("serves numbered pages with neighbour keys and an end")
    func pages() async throws {
        let source = ScriptedPageSource(pageSize: 3, pageCount: 2)
        let first = try await source.load(request(nil, .refresh))
        #expect(first.items.map(\.id) == [0, 1, 2])
        #expect(first.previousKey == nil && first.nextKey == 1 && first.key == 0)
        let last = try await source.load(request(1))
        #expect(last.items.map(\.id) == [3, 4, 5])
        #expect(last.previousKey == 0 && last.nextKey == nil)
        #expect(source.requests == [request(nil, .refresh), request(1)])
        #expect(source.completedRequests.count == 2)
    }

    @Test("the gate holds loads until released, oldest first, and banks extra passes")
    func gate() async throws {
        let source = ScriptedPageSource(gated: true)
        let first = Task { try await source.load(request(0)) }
        await source.waitingRequests(atLeast: 1)
        let second = Task { try await source.load(request(1)) }
        await source.waitingRequests(atLeast: 2)
        #expect(source.completedRequests.isEmpty)
        source.release()
        _ = try await first.value(within: .seconds(20))
        #expect(source.waitingCount == 1)
        source.release(2)  // one for the waiting load, one banked
        _ = try await second.value(within: .seconds(20))
        _ = try await source.load(request(2))  // uses the banked pass
        #expect(source.completedRequests.map(\.key) == [0, 1, 2])
    }

    @Test("latency is spent on the injected clock")
    func latency() async throws {
        let clock = ManualClock()
        let source = ScriptedPageSource(latency: .milliseconds(300), clock: clock)
        let load = Task { try await source.load(request(0)) }
        await clock.sleepers(atLeast: 1)
        #expect(clock.pendingDeadlines.map(\.offset) == [.milliseconds(300)])
        clock.advance(by: .milliseconds(300))
        #expect(try await load.value(within: .seconds(20)).items.count == 20)
    }

    @Test("scripts answer matching loads in order, then the plain page returns")
    func scripts() async throws {
        let source = ScriptedPageSource(pageSize: 2)
        source.script(.failure(ScriptedFailure("boom")), forPage: 1)
        source.script(.itemsOfPage(0), forPage: 2)
        source.script(.repeatingKey, forPage: 3)
        source.script(.endOfList, forPage: 4)
        await #expect(throws: ScriptedFailure("boom")) { try await source.load(request(1)) }
        #expect(try await source.load(request(1)).items.map(\.id) == [2, 3])
        #expect(try await source.load(request(2)).items.map(\.id) == [0, 1])
        #expect(try await source.load(request(3)).nextKey == 3)
        #expect(try await source.load(request(4)).nextKey == nil)
    }

    @Test("a load cancelled at the gate throws and is recorded")
    func cancellation() async throws {
        let source = ScriptedPageSource(gated: true)
        let load = Task { try await source.load(request(0)) }
        await source.waitingRequests(atLeast: 1)
        load.cancel()
        await #expect(throws: CancellationError.self) { try await load.value(within: .seconds(20)) }
        #expect(source.cancelledRequests == [request(0)])
        #expect(source.waitingCount == 0)
    }

    @Test("drawn with replacement, one item in N repeats an earlier id, the same way every time")
    func replacement() {
        let items = (0..<1000).map { ScriptedItem.drawn(at: $0, repeatEvery: 50) }
        let repeats = items.filter { $0.id != $0.position }
        #expect(repeats.count == 19)  // positions 99, 149, …, 999: the first page has no repeat
        #expect(repeats.allSatisfy { $0.id < $0.position && $0.position - $0.id <= 20 })
        #expect(items == (0..<1000).map { ScriptedItem.drawn(at: $0, repeatEvery: 50) })
    }

    @Test("waits end when the waiting task is cancelled, so a test's time limit can stop them")
    func cancellableWaits() async throws {
        let source = ScriptedPageSource()
        let clock = ManualClock()
        let waits = Task {
            await source.requests(atLeast: 1)
            await source.waitingRequests(atLeast: 1)
            await source.cancellations(atLeast: 1)
            await clock.sleepers(atLeast: 1)
        }
        waits.cancel()
        try await waits.value(within: .seconds(20))
        #expect(source.requests.isEmpty)
    }
}
