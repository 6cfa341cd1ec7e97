import EndlessTesting
import Synchronization
import Testing

@testable import EndlessHTTP

@Suite("The in-flight counter under concurrent readers", .timeLimit(TimeBudget.minutes(1)))
struct InFlightCounterTests {
    /// Readers are cancelled while other threads count: a cancelled reader's stream ends under
    /// its task's status lock and removes itself from the counter, while counting resumes
    /// readers. The two once took each other's locks in opposite orders and hung `endless`
    /// on quit; now every round finishes and the counter ends where it started.
    @Test("readers cancelled while requests start and end: no deadlock, the count stays exact")
    func cancelledReadersWhileCounting() async {
        let counter = InFlightCounter()
        // 300 rounds take a fraction of a second in a debug build, and 500 s under
        // ThreadSanitizer (whose own checks make up for fewer rounds); a time limit ends them.
        let rounds = TimeBudget.scale > 1 ? 20 : 300
        for _ in 0..<rounds where !Task.isCancelled {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        for await _ in counter.updates() {}
                    }
                }
                for _ in 0..<4 {
                    group.addTask {
                        for _ in 0..<20 {
                            counter.increment()
                            counter.decrement()
                        }
                    }
                }
                await Task.yield()
                group.cancelAll()
            }
        }
        #expect(counter.count == 0)
    }

    @Test("a reader that keeps up sees the count after the last change")
    func lastValueIsTheCount() async {
        let counter = InFlightCounter()
        var updates = counter.updates().makeAsyncIterator()
        #expect(await updates.next() == 0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<500 { counter.increment() } }
            }
        }
        var last = -1
        while last != 4000, let value = await updates.next() { last = value }
        #expect(last == 4000)
        #expect(counter.count == 4000)
    }

    @Test("an observer hears the count at once, then every change on the counting thread before it returns; stopped, nothing more")
    func observerCalledSynchronously() {
        let counter = InFlightCounter()
        let heard = Mutex<[Int]>([])
        counter.increment()
        let id = counter.observe { count in heard.withLock { $0.append(count) } }
        #expect(heard.withLock { $0 } == [1])
        counter.increment()
        counter.decrement()
        #expect(heard.withLock { $0 } == [1, 2, 1])
        counter.stopObserving(id)
        counter.decrement()
        #expect(heard.withLock { $0 } == [1, 2, 1])
        #expect(counter.count == 0)
    }
}
