/// Who hears how much of a response body has arrived, for a progress figure ("45 %").
///
/// Set for the requests a task sends (and the tasks it starts) with
/// `TransferProgress.$observer.withValue(Observer(observe)) { try await client.data(from: url) }`: the
/// transport calls it after each chunk of the body, on the thread that received it, with the
/// bytes received so far and the length the server announced (nil when it announced none).
/// It must return quickly; a retried request starts again from 0.
package enum TransferProgress {
    /// Hears `(received, expected)` after each chunk of a body; nil for nobody.
    @TaskLocal package static var observer: Observer?

    /// What hears a body's progress. A class, not a bare closure: bound to a task-local as an
    /// optional function, the optimized build passed no type metadata for it, and setting it
    /// crashed the process (swift_task_localValuePush, as `d` started a download).
    package final class Observer: Sendable {
        private let hear: @Sendable (_ received: Int, _ expected: Int64?) -> Void

        /// - Parameter hear: called with the bytes received so far and the length announced.
        package init(_ hear: @escaping @Sendable (_ received: Int, _ expected: Int64?) -> Void) {
            self.hear = hear
        }

        /// Hears `received` bytes of `expected` (nil when the server announced no length).
        package func callAsFunction(_ received: Int, _ expected: Int64?) {
            hear(received, expected)
        }
    }
}
