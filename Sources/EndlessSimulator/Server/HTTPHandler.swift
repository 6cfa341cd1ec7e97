/// Answers requests for the generic HTTP layer.
///
/// The server calls it on its own worker threads, never on the I/O thread and never on the
/// Swift concurrency pool, so an implementation may compute synchronously for a while (a
/// 5,000-user page) without stalling other connections.
protocol HTTPHandler: Sendable {
    func respond(to request: HTTPRequest) -> HTTPResponse
}
