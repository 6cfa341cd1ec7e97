import EndlessApp
import EndlessTerminal
import EndlessTerminalTesting
import EndlessTesting
import Synchronization

/// The in-memory terminal as the browser's terminal: every frame goes through the real
/// renderer into a virtual screen, and a test waits for the screen to show what it expects.
final class ScreenRecorder: BrowserTerminal {
    private struct State {
        var terminal: InMemoryTerminal
        var waiters: [(shows: @Sendable (String) -> Bool, continuation: CheckedContinuation<String, Never>)] = []
    }

    private let state: Mutex<State>

    init(size: Size = Size(width: 60, height: 12)) {
        state = Mutex(State(terminal: InMemoryTerminal(size: size)))
    }

    var size: Size { state.withLock { $0.terminal.size } }
    /// The screen as text now.
    var text: String { state.withLock { $0.terminal.text } }

    func render(_ frame: ScreenBuffer) throws {
        let (text, ready) = state.withLock { state in
            _ = state.terminal.render(frame)
            let text = state.terminal.text
            let ready = state.waiters.filter { $0.shows(text) }.map(\.continuation)
            state.waiters.removeAll { $0.shows(text) }
            return (text, ready)
        }
        for continuation in ready { continuation.resume(returning: text) }
    }

    /// The screen as text once a frame shows what `shows` looks for (at once if it does now),
    /// waiting at most `limit`.
    /// - Throws: ``TimeoutError`` with the screen as it was, when no frame showed it in time.
    func screen(within limit: Duration = .seconds(20), where shows: @escaping @Sendable (String) -> Bool) async throws -> String {
        do {
            return try await withTimeout(limit) { await self.waitForScreen(where: shows) }
        } catch {
            throw ScreenTimeout(screen: text)
        }
    }

    private func waitForScreen(where shows: @escaping @Sendable (String) -> Bool) async -> String {
        await withCheckedContinuation { continuation in
            let now: String? = state.withLock { state in
                let text = state.terminal.text
                if shows(text) { return text }
                state.waiters.append((shows, continuation))
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
    }
}

/// No frame showed what a test waited for.
struct ScreenTimeout: Error, CustomStringConvertible {
    let screen: String
    var description: String { "no frame showed it in time; the screen was:\n\(screen)" }
}
