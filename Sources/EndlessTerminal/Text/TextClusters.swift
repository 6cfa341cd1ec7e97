/// One grapheme cluster of a string, as ``TextClusters`` walks them.
struct TextCluster {
    /// The columns it occupies: 0 (not drawable), 1 or 2 (see ``DisplayWidth``).
    let width: Int
    /// Where it starts in the string, in UTF-8 bytes.
    let start: Int
    /// The packed key of a simple scalar (see ``DisplayWidth/simpleWidth(_:)``), made from its
    /// bytes; nil for a cluster the general path found, which is then in ``character``.
    let key: GraphemeKey?
    /// The cluster, when it is not a simple scalar.
    let character: Character?
}

/// The grapheme clusters of a string and their widths, for measuring and drawing text.
///
/// Most text (names, places, the app's own labels) is made of *simple* scalars, each a
/// cluster of its own whose width is known from ranges (``DisplayWidth/simpleWidth(_:)``): such
/// a run is read from the string's UTF-8 bytes, without grapheme segmentation, a `Character`
/// or a `String` per cluster, or a Unicode property lookup. From the first scalar that is not
/// simple (or the one before it, which it may join: a combining accent) to the end, the
/// string's own `Character`s are walked. Both give the same clusters and widths.
enum TextClusters {
    /// Calls `body` with each cluster of `text`, in order, until it returns false.
    @inline(__always)
    static func forEach(in text: String, _ body: (TextCluster) -> Bool) {
        let walked: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            let general = simpleRun(bytes, body)
            if general >= 0 { forEachCharacter(in: text, from: general, body) }
        }
        if walked == nil { forEachCharacter(in: text, from: 0, body) }
    }

    /// Walks the simple scalars at the start of `bytes`; returns the offset the general path
    /// goes on from, or -1 when the walk is over (the end, or `body` stopped it).
    @inline(__always)
    private static func simpleRun(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (TextCluster) -> Bool) -> Int {
        let count = bytes.count
        guard count > 0 else { return -1 }
        var offset = 0
        var current = scalar(in: bytes, at: 0)
        while true {
            let width = DisplayWidth.simpleWidth(current.value)
            if width < 0 { return offset }
            let end = offset + current.length
            var next = current
            if end < count {
                // The next scalar must be simple too: one that is not (a mark) may join this one.
                next = scalar(in: bytes, at: end)
                if DisplayWidth.simpleWidth(next.value) < 0 { return offset }
            }
            let key = GraphemeKey(simple: current.value, bytes: bytes, at: offset, count: current.length)
            if !body(TextCluster(width: width, start: offset, key: key, character: nil)) { return -1 }
            if end >= count { return -1 }
            offset = end
            current = next
        }
    }

    /// The general path: `text`'s `Character`s from UTF-8 offset `offset`, a cluster boundary.
    private static func forEachCharacter(in text: String, from offset: Int, _ body: (TextCluster) -> Bool) {
        let utf8 = text.utf8
        var start = offset
        for character in text[utf8.index(utf8.startIndex, offsetBy: offset)...] {
            if !body(TextCluster(width: DisplayWidth.of(character), start: start, key: nil, character: character)) { return }
            start += character.utf8.count
        }
    }

    /// The scalar whose UTF-8 encoding starts at `offset` (a Swift string's bytes are valid
    /// UTF-8), and its length in bytes.
    @inline(__always)
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (value: UInt32, length: Int) {
        let lead = UInt32(bytes[offset])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F), 3)
        }
        return (
            (lead & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12 | UInt32(bytes[offset + 2] & 0x3F) << 6
                | UInt32(bytes[offset + 3] & 0x3F), 4
        )
    }
}
