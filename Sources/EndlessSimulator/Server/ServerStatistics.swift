import Synchronization

/// Counters the I/O thread publishes once per loop turn, for tests and diagnostics: they let
/// a test wait for the server's state instead of for time.
final class ServerStatistics: Sendable {
    /// Bytes of responses held in memory for clients (head and body, until fully sent).
    let heldResponseBytes = Atomic<Int>(0)
    /// Open client connections, overflow ones included.
    let openConnections = Atomic<Int>(0)
    /// Requests with the workers or waiting for one.
    let waitingRequests = Atomic<Int>(0)
    /// How many times freed memory was given back to the system.
    let memoryReleases = Atomic<Int>(0)
}
