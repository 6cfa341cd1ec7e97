import EndlessTesting
import Foundation
import Glibc
import Synchronization
import Testing

@testable import EndlessTerminal

/// The run loop `endless` installs as the main actor's executor, run here on a thread of the
/// test's own (this process's main actor is the test runner's).
@Suite("Main run loop", .timeLimit(TimeBudget.minutes(2)))
struct MainRunLoopTests {
    /// A loop running on a thread of its own (``OffThePool``) until ``stop()``.
    final class RunningLoop: Sendable {
        let loop: MainRunLoop
        private let ended: Task<Void, Never>

        init() throws {
            let loop = try MainRunLoop()
            self.loop = loop
            ended = Task { await OffThePool.run { _ = try? loop.run() } }
        }

        /// Stops the loop and waits for its thread to leave `run()`.
        func stop() async {
            loop.stop()
            await ended.value
        }

        /// Waits until the loop waits in `poll` with nothing queued: what comes next must wake it.
        func untilWaiting() async {
            while !loop.isWaiting, !Task.isCancelled { await Task.yield() }  // the time limit ends it
        }
    }

    /// An actor whose jobs run on a loop.
    actor OnLoop {
        let loop: MainRunLoop
        private(set) var order: [Int] = []

        init(_ loop: MainRunLoop) { self.loop = loop }

        nonisolated var unownedExecutor: UnownedSerialExecutor { loop.asUnownedSerialExecutor() }

        func isOnLoopThread() -> Bool { loop.isCurrent }

        func record(_ number: Int) { order.append(number) }
    }

    @Test("jobs run on the loop's thread; one enqueued from another thread wakes a waiting loop; stop ends run")
    func jobsRunOnTheLoop() async throws {
        let running = try RunningLoop()
        let actor = OnLoop(running.loop)
        #expect(await actor.isOnLoopThread())
        #expect(!running.loop.isCurrent, "the test's thread is not the loop's")
        await running.untilWaiting()
        // Only the wake pipe can end the wait now: without it this never returns.
        #expect(await actor.isOnLoopThread())
        await running.stop()
    }

    @Test("jobs enqueued from one thread run in the order they were enqueued")
    func order() async throws {
        let running = try RunningLoop()
        let actor = OnLoop(running.loop)
        for number in 0..<200 { await actor.record(number) }
        #expect(await actor.order == Array(0..<200))
        await running.stop()
    }

