/// Answers requests for the generic HTTP layer.
///
/// Each request first reaches ``answer(_:)`` on the I/O thread, which either has the answer
/// at hand (a cached portrait or page, an error, a fault page) and returns it ready, so it is
/// sent in the same loop turn with no thread hop; or hands back the work, which the server
/// runs on one of its worker threads, never on the I/O thread and never on the Swift
/// concurrency pool, so that work may compute synchronously for a while (a 5,000-user page)
/// without stalling other connections. Work names its ``WorkLane``: assets (pictures drawn on
/// demand) run on threads of their own, so API requests never queue behind them.
protocol HTTPHandler: Sendable {
    /// Computes the answer to `request`; called on a worker thread.
    func respond(to request: HTTPRequest) -> HTTPResponse

    /// Called on the I/O thread for every request: a ready answer, or the work for a worker.
    /// It must return at once: no generation, no blocking, no I/O. The default hands
    /// everything to the API lane's workers (``respond(to:)``).
    func answer(_ request: HTTPRequest) -> HTTPAnswer
}

extension HTTPHandler {
    func answer(_ request: HTTPRequest) -> HTTPAnswer {
        .compute { respond(to: request) }
    }
}

/// What ``HTTPHandler/answer(_:)`` returns.
enum HTTPAnswer: Sendable {
    /// The answer is at hand: the I/O thread sends it now.
    case ready(HTTPResponse)
    /// The answer needs computing: a worker thread of `lane` runs `work`, then the I/O
    /// thread sends it.
    case compute(lane: WorkLane = .api, _ work: @Sendable () -> HTTPResponse)
}
