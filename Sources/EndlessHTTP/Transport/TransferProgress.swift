/// Who hears how much of a response body has arrived, for a progress figure ("45 %").
///
/// Set for the requests a task sends (and the tasks it starts) with
/// `TransferProgress.$observer.withValue(observe) { try await client.data(from: url) }`: the
/// transport calls it after each chunk of the body, on the thread that received it, with the
/// bytes received so far and the length the server announced (nil when it announced none).
/// It must return quickly; a retried request starts again from 0.
package enum TransferProgress {
    /// Hears `(received, expected)` after each chunk of a body; nil for nobody.
    @TaskLocal package static var observer: (@Sendable (_ received: Int, _ expected: Int64?) -> Void)?
}
