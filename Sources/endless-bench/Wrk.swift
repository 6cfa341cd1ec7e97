import Foundation

/// wrk, the HTTP load generator both sides of a server figure are measured with.
struct Wrk {
    /// What one wrk run reports.
    struct Result {
        var requestsPerSecond: Double
        var requests: Int
        var timeouts: Int
        var socketErrors: Int
        var non2xx: Int
        var latencyMilliseconds: Double
    }

    let tool: ExternalTool
    /// wrk's own threads (it runs on the same two cores as the servers).
    var threads = 2
    var connections = 64

    static func find() -> Wrk? {
        ExternalTool.find("wrk", installedBy: "wrk", area: "server").map { Wrk(tool: $0) }
    }

    /// Loads `url` for `seconds` and returns what wrk counted.
    func run(_ url: String, seconds: Int) throws -> Result {
        let output = try tool.run(["-t\(threads)", "-c\(connections)", "-d\(seconds)s", "--latency", url])
        let text = String(decoding: output, as: UTF8.self)
        guard let rate = Self.number(after: "Requests/sec:", in: text) else {
            throw ExternalTool.Failure(description: "wrk printed no Requests/sec line: \(text)")
        }
        var result = Result(
            requestsPerSecond: rate, requests: 0, timeouts: 0, socketErrors: 0,
            non2xx: Int(Self.number(after: "Non-2xx or 3xx responses:", in: text) ?? 0),
            latencyMilliseconds: Self.latency(in: text) ?? .nan)
        // "  123456 requests in 2.00s, 1.23GB read"
        if let line = text.split(separator: "\n").first(where: { $0.contains(" requests in ") }),
            let count = line.split(separator: " ").first.flatMap({ Int($0) })
        {
            result.requests = count
        }
        // "  Socket errors: connect 0, read 0, write 0, timeout 12"
        if let line = text.split(separator: "\n").first(where: { $0.contains("Socket errors:") }) {
            let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            if numbers.count == 4 {
                result.socketErrors = numbers[0] + numbers[1] + numbers[2]
                result.timeouts = numbers[3]
            }
        }
        return result
    }

    private static func number(after label: String, in text: String) -> Double? {
        guard let line = text.split(separator: "\n").first(where: { $0.contains(label) }),
            let range = line.range(of: label)
        else { return nil }
        return Double(line[range.upperBound...].trimmingCharacters(in: .whitespaces))
    }

    /// The 50th-percentile latency in milliseconds (`     50%    1.23ms`).
    private static func latency(in text: String) -> Double? {
        guard let line = text.split(separator: "\n").first(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix("50%") })
        else { return nil }
        let value = line.split(separator: " ").last.map(String.init) ?? ""
        let scales: [(String, Double)] = [("us", 0.001), ("ms", 1), ("s", 1000), ("m", 60_000)]
        for (suffix, scale) in scales where value.hasSuffix(suffix) {
            if let number = Double(value.dropLast(suffix.count)) { return number * scale }
        }
        return nil
    }
}
