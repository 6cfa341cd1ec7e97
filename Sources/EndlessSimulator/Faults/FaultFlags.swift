import EndlessShared

/// Typed parsers for the fault flags of `endless serve` and the browser, so every front end
/// reads `--latency 300ms±100ms` and friends the same way and reports the same errors.
public enum FaultFlags {
    static let durationExpectation = "a duration such as 300ms, 1.5s or 2m (units: ms, s, m)"

    /// Reads a duration: a non-negative number with a unit `ms`, `s` or `m`; `0` needs none.
    ///
    /// - Parameter text: e.g. `300ms`, `1.5s`, `2m`, `0`.
    /// - Returns: the duration.
    /// - Throws: ``FaultFlagError`` naming the value and the accepted forms.
    public static func duration(_ text: String) throws(FaultFlagError) -> Duration {
        let trimmed = text.trimmingWhitespace()
        if trimmed == "0" { return .zero }
        if let seconds = DurationText.seconds(trimmed, plainUnit: nil), seconds <= 86_400 {
            return .microseconds(Int64((seconds * 1_000_000).rounded()))
        }
        throw FaultFlagError(value: text, expected: durationExpectation)
    }

    /// Reads a latency: a duration, optionally followed by `±` (or `+-`) and a jitter.
    ///
    /// - Parameter text: e.g. `300ms`, `300ms±100ms`, `300ms+-100ms`.
    /// - Returns: the latency.
    /// - Throws: ``FaultFlagError`` naming the value and the accepted forms.
    public static func latency(_ text: String) throws(FaultFlagError) -> FaultConfiguration.Latency {
        let expectation = "a latency such as 300ms, 300ms±100ms or 300ms+-100ms"
        let parts =
            text.contains("±")
            ? text.split(separator: "±", omittingEmptySubsequences: false).map(String.init)
            : text.components(separatedBy: "+-")
        guard parts.count <= 2 else { throw FaultFlagError(value: text, expected: expectation) }
        do {
            let base = try duration(parts[0])
            let jitter = parts.count == 2 ? try duration(parts[1]) : .zero
            return FaultConfiguration.Latency(base: base, jitter: jitter)
        } catch {
            throw FaultFlagError(value: text, expected: expectation)
        }
    }

    /// Reads a rate: a number in 0...1, or a percentage in 0%...100%.
    ///
    /// - Parameter text: e.g. `0.1`, `1`, `25%`.
    /// - Returns: the rate in 0...1.
    /// - Throws: ``FaultFlagError`` naming the value and the accepted range.
    public static func rate(_ text: String) throws(FaultFlagError) -> Double {
        let trimmed = text.trimmingWhitespace()
        let percent = trimmed.hasSuffix("%")
        let number = percent ? String(trimmed.dropLast()) : trimmed
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let value = Double(number).map({ percent ? $0 / 100 : $0 }), (0...1).contains(value)
        else {
            throw FaultFlagError(value: text, expected: "a rate from 0 to 1 (e.g. 0.1) or a percentage (e.g. 10%)")
        }
        return value
    }

    /// Reads a comma-separated list of HTTP statuses for failures.
    ///
    /// - Parameter text: e.g. `500,502,503`.
    /// - Returns: the statuses, in order.
    /// - Throws: ``FaultFlagError`` when the list is empty or an entry is not a status in 400...599.
    public static func statuses(_ text: String) throws(FaultFlagError) -> [Int] {
        let entries = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        let statuses = entries.compactMap { entry in
            entry.allSatisfy({ $0.isASCII && $0.isNumber }) ? Int(entry) : nil
        }
        guard !entries.isEmpty, statuses.count == entries.count, statuses.allSatisfy({ (400...599).contains($0) })
        else {
            throw FaultFlagError(value: text, expected: "a comma-separated list of statuses from 400 to 599, e.g. 500,502,503")
        }
        return statuses
    }

    /// Reads a slow-body setting: a pause between pieces, optionally preceded by the piece
    /// size in bytes and a slash.
    ///
    /// - Parameter text: e.g. `100ms` (1024-byte pieces) or `64/100ms`.
    /// - Returns: the slow-body fault.
    /// - Throws: ``FaultFlagError`` naming the value and the accepted forms.
    public static func slowBody(_ text: String) throws(FaultFlagError) -> FaultConfiguration.SlowBody {
        let expectation = "a pause such as 100ms, or bytes/pause such as 64/100ms"
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        do {
            switch parts.count {
            case 1:
                return FaultConfiguration.SlowBody(interval: try duration(parts[0]))
            case 2:
                let bytesText = parts[0].trimmingWhitespace()
                let digits = bytesText.hasSuffix("B") ? String(bytesText.dropLast()) : bytesText
                guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let bytes = Int(digits),
                    (1...1_048_576).contains(bytes)
                else { throw FaultFlagError(value: text, expected: expectation) }
                return FaultConfiguration.SlowBody(chunkBytes: bytes, interval: try duration(parts[1]))
            default:
                throw FaultFlagError(value: text, expected: expectation)
            }
        } catch {
            throw FaultFlagError(value: text, expected: expectation)
        }
    }

    /// Reads a chaos seed: a decimal number is used as is, any other text is hashed, so
    /// `--chaos-seed demo` works too.
    ///
    /// - Parameter text: e.g. `42` or `demo`.
    /// - Returns: the seed.
    /// - Throws: ``FaultFlagError`` for empty text.
    public static func chaosSeed(_ text: String) throws(FaultFlagError) -> UInt64 {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else {
            throw FaultFlagError(value: text, expected: "a number or any non-empty word, e.g. 42 or demo")
        }
        return UInt64(trimmed) ?? ChaosRandom.hash(Array(trimmed.utf8))
    }

    /// Reads a rate limit: `off`, a number of users (per 5 minutes), or users/window.
    ///
    /// - Parameter text: e.g. `off`, `20000`, `500/1m`.
    /// - Returns: the limit, or nil for `off`.
    /// - Throws: ``FaultFlagError`` naming the value and the accepted forms.
    public static func rateLimit(_ text: String) throws(FaultFlagError) -> RateLimitConfiguration? {
        let expectation = "off, a number of users per 5 minutes (e.g. 20000), or users/window (e.g. 500/1m)"
        let trimmed = text.trimmingWhitespace()
        if trimmed.lowercased() == "off" { return nil }
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(parts.count), parts[0].allSatisfy({ $0.isASCII && $0.isNumber }),
            let users = Int(parts[0]), users > 0
        else { throw FaultFlagError(value: text, expected: expectation) }
        guard parts.count == 2 else { return RateLimitConfiguration(maxUsers: users) }
        do {
            let window = try duration(parts[1])
            guard window > .zero else { throw FaultFlagError(value: text, expected: expectation) }
            return RateLimitConfiguration(maxUsers: users, window: window)
        } catch {
            throw FaultFlagError(value: text, expected: expectation)
        }
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
