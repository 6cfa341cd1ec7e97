import EndlessTerminal
import EndlessTerminalTesting
import Foundation
import Synchronization
import Testing

/// A test's input reaches its sink in the order it was sent, whenever the sink connects.
@Suite("In-memory input")
struct InMemoryInputTests {
    @Test("events sent from another thread while the waiting ones are handed over arrive after them, the finish last")
    func orderAcrossTheConnect() {
        let input = InMemoryInput()
        for index in 1...30 { input.send(.resize(Size(width: index, height: 1))) }
        let handingOver = DispatchSemaphore(value: 0)
        let sent = DispatchSemaphore(value: 0)
        // Sends the rest while the first waiting event is being handed over, and ends.
        let sender = Thread {
            guard handingOver.wait(timeout: .now() + 60) == .success else { return }
            for index in 31...60 { input.send(.resize(Size(width: index, height: 1))) }
            input.finish()
            sent.signal()
        }
        sender.start()
        let seen = Mutex<[Int]>([])
        let finished = Mutex(false)
        let connection = input.connect(
            TerminalEventSink(
                receive: { event in
                    guard case .resize(let size) = event else { return }
                    #expect(!finished.withLock { $0 }, "event \(size.width) after the finish")
                    seen.withLock { $0.append(size.width) }
                    // The hand-over holds here until the sender has sent everything.
                    if size.width == 1 {
                        handingOver.signal()
                        #expect(sent.wait(timeout: .now() + 60) == .success, "the sender did not end")
                    }
                },
                finish: { finished.withLock { $0 = true } }))
        connection.cancel()
        #expect(seen.withLock { $0 } == Array(1...60), "in the order sent")
        #expect(finished.withLock { $0 }, "the finish was delivered")
    }
}
