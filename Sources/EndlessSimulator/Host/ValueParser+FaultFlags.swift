import EndlessCommandLine

extension ValueParser {
    /// A simulator flag's parser whose error reads like every other bad value: `'x' is not
    /// valid`, then what the flag accepts.
    /// - Parameters:
    ///   - parse: one of the simulator's flag readers (``FaultFlags``, ``CoinGeckoRateLimit``).
    ///   - write: writes a value back as the flag would take it, for help's default; nil for none.
    /// - Returns: the parser.
    public static func simulatorFlag(
        _ parse: @escaping @Sendable (String) throws(FaultFlagError) -> Value, write: (@Sendable (Value) -> String)? = nil
    ) -> ValueParser<Value> {
        ValueParser(write: write) { text throws(ValueError) in
            do throws(FaultFlagError) {
                return try parse(text)
            } catch {
                throw ValueError("'\(error.value)' is not valid", allowed: error.expected)
            }
        }
    }
}
