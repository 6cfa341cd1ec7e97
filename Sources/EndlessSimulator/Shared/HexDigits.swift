/// Lowercase hexadecimal digits, for uuids and digests.
enum HexDigits {
    static let lowercase: [UInt8] = Array("0123456789abcdef".utf8)
}
