import Dispatch
import EndlessShared
import Foundation
import Synchronization

/// A fixed set of threads that run request handlers, so generation never runs on the I/O
/// thread (it would stall every other connection) nor on the Swift concurrency pool (the app
/// embedding the server runs its UI and network code there).
final class WorkerPool: Sendable {
    typealias Job = @Sendable () -> Void

    private struct State {
        var jobs: [Job] = []
        var head = 0
        var stopping = false
    }

    private let state = Mutex(State())
    private let available = DispatchSemaphore(value: 0)
    private let exited = DispatchSemaphore(value: 0)
    private let threadCount: Int

    init(threads: Int, name: String) {
        threadCount = max(1, threads)
        for index in 0..<threadCount {
            let threadName = "\(name)-\(index)"
            let thread = Thread { [self] in
                ThreadName.set(threadName)
                work()
            }
            thread.name = threadName
            thread.start()
        }
    }

    func submit(_ job: @escaping Job) {
        let accepted = state.withLock { state -> Bool in
            guard !state.stopping else { return false }
            state.jobs.append(job)
            return true
        }
        if accepted { available.signal() }
    }

    /// Drops queued jobs, lets running ones finish, and returns when every thread has exited.
    func stop() {
        state.withLock { state in
            state.stopping = true
            state.jobs.removeAll()
            state.head = 0
        }
        for _ in 0..<threadCount { available.signal() }
        for _ in 0..<threadCount { exited.wait() }
    }

    private func work() {
        while true {
            available.wait()
            let next = state.withLock { state -> Job?? in
                if state.stopping { return .some(nil) }
                guard state.head < state.jobs.count else { return nil }
                let job = state.jobs[state.head]
                state.head += 1
                // Compact now and then instead of removeFirst on every job.
                if state.head > 64, state.head * 2 > state.jobs.count {
                    state.jobs.removeFirst(state.head)
                    state.head = 0
                }
                return .some(job)
            }
            switch next {
            case .some(.some(let job)): job()
            case .some(.none): exited.signal(); return
            case .none: continue
            }
        }
    }
}
