#if canImport(FoundationNetworking)
    import Foundation

    /// A delegate "queue" that runs each callback at once, on the thread that delivers it.
    ///
    /// FoundationNetworking hands every delegate callback to the session's delegate queue from
    /// its own work queue, where libcurl reads the socket. Through an ordinary queue the
    /// callbacks lag behind the socket: on loopback, tens of megabytes of `didReceive data`
    /// operations pile up (each holding its bytes) before the one that crosses the body limit
    /// runs. Run inline, ``SessionDelegate`` sees each chunk the moment libcurl reads it, so it
    /// can cancel at the limit and nothing past it is held.
    ///
    /// The price is that callbacks run on URLSession's work queue: they must be short and must
    /// never call a task method or a completion handler that waits for that queue (`cancel()`
    /// does); ``SessionDelegate`` defers those to the transport's task queue.
    ///
    /// `@unchecked Sendable`: `OperationQueue` is not `Sendable` in FoundationNetworking; this
    /// subclass adds no state.
    final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
        override init() {
            super.init()
            name = "EndlessHTTP.InlineDelegateQueue"
            maxConcurrentOperationCount = 1
        }

        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            block()
        }

        override func addOperation(_ operation: Operation) {
            operation.start()
        }

        override func addOperations(_ operations: [Operation], waitUntilFinished wait: Bool) {
            for operation in operations { operation.start() }
        }
    }
#endif
