import EndlessTerminal
import EndlessTerminalTesting
import EndlessTesting
import Foundation
import Synchronization
import Testing

@testable import EndlessApp

/// How the inbox wakes a running loop: one call per idle spell, on the posting thread, however
/// many events arrive before the loop has taken them.
@Suite("Loop inbox", .timeLimit(TimeBudget.minutes(1)))
struct LoopInboxTests {
    /// Counts the wakes an inbox asks for.
    final class Wakes: Sendable {
        private let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
        func wake() { count.withLock { $0 += 1 } }
    }

    @Test("a post to an idle loop wakes it once; posts before it has taken them do not wake it again")
    func oneWakePerIdleSpell() {
        let inbox = LoopInbox<Int>()
        let wakes = Wakes()
        inbox.wake(by: wakes.wake)
        #expect(wakes.value == 0, "nothing waits: no wake")
        inbox.post(1)
        inbox.post(2)
        inbox.post(3)
        #expect(wakes.value == 1)
        #expect(inbox.poll() == 1)
        #expect(!inbox.loopIsIdle(), "two events wait still: the loop keeps its wake")
        inbox.post(4)
        #expect(wakes.value == 1)
        #expect(inbox.poll() == 2)
        #expect(inbox.poll() == 3)
        #expect(inbox.poll() == 4)
        #expect(inbox.loopIsIdle())
        inbox.post(5)
        #expect(wakes.value == 2, "idle again: the next post wakes")
    }

    @Test("events waiting when the loop asks to be woken wake it at once")
    func waitingEventsWakeAtOnce() {
        let inbox = LoopInbox<Int>()
        inbox.post(1)
        let wakes = Wakes()
        inbox.wake(by: wakes.wake)
        #expect(wakes.value == 1)
        #expect(inbox.poll() == 1)
    }

    @Test("finishing wakes an idle loop, which is not idle then; posts after it are dropped and wake nothing")
    func finishWakes() {
        let inbox = LoopInbox<Int>()
        let wakes = Wakes()
        inbox.wake(by: wakes.wake)
        inbox.finish()
        #expect(wakes.value == 1)
        #expect(inbox.isFinished)
        #expect(!inbox.loopIsIdle(), "a finished inbox has the loop end, not wait")
        inbox.post(1)
        #expect(inbox.poll() == nil)
        #expect(wakes.value == 1)
    }

    @Test("a wake already outstanding is not spent again by finishing")
    func finishWithWakeOutstanding() {
        let inbox = LoopInbox<Int>()
        let wakes = Wakes()
        inbox.wake(by: wakes.wake)
        inbox.post(1)
        inbox.finish()
        #expect(wakes.value == 1)
    }

    @Test("a wait for an event that never comes ends with nil when its task is cancelled (a test's time limit), and loses no later event")
    func cancelledWaitEnds() async throws {
        let inbox = LoopInbox<Int>()
        let waiting = Task { await inbox.next() }
        while !inbox.hasWaiter, !Task.isCancelled { await Task.yield() }
        waiting.cancel()
        #expect(try await waiting.value(within: .seconds(20)) == nil)
        #expect(!inbox.hasWaiter)
        inbox.post(1)
        #expect(inbox.poll() == 1, "the event went to nobody")

        // Cancelled before it waits: it does not begin to.
        let cancelledFirst = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await inbox.next()
        }
        #expect(try await cancelledFirst.value(within: .seconds(20)) == nil)
        #expect(!inbox.hasWaiter)

        // An event already waiting is taken even by a cancelled task.
        inbox.post(2)
        let late = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await inbox.next()
        }
        #expect(try await late.value(within: .seconds(20)) == 2)
    }

    @Test("keys posted from another thread while the loop runs are all handled, and the last one quits it")
    @MainActor
    func runningLoopTakesPostsFromAnotherThread() async throws {
        let clock = ManualClock()
        let model = BrowseFixtures.model(BrowseFixtures.source(clock: clock), clock: clock)
        let loop = BrowseLoop(
            terminal: RecordingTerminal(), browser: BrowseFixtures.browser(model), clock: clock, frameInterval: .zero)
        let input = InMemoryInput()
        let poster = Thread {
            // Posted on this thread while the loop runs or before it starts: both must arrive.
            for _ in 0..<50 { input.send(.key(KeyEvent(.character("j")))) }
            input.send(.key(KeyEvent(.character("q"))))
        }
        poster.start()
        #expect(try await loop.run(events: input) == .quit)
        #expect(loop.eventsHandled >= 51)
    }
}