    @Test("actions performed on the loop run on its thread in the order given; one wakes a waiting loop")
    func performedActions() async throws {
        let running = try RunningLoop()
        let loop = running.loop
        let ran = Mutex<[(number: Int, onLoop: Bool)]>([])
        await running.untilWaiting()
        // Only the wake pipe can end the wait: without it the actions never run.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            for number in 0..<100 {
                loop.perform {
                    ran.withLock { $0.append((number, loop.isCurrent)) }
                    if number == 99 { done.resume() }
                }
            }
        }
        #expect(ran.withLock { $0.map(\.number) } == Array(0..<100))
        #expect(ran.withLock { $0.allSatisfy(\.onLoop) })
        await running.stop()
    }

    @Test("a watched descriptor's handler runs on the loop's thread when it has input, and not once its watch is cancelled")
    func watch() async throws {
        let running = try RunningLoop()
        let loop = running.loop
        let first = try InputReader.makePipe()
        let second = try InputReader.makePipe()
        defer { [first.read, first.write, second.read, second.write].forEach { close($0) } }
        let calls = Mutex<[(pipe: Int, onLoop: Bool)]>([])
        let secondCalled = Mutex<CheckedContinuation<Void, Never>?>(nil)
        @Sendable func drain(_ descriptor: Int32) {
            var buffer = [UInt8](repeating: 0, count: 16)
            while read(descriptor, &buffer, buffer.count) > 0 {}
        }
        let firstWatch = loop.watch(first.read) {
            drain(first.read)
            calls.withLock { $0.append((1, loop.isCurrent)) }
        }
        await running.untilWaiting()
        var byte: UInt8 = 1
        #expect(write(first.write, &byte, 1) == 1)
        // The first handler has run once the loop runs a job enqueued after the byte was read.
        while calls.withLock({ $0.count }) == 0, !Task.isCancelled { await Task.yield() }
        #expect(calls.withLock { $0.map(\.pipe) } == [1])
        #expect(calls.withLock { $0.allSatisfy(\.onLoop) })

        firstWatch.cancel()
        await withCheckedContinuation { continuation in
            secondCalled.withLock { $0 = continuation }
            let secondWatch = loop.watch(second.read) {
                drain(second.read)
                calls.withLock { $0.append((2, loop.isCurrent)) }
                secondCalled.withLock { waiter in
                    defer { waiter = nil }
                    return waiter
                }?.resume()
            }
            // Both have input before the loop polls again: a first watch still in place would be
            // called in the same poll as the second.
            #expect(write(first.write, &byte, 1) == 1)
            #expect(write(second.write, &byte, 1) == 1)
            _ = secondWatch
        }
        #expect(calls.withLock { $0.map(\.pipe) } == [1, 2])
        #expect(calls.withLock { $0.allSatisfy(\.onLoop) })
        await running.stop()
    }

    @Test("timers fire on the loop's thread in deadline order; a cancelled one does not; one set while the loop waits wakes it")
    func timers() async throws {
        let running = try RunningLoop()
        let loop = running.loop
        await running.untilWaiting()
        let fired = Mutex<[(name: String, onLoop: Bool)]>([])
        // Real milliseconds: the loop's wait is poll(2)'s timeout, which no manual clock drives.
        // Each deadline is taken when its timer is set: "last" is set after "second" with a
        // longer delay, so it is due later however long this thread is held up between them
        // (set first, a stall of its 4 ms made it due first on a loaded machine); "first" is
        // set last, while the loop waits for "second", which is due a tenth of a second later.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            _ = loop.schedule(after: .milliseconds(100)) { fired.withLock { $0.append(("second", loop.isCurrent)) } }
            let cancelled = loop.schedule(after: .milliseconds(110)) { fired.withLock { $0.append(("cancelled", loop.isCurrent)) } }
            let last = loop.schedule(after: .milliseconds(120)) {
                fired.withLock { $0.append(("last", loop.isCurrent)) }
                done.resume()
            }
            _ = loop.schedule(after: .zero) { fired.withLock { $0.append(("first", loop.isCurrent)) } }
            cancelled.cancel()
            _ = last
        }
        #expect(fired.withLock { $0.map(\.name) } == ["first", "second", "last"])
        #expect(fired.withLock { $0.allSatisfy(\.onLoop) })
        await running.stop()
    }

    @Test("a session reads its terminal on the loop given: keys arrive on the loop's thread, and a hangup once")
    func sessionReadsOnTheLoop() async throws {
        try #require(Pseudoterminal.isAvailable)
        let running = try RunningLoop()
        let pty = try Pseudoterminal()
        var options = TerminalSession.Options()
        options.environment = ["TERM": "xterm-256color"]
        options.probeTerminal = false
        options.terminationGrace = nil
        options.inputLoop = running.loop
        let session = try TerminalSession.open(input: pty.slave, output: pty.slave, options: options)
        defer { session.close() }
        let received = AsyncStream<(event: TerminalEvent, onLoop: Bool)>.makeStream()
        let loop = running.loop
        let connection = session.connect(
            TerminalEventSink(receive: { received.continuation.yield(($0, loop.isCurrent)) }, finish: { received.continuation.finish() }))
        defer { connection.cancel() }
        var events = received.stream.makeAsyncIterator()

        pty.type("j")
        let key = await events.next()
        #expect(key?.event == .key(KeyEvent(.character("j"))))
        #expect(key?.onLoop == true, "read and delivered on the loop's thread")

        pty.hangUp()
        let hangup = await events.next()
        #expect(hangup?.event == .terminate(.hangup))
        #expect(hangup?.onLoop == true)
        // The watch is cancelled: the hung-up terminal is not read (and reported) again.
        while session.inputWatch.withLock({ $0 != nil }), !Task.isCancelled { await Task.yield() }
        session.close()
        #expect(await events.next() == nil, "only the end follows the hangup")
        await running.stop()
    }
}
