/// Why a string is not a BlurHash, or an image cannot be hashed.
public enum BlurHashError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Shorter than the 6 characters the smallest hash has.
    case tooShort(length: Int)
    /// The length does not match the component counts of the first character:
    /// `4 + 2 × x × y` characters.
    case wrongLength(length: Int, expected: Int, componentsX: Int, componentsY: Int)
    /// A character outside base 83, at a 0-based offset.
    case invalidCharacter(offset: Int)
    /// Component counts outside 1...9.
    case invalidComponentCount(x: Int, y: Int)
    /// The pixels do not match the size, or the size is empty.
    case invalidImage(String)

    /// A sentence a person can act on.
    public var description: String {
        switch self {
        case .tooShort(let length):
            "a BlurHash has at least 6 characters, this one \(length)"
        case .wrongLength(let length, let expected, let x, let y):
            "a \(x)×\(y) BlurHash has \(expected) characters, this one \(length)"
        case .invalidCharacter(let offset):
            "a BlurHash is base 83 (0-9 A-Z a-z #$%*+,-.:;=?@[]^_{|}~); character \(offset + 1) is not"
        case .invalidComponentCount(let x, let y):
            "BlurHash component counts are 1 to 9 each, not \(x)×\(y)"
        case .invalidImage(let reason):
            "cannot hash the image: \(reason)"
        }
    }
}
