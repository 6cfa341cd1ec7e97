import EndlessHTTP
import Foundation

/// The request log's line for one exchange: `GET /api/?results=5 200 1234B 3.1ms [note]`.
///
/// The line shows the method, the target, the status, the body size, the time and any note;
/// never a header. The target's secret query values (`client_id=`, `x_cg_demo_api_key=`,
/// `access_token=`: the names ``Redactor`` knows) are replaced before the line leaves the
/// server, so a key a client sent never reaches the terminal or a log file.
///
/// Built on the I/O thread for every request: a target without a query costs nothing extra.
enum RequestLogLine {
    /// The line for `exchange`, which took `duration`.
    static func text(_ exchange: HTTPConnection.Exchange, duration: Duration, redactor: Redactor) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = seconds * 10_000 + attoseconds / 100_000_000_000_000
        let status = exchange.status == 0 ? "-" : String(exchange.status)
        let target = redactedTarget(exchange.target, redactor: redactor)
        var line = "\(exchange.method) \(target) \(status) \(exchange.bodyBytes)B \(tenths / 10).\(tenths % 10)ms"
        if let note = exchange.note { line += " " + note }
        return line
    }

    /// `target` with the value of every secret query item replaced by the redactor's
    /// replacement; the rest exactly as sent.
    static func redactedTarget(_ target: String, redactor: Redactor) -> String {
        guard let question = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return target }
        let query = target[target.index(after: question)...]
        var redacted: [Substring] = []
        var changed = false
        for item in query.split(separator: "&", omittingEmptySubsequences: false) {
            guard let equals = item.firstIndex(of: "="), isSecret(name: item[..<equals], redactor) else {
                redacted.append(item)
                continue
            }
            redacted.append(item[...equals] + redactor.replacement)
            changed = true
        }
        guard changed else { return target }
        return String(target[...question]) + redacted.joined(separator: "&")
    }

    /// Whether a query item called `name` (percent-encoded as sent) holds a secret.
    private static func isSecret(name: Substring, _ redactor: Redactor) -> Bool {
        let text = String(name)
        // `client%5Fid` is `client_id` to the service that reads it, so it is to the log too.
        let decoded = text.contains("%") ? (text.removingPercentEncoding ?? text) : text
        return redactor.isSecretQueryItem(decoded)
    }
}
