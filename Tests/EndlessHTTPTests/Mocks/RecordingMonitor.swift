import EndlessHTTP
import Synchronization

/// Keeps every event, and lets a test wait until some have arrived.
final class RecordingMonitor: HTTPEventMonitor {
    private let recorded = Mutex<[HTTPEvent]>([])
    let count = AsyncCounter()

    func record(_ event: HTTPEvent) {
        recorded.withLock { $0.append(event) }
        count.increment()
    }

    var events: [HTTPEvent] { recorded.withLock { $0 } }

    /// The events' kinds as short labels, such as `["started", "retried 2", "finished 200"]`.
    var labels: [String] {
        events.map { event in
            switch event.kind {
            case .started: "started"
            case .joined(let leader): "joined #\(leader)"
            case .redirected(let hop): "redirected \(hop.status)"
            case .retried(let attempt, _, _): "retried \(attempt)"
            case .finished(let status, _, _, _, let error):
                error == nil ? "finished \(status.map(String.init) ?? "-")" : "failed \(status.map(String.init) ?? "-")"
            }
        }
    }
}
