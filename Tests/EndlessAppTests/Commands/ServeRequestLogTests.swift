import Dispatch
import Synchronization
import Testing

@testable import EndlessApp

/// A terminal that takes each write only when the test lets it.
private final class SlowTerminal: Sendable {
    let writes = Mutex<[String]>([])
    let entered = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)

    func write(_ text: String) {
        entered.signal()
        proceed.wait()
        writes.withLock { $0.append(text) }
    }
}

@Suite("endless serve's request log")
struct ServeRequestLogTests {
    @Test("lines queued while the terminal is busy go out together, in order, sanitized; append never waits")
    func batchesWhileTheTerminalIsBusy() {
        let terminal = SlowTerminal()
        let log = ServeRequestLog(writingTo: terminal.write)
        log.append("GET /first 200 1B 0.1ms")
        // The writer is now inside the terminal's write, which does not return until told.
        #expect(terminal.entered.wait(timeout: .now() + 10) == .success)
        for index in 0..<500 { log.append("GET /n=\(index)\u{1B}[2J 200 1B 0.1ms") }
        terminal.proceed.signal()
        #expect(terminal.entered.wait(timeout: .now() + 10) == .success)
        terminal.proceed.signal()
        log.close()

        let writes = terminal.writes.withLock { $0 }
        #expect(writes.count == 2)
        #expect(writes.first == "GET /first 200 1B 0.1ms\n")
        let lines = writes.dropFirst().first?.split(separator: "\n").map(String.init) ?? []
        #expect(lines.count == 500)
        #expect(lines.first == "GET /n=0 200 1B 0.1ms")
        #expect(lines.last == "GET /n=499 200 1B 0.1ms")
        #expect(!(writes.joined().contains("\u{1B}")))
    }

    @Test("past the bound, lines are counted instead of kept, and the log says how many")
    func dropsPastTheBound() {
        let terminal = SlowTerminal()
        let log = ServeRequestLog(writingTo: terminal.write)
        log.append("first")
        #expect(terminal.entered.wait(timeout: .now() + 10) == .success)
        let line = String(repeating: "x", count: 1023)
        let fitting = ServeRequestLog.maxPendingBytes / 1024
        for _ in 0..<(fitting + 7) { log.append(line) }
        terminal.proceed.signal()
        #expect(terminal.entered.wait(timeout: .now() + 10) == .success)
        terminal.proceed.signal()
        log.close()

        let batch = terminal.writes.withLock { $0 }.dropFirst().first ?? ""
        let lines = batch.split(separator: "\n")
        #expect(lines.count == fitting + 1)
        #expect(lines.last == "endless serve: 7 request lines not shown: requests came faster than the terminal read them")
    }

    @Test("close writes what is queued, and lines after it are dropped")
    func closeFlushes() {
        let written = Mutex("")
        let log = ServeRequestLog(writingTo: { text in written.withLock { $0 += text } })
        for index in 0..<3 { log.append("line \(index)") }
        log.close()
        log.append("late")
        log.close()
        #expect(written.withLock { $0 } == "line 0\nline 1\nline 2\n")
    }
}
