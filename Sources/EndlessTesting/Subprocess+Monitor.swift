import Dispatch
import Foundation
import Glibc
import Synchronization

extension Subprocess {
    /// What is known of one child: what it has written, whether its output has ended, its exit
    /// status; and the waits for any of these. Two threads of its own feed it: a reader that
    /// drains the child's pipes from the start (so the child never blocks on a full pipe), and
    /// a reaper that learns of the child's exit. Both hold only this, not the ``Child``, so
    /// dropping the child runs its deinit.
    final class Monitor: Sendable {
        /// A snapshot of the child, for the conditions the waits test.
        struct State {
            var output: [UInt8] = []
            var error: [UInt8] = []
            var outputEnded: Bool
            var errorEnded: Bool
            /// The exit status (128 + the signal for a child a signal ended), once reaped.
            var status: Int32?

            /// What `stream` holds so far, and whether it has ended.
            func text(of stream: Stream) -> (text: String, ended: Bool) {
                switch stream {
                case .standardOutput: (String(decoding: output, as: UTF8.self), outputEnded)
                case .standardError: (String(decoding: error, as: UTF8.self), errorEnded)
                }
            }

            /// Reaped, and both streams ended: nothing more will change.
            var isOver: Bool { status != nil && outputEnded && errorEnded }
        }

        private struct Waiter {
            let isReady: @Sendable (State) -> Bool
            let wake: @Sendable () -> Void
        }

        private struct Locked {
            var state: State
            var waiters: [Int: Waiter] = [:]
            var nextID = 0
        }

        let processIdentifier: pid_t
        private let locked: Mutex<Locked>

        /// Watches `processIdentifier`, whose standard output and error are the given read ends
        /// of pipes (nil for a stream that goes elsewhere), until `stop` (the read end of a
        /// pipe whose write end the child's handle closes when it goes away) reports an end.
        init(processIdentifier: pid_t, output: Int32?, error: Int32?, stop: Int32?) {
            self.processIdentifier = processIdentifier
            locked = Mutex(Locked(state: State(outputEnded: output == nil, errorEnded: error == nil)))
            Thread.detachNewThread { [self] in reap() }
            if output != nil || error != nil, let stop {
                Thread.detachNewThread { [self] in drain(output: output, error: error, stop: stop) }
            }
        }

        /// The state now.
        var state: State { locked.withLock { $0.state } }

        /// Sends `signal` to the child unless it has been reaped (its process id may then
        /// belong to another process). Reaping happens under the same lock, so this never
        /// signals a stranger.
        func send(_ signal: Int32) {
            locked.withLock { locked in
                if locked.state.status == nil { _ = kill(processIdentifier, signal) }
            }
        }

        /// Kills the child with SIGKILL if it has not been reaped, and reaps it; returns at once
        /// if it was.
        func killAndReap() {
            let ready = locked.withLock { locked -> [Waiter] in
                guard locked.state.status == nil else { return [] }
                _ = kill(processIdentifier, SIGKILL)
                var raw: Int32 = 0
                while waitpid(processIdentifier, &raw, 0) < 0 && errno == EINTR {}
                locked.state.status = exitStatus(raw)
                return Self.takeReady(&locked)
            }
            for waiter in ready { waiter.wake() }
        }

        /// Suspends until `isReady` holds, the waiting task is cancelled, or `deadline` passes.
        func wait(
            until isReady: @escaping @Sendable (State) -> Bool, deadline: ContinuousClock.Instant
        ) async -> OnceResumer.Ending {
            let id = newID()
            let resumer = OnceResumer()
            let ending = await resumer.suspend(until: deadline) {
                self.register(id, Waiter(isReady: isReady, wake: { resumer.resume() }))
            }
            _ = locked.withLock { $0.waiters.removeValue(forKey: id) }
            return ending
        }

        /// Blocks the calling thread until `isReady` holds, with no deadline: for ``run``,
        /// which waits for a program to its end.
        func waitBlocking(until isReady: @escaping @Sendable (State) -> Bool) {
            let semaphore = DispatchSemaphore(value: 0)
            register(newID(), Waiter(isReady: isReady, wake: { semaphore.signal() }))
            semaphore.wait()
        }

        private func newID() -> Int {
            locked.withLock { locked in
                defer { locked.nextID += 1 }
                return locked.nextID
            }
        }

        /// Keeps `waiter` until its condition holds; wakes it at once if it holds now.
        private func register(_ id: Int, _ waiter: Waiter) {
            let readyNow = locked.withLock { locked -> Bool in
                if waiter.isReady(locked.state) { return true }
                locked.waiters[id] = waiter
                return false
            }
            if readyNow { waiter.wake() }
        }

        /// Applies `change` and wakes the waits it completes.
        private func update(_ change: (inout State) -> Void) {
            let ready = locked.withLock { locked -> [Waiter] in
                change(&locked.state)
                return Self.takeReady(&locked)
            }
            for waiter in ready { waiter.wake() }
        }

        /// Removes and returns the waiters whose condition holds.
        private static func takeReady(_ locked: inout Locked) -> [Waiter] {
            let state = locked.state
            let ready = locked.waiters.filter { $0.value.isReady(state) }
            for id in ready.keys { locked.waiters.removeValue(forKey: id) }
            return Array(ready.values)
        }

        /// The reaper's thread: waits for the child's exit without reaping it (`WNOWAIT`), then
        /// reaps it under the lock that ``send(_:)`` signals under.
        private func reap() {
            var info = siginfo_t()
            while waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
            update { state in
                guard state.status == nil else { return }  // killAndReap came first
                var raw: Int32 = 0
                if waitpid(processIdentifier, &raw, WNOHANG) == processIdentifier {
                    state.status = exitStatus(raw)
                } else {
                    state.status = 128 + SIGKILL  // gone without a status (reaped elsewhere): never hang a wait
                }
            }
        }

        /// The reader's thread: appends what the child writes until each pipe ends, or until
        /// `stop` reports that the handle went away (a process the child started may hold its
        /// output open for ever); then closes its descriptors.
        private func drain(output: Int32?, error: Int32?, stop: Int32) {
            var open: [(descriptor: Int32, stream: Stream)] = []
            if let output { open.append((output, .standardOutput)) }
            if let error { open.append((error, .standardError)) }
            var buffer = [UInt8](repeating: 0, count: 65536)
            while !open.isEmpty {
                var polled = (open.map(\.descriptor) + [stop]).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                let count = poll(&polled, nfds_t(polled.count), -1)
                if count < 0 {
                    if errno == EINTR { continue }
                    break
                }
                if polled[polled.count - 1].revents != 0 { break }
                var ended: [Int32] = []
                for (index, pipe) in open.enumerated() where polled[index].revents != 0 {
                    let read = Glibc.read(pipe.descriptor, &buffer, buffer.count)
                    if read < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                    if read <= 0 {
                        ended.append(pipe.descriptor)
                        close(pipe.descriptor)
                        update { state in
                            if pipe.stream == .standardOutput { state.outputEnded = true } else { state.errorEnded = true }
                        }
                    } else {
                        let bytes = buffer[0..<read]
                        update { state in
                            if pipe.stream == .standardOutput { state.output += bytes } else { state.error += bytes }
                        }
                    }
                }
                open.removeAll { ended.contains($0.descriptor) }
            }
            // Given up (the handle went away): nothing more will be read.
            for pipe in open { close(pipe.descriptor) }
            update { state in
                state.outputEnded = true
                state.errorEnded = true
            }
            close(stop)
        }
    }
}
