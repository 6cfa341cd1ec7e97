/// BlurHash's base 83: digits `0-9A-Za-z#$%*+,-.:;=?@[]^_{|}~`, most significant first, chosen
/// to be safe in JSON, HTML and shells.
enum Base83 {
    /// The 83 digits, in value order, as ASCII bytes.
    static let digits: [UInt8] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~".utf8)

    /// The value of each ASCII byte, or -1 for a byte that is not a digit.
    static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (value, digit) in digits.enumerated() { table[Int(digit)] = Int8(value) }
        return table
    }()

    /// A byte that is not a base-83 digit, at an offset of the whole string.
    struct InvalidDigit: Error {
        let offset: Int
    }

    /// The value of `bytes`.
    /// - Throws: ``InvalidDigit`` with the offset of the first byte that is not a digit.
    static func decode(_ bytes: ArraySlice<UInt8>) throws(InvalidDigit) -> Int {
        var value = 0
        for index in bytes.indices {
            let digit = values[Int(bytes[index])]
            guard digit >= 0 else { throw InvalidDigit(offset: index) }
            value = value * 83 + Int(digit)
        }
        return value
    }

    /// `value` in exactly `length` digits (higher digits of a larger value are dropped).
    static func encode(_ value: Int, length: Int) -> [UInt8] {
        var output = [UInt8](repeating: digits[0], count: length)
        var rest = value
        for position in stride(from: length - 1, through: 0, by: -1) {
            output[position] = digits[rest % 83]
            rest /= 83
        }
        return output
    }
}
