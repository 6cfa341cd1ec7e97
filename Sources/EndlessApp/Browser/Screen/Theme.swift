import EndlessFeedModel
import EndlessTerminal

/// The browser's styles, in one place so the screens agree: built from the default colour of
/// each ``Role`` with the config file's `color.<role>` lines over them (``ColorSettings``).
///
/// The screens read the theme in force through the static accessors (`Theme.header`), which
/// read ``current``: ``BrowserScreen`` sets it to the browser's theme around each frame it
/// draws, so no drawing path needs a theme passed down, and tests drawing side by side each see
/// their own. Colours are not downgraded here: the renderer fits every colour to the terminal's
/// depth, and draws none under `NO_COLOR`, whatever the theme says.
struct Theme: Sendable, Equatable {
    /// What a `color.<role>` line colours: each role is one colour the screens share.
    enum Role: String, CaseIterable, Sendable {
        /// Spinners, the pull-to-refresh bar, and keys named in messages.
        case accent
        /// The selection bar beside the selected row.
        case selection
        /// The header's background (and the inactive tabs').
        case header
        /// The header's text.
        case headerText = "header-text"
        /// The status bar's background.
        case status
        /// The status bar's text.
        case statusText = "status-text"
        /// Secondary text (subtitles, the end of the list), drawn dim as well.
        case dim
        /// Errors.
        case error
        /// Notices (too small, offline…).
        case notice
        /// A rise (prices, changes), beside its ▲.
        case up
        /// A fall, beside its ▼.
        case down

        /// Its colour when the config file does not set it.
        var defaultColor: Color {
            switch self {
            case .accent: .cyan
            case .selection: .ansi(14)  // bright cyan: see ``Theme/selectionBar``
            case .header: .indexed(24)
            case .headerText: .brightWhite
            case .status: .indexed(236)
            case .statusText: .indexed(250)
            case .dim: .default
            case .error: .red
            case .notice: .yellow
            case .up: .green
            case .down: .red
            }
        }

        /// What it colours, for `endless config` and the manual.
        var help: String {
            switch self {
            case .accent: "spinners, the pull-to-refresh bar and keys named in messages"
            case .selection: "the selection bar beside the selected row"
            case .header: "the header's background"
            case .headerText: "the header's text"
            case .status: "the status bar's background"
            case .statusText: "the status bar's text"
            case .dim: "secondary text (subtitles, the end of the list), drawn dim too"
            case .error: "errors"
            case .notice: "notices"
            case .up: "rises (prices, changes)"
            case .down: "falls"
            }
        }
    }

    /// The styles, built once and shared: a frame copies the theme out of its task-local and
    /// compares it with the one a band was drawn in a few times, each a pointer (issue 29).
    private let styles: Styles

    var colors: [Role: Color] { styles.colors }
    var header: Style { styles.header }
    var headerDim: Style { styles.headerDim }
    var tabActive: Style { styles.tabActive }
    var tabInactive: Style { styles.tabInactive }
    var name: Style { styles.name }
    var subtitle: Style { styles.subtitle }
    var selectionBar: Style { styles.selectionBar }
    var placeholder: Style { styles.placeholder }
    var loading: Style { styles.loading }
    var endOfList: Style { styles.endOfList }
    var error: Style { styles.error }
    var errorDetail: Style { styles.errorDetail }
    var key: Style { styles.key }
    var status: Style { styles.status }
    var pullEmpty: Style { styles.pullEmpty }
    var pullFull: Style { styles.pullFull }
    var notice: Style { styles.notice }
    var up: Style { styles.up }
    var down: Style { styles.down }
    var columnTitle: Style { styles.columnTitle }

    /// The theme with `overrides` over the roles' default colours.
    /// - Parameter overrides: the colours the config file sets.
    init(colors overrides: [Role: Color] = [:]) {
        styles = Styles(colors: overrides)
    }

    /// The same theme: the same styles, or styles built from the same colours.
    static func == (lhs: Theme, rhs: Theme) -> Bool {
        lhs.styles === rhs.styles || lhs.colors == rhs.colors
    }

