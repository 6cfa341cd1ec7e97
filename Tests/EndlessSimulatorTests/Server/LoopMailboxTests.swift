import Dispatch
import Glibc
import Testing

@testable import EndlessSimulator

@Suite("Loop mailbox")
struct LoopMailboxTests {
    @Test("completions posted from many threads all wake the consumer and arrive, none stranded")
    func noStrandedCompletions() throws {
        let mailbox = try LoopMailbox()
        defer { mailbox.close() }
        let producers = 4, perProducer = 3000
        DispatchQueue.global().async {
            DispatchQueue.concurrentPerform(iterations: producers) { producer in
                for index in 0..<perProducer {
                    mailbox.post(.init(connectionID: UInt64(producer * perProducer + index), response: HTTPResponse(status: 200)))
                    // Spread the posts out so that many land while the consumer is collecting.
                    sched_yield()
                }
            }
        }
        var received = Set<UInt64>()
        while received.count < producers * perProducer {
            var poller = pollfd(fd: mailbox.wakeReadFD, events: Int16(POLLIN), revents: 0)
            // A completion posted without a wake-up would leave the consumer waiting here.
            guard poll(&poller, 1, 2000) > 0 else {
                Issue.record("no wake-up with \(producers * perProducer - received.count) completions outstanding")
                return
            }
            for completion in mailbox.collect().completions { received.insert(completion.connectionID) }
        }
        #expect(received.count == producers * perProducer)
    }

    @Test("a stop request wakes the consumer")
    func stop() throws {
        let mailbox = try LoopMailbox()
        defer { mailbox.close() }
        mailbox.requestStop()
        var poller = pollfd(fd: mailbox.wakeReadFD, events: Int16(POLLIN), revents: 0)
        #expect(poll(&poller, 1, 1000) == 1)
        #expect(mailbox.collect().stopRequested)
    }
}
