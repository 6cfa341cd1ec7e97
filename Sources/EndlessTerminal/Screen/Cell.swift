/// One cell of the screen: a grapheme cluster and its style.
///
/// A wide character (CJK, most emoji) occupies two cells: the left one holds the cluster with
/// `width == 2`, the right one is a *continuation* (`width == 0`, empty grapheme) that the
/// renderer never writes by itself.
public struct Cell: Hashable, Sendable {
    /// The grapheme cluster drawn in the cell; empty for a continuation.
    public internal(set) var grapheme: String
    /// Colors and attributes.
    public var style: Style
    /// Columns the cluster occupies: 1 or 2, or 0 for the right half of a wide character.
    public internal(set) var width: UInt8

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
        self.grapheme = grapheme
        self.style = style
        self.width = width
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

    /// True for a space in the default style: what a cleared terminal shows.
    var isPlainBlank: Bool { width == 1 && style == .plain && grapheme == " " }
}
