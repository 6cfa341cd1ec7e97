/// What the fault injector decided for one request.
struct FaultDecision: Sendable, Equatable {
    /// The fault that replaces or spoils the response, if any.
    enum Kind: Sendable, Equatable {
        case reset
        case fail(status: Int)
        case throttle
        case html
        case emptyResults
        /// Send only this share (0..<1) of the body.
        case truncate(fraction: Double)
    }

    var kind: Kind?
    var delay: Duration = .zero
    var slowBody: FaultConfiguration.SlowBody?

    /// The log-line note, e.g. `fault=fail-503 delay=312ms`.
    var note: String? {
        var parts: [String] = []
        switch kind {
        case .reset: parts.append("fault=reset")
        case .fail(let status): parts.append("fault=fail-\(status)")
        case .throttle: parts.append("fault=throttle")
        case .html: parts.append("fault=html")
        case .emptyResults: parts.append("fault=empty-results")
        case .truncate: parts.append("fault=truncate")
        case nil: break
        }
        if delay > .zero {
            let (seconds, attoseconds) = delay.components
            parts.append("delay=\(seconds * 1000 + attoseconds / 1_000_000_000_000_000)ms")
        }
        if slowBody != nil { parts.append("slow-body") }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
