/// Numbers in a query, read through ``NumericParameter`` from the key's last value ("last wins",
/// as every simulated service reads a repeated key).
extension QueryParameters {
    /// `key`'s last value as a whole number within `bounds`.
    func integer(_ key: String, in bounds: ClosedRange<Int>) -> NumericReading<Int> {
        NumericParameter.integer(last(key), in: bounds)
    }

    /// `key`'s last value as a decimal number within `bounds`.
    func decimal(_ key: String, in bounds: ClosedRange<Double>) -> NumericReading<Double> {
        NumericParameter.decimal(last(key), in: bounds)
    }
}
