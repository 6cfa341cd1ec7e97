import EndlessFeedModel
import EndlessTerminal

/// The browser's styles, in one place so the screens agree.
enum Theme {
    static let header = Style(foreground: .brightWhite, background: .indexed(24), attributes: .bold)
    static let headerDim = Style(foreground: .indexed(252), background: .indexed(24))
    /// Black on white, not bold: with 16 colors the header's blue becomes cyan, so a cyan tab
    /// vanished into it, and many terminals draw bold black as gray. Its label is in brackets
    /// too (`[1 people]`), which tells it from the others with no colour at all (`NO_COLOR`).
    static let tabActive = Style(foreground: .black, background: .brightWhite)
    static let tabInactive = Style(foreground: .indexed(252), background: .indexed(24))
    static let name = Style.bold
    static let subtitle = Style.dim
    /// The selection bar of a list row, in the gutter column on each of the row's lines,
    /// whatever the row's height (people, photos, coins alike): it alone marks the selected
    /// row (the text keeps its styles), so moving the selection rewrites the gutter and
    /// nothing else. A half block, two lines of which join into one
    /// bar beside the picture; bright cyan rather than bold cyan, which most terminals draw
    /// alike, since the next cell's style would have to undo the bold (2 bytes a line).
    static let selectionBar = Style(foreground: .ansi(14))
    static let selectionBarGlyph = "▌"
    static let placeholder = Style(foreground: .indexed(244), background: .indexed(236))
    static let loading = Style(foreground: .cyan)
    static let endOfList = Style.dim
    static let error = Style(foreground: .red, attributes: .bold)
    static let errorDetail = Style(foreground: .red)
    static let key = Style(foreground: .cyan, attributes: .bold)
    static let status = Style(foreground: .indexed(250), background: .indexed(236))
    static let pullEmpty = Style(foreground: .indexed(240))
    static let pullFull = Style(foreground: .cyan, attributes: .bold)
    static let notice = Style(foreground: .yellow)
    /// A rise and a fall (prices, changes); the ▲ and ▼ beside them say the same without colour.
    static let up = Style(foreground: .green)
    static let down = Style(foreground: .red)
    /// A table's column titles over its rows.
    static let columnTitle = Style(attributes: [.dim, .underline])
}

extension UntrustedText {
    /// The text as it may be drawn: through the terminal sanitizer, which removes control
    /// characters, escape sequences and bidi overrides.
    var displayText: String { TextSanitizer.sanitize(raw) }
}
