import Foundation

/// An event monitor that writes one line per event, for `--verbose` output.
///
/// ```text
/// http #1 -> GET https://randomuser.me/api/?results=20&seed=abc
/// http #1 => 307 to https://mirror.example/api/?results=20&seed=abc (another origin: Authorization not sent)
/// http #1 retry 2 in 0.48 s after: HTTP 503 Service Unavailable. The server failed; ...
/// http #1 <- 200 GET https://randomuser.me/api/?results=20&seed=abc 41.2 KiB in 812 ms (2 attempts)
/// http #2 == GET https://randomuser.me/api/?results=20&seed=abc joins #1
/// ```
///
/// URLs and headers are already redacted in events, so nothing secret reaches the sink.
public struct LogMonitor: HTTPEventMonitor {
    private let write: @Sendable (String) -> Void
    private let includesHeaders: Bool

    /// Creates a monitor that hands each line, without a trailing newline, to `write`.
    ///
    /// - Parameters:
    ///   - includesHeaders: Whether the start line is followed by the redacted cURL command.
    ///   - write: Receives each line; called from many tasks, so it must be thread-safe.
    public init(includesHeaders: Bool = false, write: @escaping @Sendable (String) -> Void) {
        self.includesHeaders = includesHeaders
        self.write = write
    }

    /// A monitor that writes to standard error, one line per event.
    ///
    /// - Parameter includesHeaders: Whether to add the redacted cURL command for each request.
    /// - Returns: The monitor.
    public static func standardError(includesHeaders: Bool = false) -> LogMonitor {
        LogMonitor(includesHeaders: includesHeaders) { line in
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }

    /// Writes the line for `event`.
    ///
    /// - Parameter event: What happened.
    public func record(_ event: HTTPEvent) {
        write(Self.line(for: event))
        if includesHeaders, case .started = event.kind {
            write("http #\(event.requestID)    \(event.request.curlCommand)")
        }
    }

    /// The line written for `event`.
    ///
    /// - Parameter event: What happened.
    /// - Returns: One line of text, without a newline.
    public static func line(for event: HTTPEvent) -> String {
        let prefix = "http #\(event.requestID)"
        let request = event.request.description
        switch event.kind {
        case .started:
            return "\(prefix) -> \(request)"
        case .joined(let leader):
            return "\(prefix) == \(request) joins #\(leader)"
        case .redirected(let hop):
            let origin: String
            if !hop.leavesOrigin {
                origin = ""
            } else if hop.droppedHeaders.isEmpty {
                origin = " (another origin)"
            } else {
                origin = " (another origin: \(hop.droppedHeaders.joined(separator: ", ")) not sent)"
            }
            return "\(prefix) => \(hop.status) to \(hop.to)\(origin)"
        case .retried(let attempt, let delay, let reason):
            return "\(prefix) attempt \(attempt) in \(format(delay)) after: \(reason)"
        case .finished(let status, let bytes, let duration, let attempts, let error):
            let tries = attempts == 1 ? "" : " (\(attempts) attempts)"
            if let error {
                let statusText = status.map { " (last status \($0))" } ?? ""
                return "\(prefix) !! \(request) failed in \(format(duration))\(tries)\(statusText): \(error)"
            }
            let size = HTTPError.bytes(Int64(bytes))
            return "\(prefix) <- \(status.map(String.init) ?? "---") \(request) \(size) in \(format(duration))\(tries)"
        }
    }

    /// Milliseconds below a second, else seconds with two decimals.
    static func format(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        if milliseconds < 1000 { return "\(Int(milliseconds.rounded())) ms" }
        return String(format: "%.2f s", milliseconds / 1000)
    }
}
