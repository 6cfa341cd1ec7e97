/// A version-4 style uuid as its 32 hex nibbles; rendered with dashes on output.
struct UserUUID: Sendable, Equatable {
    var nibbles: UInt128

    /// Writes the canonical lowercase `8-4-4-4-12` form.
    func write(to text: inout TextBuffer) {
        let digits = HexDigits.lowercase
        for position in 0..<32 {
            if position == 8 || position == 12 || position == 16 || position == 20 {
                text.append(UInt8(ascii: "-"))
            }
            let shift = UInt128(124 - position * 4)
            text.append(digits[Int((nibbles >> shift) & 0xF)])
        }
    }
}
