import EndlessImages
import EndlessTesting
import Foundation
import Synchronization
import Testing

/// A loader that serves bytes from memory, counts every call, and can hold calls open until the
/// test releases them, so coalescing, priorities and cancellation are tested without sleeping.
final class MockImageLoader: ImageDataLoading {
    struct MissingResponse: Error, Equatable {
        let url: URL
    }

    struct Snapshot: Sendable {
        /// Every call in the order it was made.
        var calls: [URL] = []
        /// Calls that ended because their task was cancelled while held.
        var cancellations: [URL] = []
        /// Calls currently held.
        var held: Int = 0

        func callCount(for url: URL) -> Int { calls.filter { $0 == url }.count }
    }

    private struct Held {
        var url: URL
        var continuation: CheckedContinuation<Void, any Error>?
    }

    private struct State {
        var snapshot = Snapshot()
        var responses: [URL: Data]
        var holdsCalls: Bool
        var held: [UInt64: Held] = [:]
        var cancelledEarly: Set<UInt64> = []
        var released: Set<UInt64> = []
        var nextID: UInt64 = 0
        var watchers: [(condition: @Sendable (Snapshot) -> Bool, resumer: OnceResumer)] = []

        mutating func satisfiedWatchers() -> [OnceResumer] {
            let snapshot = snapshot
            let ready = watchers.filter { $0.condition(snapshot) }.map(\.resumer)
            watchers.removeAll { $0.condition(snapshot) }
            return ready
        }
    }

    private let state: Mutex<State>

    /// - Parameters:
    ///   - responses: the bytes for each URL; other URLs fail with ``MissingResponse``.
    ///   - holdsCalls: whether calls wait for ``release(_:)`` / ``releaseAll()``.
    init(responses: [URL: Data] = [:], holdsCalls: Bool = false) {
        state = Mutex(State(responses: responses, holdsCalls: holdsCalls))
    }

    var snapshot: Snapshot { state.withLock { $0.snapshot } }

    func setResponse(_ data: Data, for url: URL) {
        state.withLock { $0.responses[url] = data }
    }

    func data(for url: URL) async throws -> Data {
        let (id, holds, watchers) = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.snapshot.calls.append(url)
            if state.holdsCalls {
                state.held[id] = Held(url: url)
                state.snapshot.held += 1
            }
            return (id, state.holdsCalls, state.satisfiedWatchers())
        }
        watchers.forEach { $0.resume() }
        if holds { try await waitForRelease(id) }
        let response = state.withLock { $0.responses[url] }
        guard let response else { throw MissingResponse(url: url) }
        return response
    }

    private func waitForRelease(_ id: UInt64) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> Result<Void, any Error>? in
                    if state.cancelledEarly.remove(id) != nil { return .failure(CancellationError()) }
                    if state.released.remove(id) != nil { return .success(()) }
                    state.held[id]?.continuation = continuation
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let (continuation, watchers) = state.withLock { state -> (CheckedContinuation<Void, any Error>?, [OnceResumer]) in
                guard let held = state.held.removeValue(forKey: id) else { return (nil, []) }
                if held.continuation == nil { state.cancelledEarly.insert(id) }
                state.snapshot.held -= 1
                state.snapshot.cancellations.append(held.url)
                return (held.continuation, state.satisfiedWatchers())
            }
            continuation?.resume(throwing: CancellationError())
            watchers.forEach { $0.resume() }
        }
    }

    /// Lets the held calls for `url` finish.
    func release(_ url: URL) {
        release { $0 == url }
    }

    /// Lets every held call finish, and stops holding new ones.
    func releaseAll() {
        state.withLock { $0.holdsCalls = false }
        release { _ in true }
    }

    private func release(where matches: (URL) -> Bool) {
        let (continuations, watchers) = state.withLock { state -> ([CheckedContinuation<Void, any Error>], [OnceResumer]) in
            var continuations: [CheckedContinuation<Void, any Error>] = []
            for (id, held) in state.held where matches(held.url) {
                state.held[id] = nil
                state.snapshot.held -= 1
                if let continuation = held.continuation {
                    continuations.append(continuation)
                } else {
                    state.released.insert(id)
                }
            }
            return (continuations, state.satisfiedWatchers())
        }
        continuations.forEach { $0.resume() }
        watchers.forEach { $0.resume() }
    }

    /// Suspends until `condition` holds for the loader's snapshot (bounded: a condition that
    /// never holds records an issue and ends the wait, so the test fails instead of hanging).
    /// - Returns: whether it holds.
    @discardableResult
    func wait(
        sourceLocation: SourceLocation = #_sourceLocation, until condition: @escaping @Sendable (Snapshot) -> Bool
    ) async -> Bool {
        await OnceResumer.wait("the image loader's condition (\(snapshot))", sourceLocation: sourceLocation) { resumer in
            let ready = self.state.withLock { state -> Bool in
                if condition(state.snapshot) { return true }
                state.watchers.append((condition, resumer))
                return false
            }
            if ready { resumer.resume() }
        }
    }

    /// Suspends until at least `count` calls have been made.
    /// - Returns: whether they were.
    @discardableResult
    func calls(atLeast count: Int, sourceLocation: SourceLocation = #_sourceLocation) async -> Bool {
        await wait(sourceLocation: sourceLocation) { $0.calls.count >= count }
    }
}
