/// The simulated CoinGecko's keyless rate limit, as `--coingecko-rate-limit` gives it: calls
/// per window from one address, the real service's 5-15 a minute.
public enum CoinGeckoRateLimit {
    /// `endless serve`'s limit when the flag is not given: 10 calls a minute.
    public static let serveDefault = RateLimitConfiguration(maxUsers: 10, window: .seconds(60))

    /// Reads the flag's value.
    /// - Parameter text: `off`, `N` (calls a minute), `N/min`, or `N/WINDOW` with a duration
    ///   such as `30s` or `2m`.
    /// - Returns: the limit (its `maxUsers` counts calls), or nil for off.
    /// - Throws: ``FaultFlagError`` naming the value and the accepted forms.
    public static func parse(_ text: String) throws(FaultFlagError) -> RateLimitConfiguration? {
        let expectation = "off, calls a minute (e.g. 10), or calls/window (e.g. 10/min, 30/2m, 5/30s)"
        let trimmed = text.trimmingWhitespace()
        if trimmed.lowercased() == "off" { return nil }
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].allSatisfy({ $0.isASCII && $0.isNumber }),
            let calls = Int(parts[0]), calls > 0
        else { throw FaultFlagError(value: text, expected: expectation) }
        guard parts.count == 2 else { return RateLimitConfiguration(maxUsers: calls, window: .seconds(60)) }
        let window = parts[1].lowercased()
        if window == "min" || window == "minute" { return RateLimitConfiguration(maxUsers: calls, window: .seconds(60)) }
        do {
            let duration = try FaultFlags.duration(window)
            guard duration > .zero else { throw FaultFlagError(value: text, expected: expectation) }
            return RateLimitConfiguration(maxUsers: calls, window: duration)
        } catch {
            throw FaultFlagError(value: text, expected: expectation)
        }
    }
}