    /// The styles of a theme. Immutable, so shared between threads as they are.
    private final class Styles: Sendable {
        /// The colour of each role, as built.
        let colors: [Role: Color]

        let header: Style
        let headerDim: Style
        /// Black on white, not bold: with 16 colors the header's blue becomes cyan, so a cyan tab
        /// vanished into it, and many terminals draw bold black as gray. Its label is in brackets
        /// too (`[1 people]`), which tells it from the others with no colour at all (`NO_COLOR`).
        let tabActive = Style(foreground: .black, background: .brightWhite)
        let tabInactive: Style
        let name = Style.bold
        let subtitle: Style
        /// The selection bar of a list row, in the gutter column on each of the row's lines,
        /// whatever the row's height (people, photos, coins alike): it alone marks the selected
        /// row (the text keeps its styles), so moving the selection rewrites the gutter and
        /// nothing else. A half block, two lines of which join into one
        /// bar beside the picture; bright cyan rather than bold cyan, which most terminals draw
        /// alike, since the next cell's style would have to undo the bold (2 bytes a line).
        let selectionBar: Style
        let placeholder = Style(foreground: .indexed(244), background: .indexed(236))
        let loading: Style
        let endOfList: Style
        let error: Style
        let errorDetail: Style
        let key: Style
        let status: Style
        let pullEmpty = Style(foreground: .indexed(240))
        let pullFull: Style
        let notice: Style
        /// A rise and a fall (prices, changes); the ▲ and ▼ beside them say the same without colour.
        let up: Style
        let down: Style
        /// A table's column titles over its rows.
        let columnTitle = Style(attributes: [.dim, .underline])

        init(colors overrides: [Role: Color]) {
            var colors: [Role: Color] = [:]
            for role in Role.allCases { colors[role] = overrides[role] ?? role.defaultColor }
            func color(_ role: Role) -> Color { colors[role] ?? role.defaultColor }
            self.colors = colors
            header = Style(foreground: color(.headerText), background: color(.header), attributes: .bold)
            headerDim = Style(foreground: .indexed(252), background: color(.header))
            tabInactive = Style(foreground: .indexed(252), background: color(.header))
            subtitle = Style(foreground: color(.dim), attributes: .dim)
            endOfList = subtitle
            selectionBar = Style(foreground: color(.selection))
            loading = Style(foreground: color(.accent))
            key = Style(foreground: color(.accent), attributes: .bold)
            pullFull = key
            error = Style(foreground: color(.error), attributes: .bold)
            errorDetail = Style(foreground: color(.error))
            status = Style(foreground: color(.statusText), background: color(.status))
            notice = Style(foreground: color(.notice))
            up = Style(foreground: color(.up))
            down = Style(foreground: color(.down))
        }

    }

    /// The default colours.
    static let standard = Theme()

    /// The theme the screens draw with now (see the type's discussion).
    @TaskLocal static var current = Theme.standard

    static let selectionBarGlyph = "▌"

    static var header: Style { current.header }
    static var headerDim: Style { current.headerDim }
    static var tabActive: Style { current.tabActive }
    static var tabInactive: Style { current.tabInactive }
    static var name: Style { current.name }
    static var subtitle: Style { current.subtitle }
    static var selectionBar: Style { current.selectionBar }
    static var placeholder: Style { current.placeholder }
    static var loading: Style { current.loading }
    static var endOfList: Style { current.endOfList }
    static var error: Style { current.error }
    static var errorDetail: Style { current.errorDetail }
    static var key: Style { current.key }
    static var status: Style { current.status }
    static var pullEmpty: Style { current.pullEmpty }
    static var pullFull: Style { current.pullFull }
    static var notice: Style { current.notice }
    static var up: Style { current.up }
    static var down: Style { current.down }
    static var columnTitle: Style { current.columnTitle }
}

extension UntrustedText {
    /// The text as it may be drawn: through the terminal sanitizer, which removes control
    /// characters, escape sequences and bidi overrides.
    var displayText: String { TextSanitizer.sanitize(raw) }
}
