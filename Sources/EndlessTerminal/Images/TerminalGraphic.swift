/// A pixel image ready for the terminal as one escape string (sixel or kitty graphics).
///
/// The renderer treats it as opaque: it writes the string once, at the top-left cell of its
/// placement, and again only when the image or the rectangle changes. When a placement goes
/// away, the cells under it are repainted (and a kitty image is deleted).
public struct TerminalGraphic: Hashable, Sendable {
    /// The graphics protocol of the escape string.
    public enum Kind: Hashable, Sendable {
        /// DEC sixel graphics (`ESC P … q … ESC \`).
        case sixel
        /// The kitty graphics protocol (`ESC _ G … ESC \`).
        case kitty
    }

    /// The protocol.
    public let kind: Kind
    /// The bytes to write, cursor at the top-left cell.
    public let escape: [UInt8]
    /// The cells the image covers.
    public let size: Size
    /// A hash of the escape string, so that comparing frames does not compare megabytes.
    public let id: UInt64
    /// For kitty: where each chunk's control data starts (just after `ESC _ G`), so the
    /// renderer adds its ids without scanning the image again.
    let chunkStarts: [Int]

    /// Wraps an escape string produced elsewhere.
    ///
    /// - Parameters:
    ///   - kind: its protocol.
    ///   - escape: the complete escape string.
    ///   - size: the cells the image covers.
    public init(kind: Kind, escape: [UInt8], size: Size) {
        self.kind = kind
        self.escape = escape
        self.size = size
        // FNV-1a: fast, and collisions between two images of one screen are not a concern.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var starts: [Int] = []
        escape.withUnsafeBufferPointer { bytes in
            for (index, byte) in bytes.enumerated() {
                hash ^= UInt64(byte)
                hash &*= 0x100_0000_01b3
                if kind == .kitty, byte == 0x47, index >= 2, bytes[index - 1] == 0x5F, bytes[index - 2] == 0x1B {
                    starts.append(index + 1)
                }
            }
        }
        id = hash
        chunkStarts = starts
    }

    /// Two graphics are equal when their hashes, kinds, sizes and lengths match: comparing
    /// the escape strings byte by byte every frame would cost more than drawing them.
    public static func == (lhs: TerminalGraphic, rhs: TerminalGraphic) -> Bool {
        lhs.id == rhs.id && lhs.kind == rhs.kind && lhs.size == rhs.size && lhs.escape.count == rhs.escape.count
    }

    /// Hashes the content hash and the size.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(size)
    }
}
