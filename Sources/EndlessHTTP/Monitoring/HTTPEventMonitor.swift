/// Receives every ``HTTPEvent`` of the clients it is given to.
///
/// `record(_:)` is called synchronously on the request's task (a redirect, on the transport's
/// thread as it happens), from many tasks at once: keep it quick and thread-safe (hand slow
/// work to a queue or an `AsyncStream`).
public protocol HTTPEventMonitor: Sendable {
    /// Called once for each event, in order for any one request.
    ///
    /// - Parameter event: What happened.
    func record(_ event: HTTPEvent)
}
