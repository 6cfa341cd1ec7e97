/// One cell of the screen: a grapheme cluster and its style.
///
/// A wide character (CJK, most emoji) occupies two cells: the left one holds the cluster with
/// `width == 2`, the right one is a *continuation* (`width == 0`, empty grapheme) that the
/// renderer never writes by itself.
public struct Cell: Hashable, Sendable {
    /// The grapheme cluster drawn in the cell; empty for a continuation.
    public var grapheme: String { key.text }
    /// Colors and attributes, kept packed (see `Style/packed`): diffs compare and hash two
    /// integers per cell.
    public var style: Style {
        get { Style(packed: packedStyle) }
        set { packedStyle = newValue.packed }
    }
    /// ``style`` packed.
    private(set) var packedStyle: UInt64
    /// The grapheme packed in 64 bits (see ``GraphemeKey``): what frames are compared and
    /// hashed by, so that diffing a screen never walks a string. It holds the width too.
    /// A cluster too long to pack is numbered in ``LongGraphemes``, so a cell holds no
    /// reference: 16 bytes of plain memory, cleared, copied and compared with no retain or
    /// release (a frame is thousands of cells, and a held key copies and clears one a frame).
    private(set) var key: GraphemeKey

    /// Columns the cluster occupies: 1 or 2, or 0 for the right half of a wide character.
    public var width: UInt8 { key.width }

    /// A space in the default style.
    public static let blank = Cell(grapheme: " ", style: .plain, width: 1)

    /// Creates a cell holding `character`; anything not drawable (a control, a lone combining
    /// mark) becomes a space, so a cell can never carry an escape sequence to the terminal.
    ///
    /// - Parameters:
    ///   - character: the grapheme cluster.
    ///   - style: colors and attributes.
    public init(_ character: Character, style: Style = .plain) {
        let width = DisplayWidth.of(character)
        if width == 0 {
            self.init(grapheme: " ", style: style, width: 1)
        } else {
            self.init(grapheme: String(character), style: style, width: UInt8(width))
        }
    }

    init(grapheme: String, style: Style, width: UInt8) {
        packedStyle = style.packed
        key = GraphemeKey(grapheme, width: width)
    }

    /// A cell of cluster `key`, its style packed.
    init(key: GraphemeKey, packedStyle: UInt64) {
        self.key = key
        self.packedStyle = packedStyle
    }

    /// A space with the given style: how cleared areas keep their background.
    ///
    /// - Parameter style: colors and attributes.
    /// - Returns: the blank cell.
    public static func blank(_ style: Style) -> Cell {
        Cell(grapheme: " ", style: style, width: 1)
    }

    /// The right half of a wide character.
    static func continuation(_ style: Style) -> Cell {
        Cell(grapheme: "", style: style, width: 0)
    }

    /// True for the right half of a wide character.
    public var isContinuation: Bool { width == 0 }

    /// Whether the glyph may draw ink outside its cell, as combining marks, Arabic, the Indic
    /// scripts and emoji do in many fonts: a terminal that rewrites only the cell leaves that
    /// ink behind, so the renderer repaints around such glyphs (see ``FrameRenderer``).
    public var mayOverflow: Bool { key.mayOverflow }

    /// The cell's hyperlink: 0 for none, else the index plus one of its target in the frame's
    /// ``ScreenBuffer/links``. Kept in the 4 bits of `packedStyle` the style leaves free, so
    /// a link's start or end is a change the diff sees, and a cell stays 16 bytes.
    public var linkID: UInt8 { UInt8(truncatingIfNeeded: packedStyle >> 60) }

    /// Links the cell to target `id` of its frame (0 for none).
    mutating func setLinkID(_ id: UInt8) {
        packedStyle = packedStyle & ((1 << 60) - 1) | UInt64(id & 0xF) << 60
    }

    /// True for a space in the default style: what a cleared terminal shows.
    var isPlainBlank: Bool { key == GraphemeKey.space && packedStyle == 0 }

    /// True for a space of any style.
    var isBlank: Bool { key == GraphemeKey.space }

    /// Cells are equal when they show the same cluster in the same style: the keys and
    /// packed styles decide.
    public static func == (lhs: Cell, rhs: Cell) -> Bool {
        lhs.key == rhs.key && lhs.packedStyle == rhs.packedStyle
    }

    /// Hashes the packed cluster and the style.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(key.bits)
        hasher.combine(packedStyle)
    }
}
