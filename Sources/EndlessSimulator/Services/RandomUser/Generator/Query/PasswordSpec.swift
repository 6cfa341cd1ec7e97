/// The `password` parameter's generated-password rule (GENERATOR.md §5.5).
///
/// `nil` from `init(parameter:)` means "pick from the password list", which is what an
/// absent parameter, an empty one, and one without any charset name all do.
struct PasswordSpec: Sendable, Hashable {
    /// The charsets concatenated in the order the parameter names them.
    var characters: [UInt8]
    /// The length bounds; they may be fractional (`5.5`), as in the official code.
    var minimum: Double
    var maximum: Double

    static let defaultMinimum = 8.0
    static let defaultMaximum = 64.0

    /// 0x20–0x2F, 0x3A–0x40, 0x5B–0x60, 0x7B–0x7E: the 33 ASCII punctuation characters, space first.
    static let special: [UInt8] = Array(0x20...0x2F) + Array(0x3A...0x40) + Array(0x5B...0x60) + Array(0x7B...0x7E)
    static let upper: [UInt8] = Array(UInt8(ascii: "A")...UInt8(ascii: "Z"))
    static let lower: [UInt8] = Array(UInt8(ascii: "a")...UInt8(ascii: "z"))
    static let number: [UInt8] = Array(UInt8(ascii: "0")...UInt8(ascii: "9"))

    init?(parameter: String) {
        let tokens = JSString.split(parameter, on: ",")
        var names: [String] = []
        for token in tokens where ["special", "upper", "lower", "number"].contains(token) && !names.contains(token) {
            names.append(token)
        }
        guard !names.isEmpty, let lengthToken = tokens.last else { return nil }
        characters = names.flatMap { name -> [UInt8] in
            switch name {
            case "special": Self.special
            case "upper": Self.upper
            case "lower": Self.lower
            default: Self.number
            }
        }
        (minimum, maximum) = Self.bounds(lengthToken)
    }

    /// Step 4: the last token is `n` or `a-b`; out-of-range or NaN bounds fall back to 8 and 64.
    static func bounds(_ token: String) -> (Double, Double) {
        var low: Double
        var high: Double
        if token.unicodeScalars.contains("-") {
            let parts = JSString.split(token, on: "-").map(JSNumber.number)
            if parts.contains(where: \.isNaN) {
                low = .nan
                high = .nan
            } else {
                low = parts.min() ?? .nan
                high = parts.max() ?? .nan
            }
        } else {
            low = JSNumber.number(token)
            high = low
        }
        if low.isNaN || low < 1 || low > 64 {
            low = defaultMinimum
        }
        if high.isNaN || high < 1 || high > 64 || high < low {
            high = defaultMaximum
        }
        return (low, high)
    }

    /// Step 5: `len = r(min, max)`, then ⌈len⌉ characters, one draw each.
    func generate(using stream: inout MainStream) -> String {
        let length = stream.range(minimum, maximum)
        var text = TextBuffer(capacity: 64)
        var written = 0.0
        while written < length {
            text.append(characters[stream.index(count: characters.count)])
            written += 1
        }
        return text.makeString()
    }
}
