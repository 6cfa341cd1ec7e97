import CCurl
import EndlessShared
import Foundation
import Synchronization

/// The thread of one ``CurlTransport``: a libcurl multi handle, and the loop that waits in
/// `curl_multi_poll`, runs `curl_multi_perform` (every transfer's callbacks run there) and
/// collects finished transfers.
///
/// Other threads only post commands (start a request, cancel one, wait for the loop to catch
/// up, stop) and wake the loop with `curl_multi_wakeup`, which libcurl allows from any thread.
/// Every easy handle is made, used and cleaned up on the loop's thread.
///
/// The inbox is guarded by an `NSLock` rather than a `Mutex`: ThreadSanitizer sees the
/// pthread mutex under it, so it knows a request's fields were written before the loop reads them.
final class CurlEngine: Sendable {
    /// What other threads ask of the loop.
    private enum Command {
        case start(CurlRequest)
        case cancel(CurlRequest)
        case settle(CheckedContinuation<Void, Never>)
        case stop
    }

    /// The inbox and whether the loop runs. `@unchecked Sendable`: only touched under `lock`.
    private final class Inbox: @unchecked Sendable {
        let lock = NSLock()
        var commands: [Command] = []
        /// The multi handle, once the first command made it (and the loop's thread).
        var multi: CurlMulti?
        /// Whether the multi handle could not be made; requests then fail at once.
        var failed = false
        var stopped = false
    }

    private let inbox = Inbox()
    /// Easy handles in use by a transfer now (see ``CurlTransport/liveHandleCount``).
    private let census = Atomic<Int>(0)

    var liveHandles: Int { census.load(ordering: .acquiring) }

    /// Easy handles made so far: every other transfer reused one (see ``CurlHandlePool``).
    private let handlesMade = Atomic<Int>(0)

    var madeHandles: Int { handlesMade.load(ordering: .acquiring) }

    /// Hands `request` to the loop, starting the loop on the first request.
    func start(_ request: CurlRequest) {
        guard post(.start(request)) else {
            request.transfer.finish(.failure(.transport(code: .unknown, message: "libcurl could not be initialised")))
            return
        }
    }

    /// Asks the loop to tear `request`'s transfer down, if it is running.
    func cancel(_ request: CurlRequest) {
        post(.cancel(request))
    }

    /// Returns once the loop has handled every command posted before.
    func settle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            if !post(.settle(continuation)) { continuation.resume() }
        }
    }

    /// Ends the loop; the multi handle is cleaned up on its thread.
    func stop() {
        post(.stop)
    }

    /// Queues `command` and wakes the loop; the first command starts it. Returns false when no
    /// loop can run the command (libcurl failed to start, or the engine stopped).
    @discardableResult
    private func post(_ command: Command) -> Bool {
        inbox.lock.lock()
        if inbox.failed || inbox.stopped {
            inbox.lock.unlock()
            return false
        }
        if inbox.multi == nil {
            if case .stop = command {
                // Never started: nothing to stop.
                inbox.stopped = true
                inbox.lock.unlock()
                return true
            }
            guard CurlGlobal.isInitialised, let multi = CurlMulti() else {
                inbox.failed = true
                inbox.lock.unlock()
                return false
            }
            inbox.multi = multi
            Thread { [self] in run(multi) }.start()
        }
        if case .stop = command { inbox.stopped = true }
        inbox.commands.append(command)
        let multi = inbox.multi
        inbox.lock.unlock()
        multi?.wakeup()
        return true
    }

    /// Takes every queued command.
    private func takeCommands() -> [Command] {
        inbox.lock.lock()
        defer { inbox.lock.unlock() }
        let commands = inbox.commands
        inbox.commands.removeAll(keepingCapacity: true)
        return commands
    }

    /// The loop, on the engine's own thread, until ``stop()``.
    private func run(_ multi: CurlMulti) {
        ThreadName.set("endless-curl")
        var hops: [UnsafeMutableRawPointer: CurlHop] = [:]
        var pool = CurlHandlePool()
        var stopping = false
        while !stopping {
            for command in takeCommands() {
                switch command {
                case .start(let request):
                    begin(CurlHop(request: request, sending: request.request), in: multi, hops: &hops, pool: &pool)
                case .cancel(let request):
                    if let (handle, hop) = hops.first(where: { $0.value.request === request }) {
                        hops[handle] = nil
                        end(hop, in: multi, pool: &pool)
                    }
                case .settle(let continuation):
                    continuation.resume()
                case .stop:
                    stopping = true
                }
            }
            if stopping { break }
            guard !hops.isEmpty else {
                multi.poll(milliseconds: 60_000)
                continue
            }
            multi.perform()
            while let (handle, result) = multi.nextFinished() {
                guard let hop = hops.removeValue(forKey: handle) else { continue }
                let next = hop.finished(result)
                end(hop, in: multi, pool: &pool)
                if let next { begin(next, in: multi, hops: &hops, pool: &pool) }
            }
            // libcurl's own timers (connect, idle, its 1 s speed check) cut the wait shorter.
            multi.poll(milliseconds: 1_000)
        }
        for (_, hop) in hops {
            hop.request.transfer.finish(.failure(.cancelled))
            end(hop, in: multi, pool: &pool)
        }
        pool.drain()
        // Commands posted while stopping: none start, and no one is left waiting.
        for command in takeCommands() {
            if case .settle(let continuation) = command { continuation.resume() }
        }
        multi.cleanup()
    }

    /// Makes `hop`'s easy handle and adds it to the multi handle, unless the request has
    /// already ended (cancelled before the loop saw it).
    private func begin(
        _ hop: CurlHop, in multi: CurlMulti, hops: inout [UnsafeMutableRawPointer: CurlHop], pool: inout CurlHandlePool
    ) {
        guard hop.request.transfer.outcome == nil else { return }
        let handle = hop.makeHandle(from: &pool)
        handlesMade.store(pool.made, ordering: .releasing)
        guard let handle else {
            hop.request.transfer.finish(.failure(.transport(code: .unknown, message: "libcurl could not make a transfer")))
            return
        }
        census.add(1, ordering: .releasing)
        guard multi.add(handle) else {
            hop.request.transfer.finish(.failure(.transport(code: .unknown, message: "libcurl refused the transfer")))
            end(hop, in: multi, pool: &pool)
            return
        }
        hops[handle] = hop
    }

    /// Removes `hop`'s handle from the multi handle and gives it back to `pool`.
    private func end(_ hop: CurlHop, in multi: CurlMulti, pool: inout CurlHandlePool) {
        guard let handle = hop.handle else { return }
        multi.remove(handle)
        hop.cleanUp(into: &pool)
        census.subtract(1, ordering: .releasing)
    }
}
