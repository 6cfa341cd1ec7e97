import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the mock server does with one request.
enum MockReply: Sendable {
    /// A complete response at once.
    case respond(status: Int, headers: [String: String] = [:], body: Data = Data())
    /// The head, then `chunkCount` copies of `chunk`, one per dispatch so that a cancellation
    /// can land in between; stops as soon as the task is cancelled.
    case stream(status: Int, headers: [String: String] = [:], chunk: Data, chunkCount: Int)
    /// A network failure.
    case fail(URLError.Code)
    /// No answer until the test calls ``MockServer/release(with:)`` (or the task is cancelled).
    case hold
    /// Blocks URLSession's internal work queue inside `startLoading` until `gate` is
    /// signalled, then answers nothing: a session that is stuck, as FoundationNetworking's can be.
    case stall(gate: DispatchSemaphore)

    /// A 200 JSON response.
    static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> MockReply {
        var allHeaders = ["Content-Type": "application/json; charset=utf-8"]
        allHeaders.merge(headers) { _, new in new }
        return .respond(status: status, headers: allHeaders, body: Data(text.utf8))
    }
}
