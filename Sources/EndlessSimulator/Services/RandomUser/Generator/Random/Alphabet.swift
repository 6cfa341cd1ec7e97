/// The `random(mode, n)` alphabets of GENERATOR.md §3.3, in their exact order.
enum Alphabet: Sendable {
    /// Mode 1, `W`: the default seed.
    case seedHex
    /// Mode 2, `X`: the salt.
    case salt
    /// Mode 3, `d`: digits.
    case digits
    /// Mode 4, `A`: capital letters.
    case capitals
    /// Mode 5, `N`: the US NXX digits.
    case nxx

    private static let seedHexCharacters = Array("abcdef1234567890".utf8)
    private static let saltCharacters = Array(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890".utf8)
    private static let digitCharacters = Array("0123456789".utf8)
    private static let capitalCharacters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
    private static let nxxCharacters = Array("23456789".utf8)

    var characters: [UInt8] {
        switch self {
        case .seedHex: Self.seedHexCharacters
        case .salt: Self.saltCharacters
        case .digits: Self.digitCharacters
        case .capitals: Self.capitalCharacters
        case .nxx: Self.nxxCharacters
        }
    }
}
