import EndlessFeedModel
import EndlessImages
import EndlessTerminal

/// The row most feeds share: a square picture four cells wide and two lines high (or initials
/// on a grey square while it loads), a bold first line and a dim second line. The selected
/// row has a bar in the gutter on both its lines (the browser draws the same bar for every
/// feed's rows); its text keeps its styles.
///
/// ```
/// ▌▗██▖  Mr Leo Bennink
/// ▌▝██▘  Almere, Netherlands · 34
///  ▗██▖  Ms Aada Lehtonen
///  ▝██▘  Pori, Finland · 52
/// ```
///
/// The selection is drawn in the gutter alone so that moving it rewrites two cells per row,
/// not the text (a background fill made each `j` rewrite both rows' text); two lines, not
/// three, since the third only ever held the bottom of the picture.
@MainActor
public enum AvatarRow {
    /// Lines per row: the title and the subtitle, beside the picture.
    public static let height = 2
    /// The picture of a row, in cells: about square on a terminal's 1:2 cells.
    public static let imageSize = Size(width: 4, height: 2)

    /// Draws the row.
    /// - Parameters:
    ///   - title: the first line, in bold.
    ///   - subtitle: the second line, dim.
    ///   - initials: shown on the picture's square until the picture arrives.
    ///   - context: the row's place, selection and picture.
    ///   - frame: the frame.
    public static func draw(
        title: UntrustedText, subtitle: UntrustedText, initials: UntrustedText, context: RowContext,
        into frame: inout ScreenBuffer
    ) {
        let row = context.rect
        let picture = Rect(x: row.x + 1, y: row.y, width: imageSize.width, height: min(row.height, imageSize.height))
        if let image = context.image {
            context.cells.draw(image, in: picture, into: &frame)
        } else {
            drawInitials(initials, into: &frame, in: picture)
        }
        if context.isSelected { drawSelectionBar(in: row, into: &frame) }
        let textX = picture.maxX + 2
        let width = max(0, row.maxX - textX - 1)
        frame.write(title.displayText, at: Point(x: textX, y: row.y), style: Theme.name, maxWidth: width, ellipsis: true)
        frame.write(
            subtitle.displayText, at: Point(x: textX, y: row.y + 1), style: Theme.subtitle, maxWidth: width, ellipsis: true)
    }

    /// A row's text as cells, made once for its width and drawn again by copying the cells: a
    /// frame draws a row that did not change without summarizing or measuring its text.
    @MainActor
    struct Text {
        /// The title's cells, bold, cut to the width with an ellipsis.
        let title: CellImage
        /// The subtitle's cells, dim.
        let subtitle: CellImage
        /// The initials cut to the picture's width, and the columns they take.
        let initials: String
        let initialsWidth: Int

        /// Lays out `title`, `subtitle` and `initials` for text `width` columns wide.
        init(title: UntrustedText, subtitle: UntrustedText, initials: UntrustedText, width: Int) {
            self.title = Self.cells(of: title.displayText, style: Theme.name, width: width)
            self.subtitle = Self.cells(of: subtitle.displayText, style: Theme.subtitle, width: width)
            self.initials = TextLayout.truncate(initials.displayText, toWidth: AvatarRow.imageSize.width)
            initialsWidth = DisplayWidth.of(self.initials)
        }

        /// The cells `ScreenBuffer.write` leaves for `text` in `width` columns, with an ellipsis:
        /// only the columns the text takes are laid out, not a line as wide as the row.
        private static func cells(of text: String, style: Style, width: Int) -> CellImage {
            let cells = ScreenBuffer.cells(of: text, style: style, width: width, ellipsis: true)
            return CellImage(size: Size(width: cells.count, height: 1), cells: cells)
        }
    }

    /// The columns of a row's text in `row`: right of the picture, the gutter and a space.
    static func textWidth(in row: Rect) -> Int {
        max(0, row.maxX - (row.x + 1 + imageSize.width + 2) - 1)
    }

    /// Draws the row from text laid out for it (``Text``, at ``textWidth(in:)`` of its rect).
    static func draw(_ text: Text, context: RowContext, into frame: inout ScreenBuffer) {
        let row = context.rect
        let picture = Rect(x: row.x + 1, y: row.y, width: imageSize.width, height: min(row.height, imageSize.height))
        if let image = context.image {
            context.cells.draw(image, in: picture, into: &frame)
        } else {
            frame.fill(picture, style: Theme.placeholder)
            let x = picture.x + (picture.width - text.initialsWidth) / 2
            frame.write(text.initials, at: Point(x: x, y: picture.y + picture.height / 2), style: Theme.placeholder.adding(.bold))
        }
        if context.isSelected { drawSelectionBar(in: row, into: &frame) }
        let textX = picture.maxX + 2
        frame.draw(text.title, at: Point(x: textX, y: row.y))
        frame.draw(text.subtitle, at: Point(x: textX, y: row.y + 1))
    }

    /// The selection: the marker in the row's gutter column, on every line of the row.
    static func drawSelectionBar(in row: Rect, into frame: inout ScreenBuffer) {
        let bar = selectionBarCell(Theme.selectionBar)
        for y in row.y..<row.maxY { frame.set(bar, at: Point(x: row.x, y: y)) }
    }

    /// The bar's cell in `style`, made again only for another style: measuring the glyph cost
    /// more than the rest of a frame's selection.
    private static func selectionBarCell(_ style: Style) -> Cell {
        if let made = selectionBar, made.style == style { return made }
        let cell = Theme.selectionBarGlyph.first.map { Cell($0, style: style) } ?? .blank(style)
        selectionBar = cell
        return cell
    }

    private static var selectionBar: Cell?

    /// The picture's place while it loads: the initials on a grey square.
    static func drawInitials(_ initials: UntrustedText, into frame: inout ScreenBuffer, in rect: Rect) {
        frame.fill(rect, style: Theme.placeholder)
        let text = TextLayout.truncate(initials.displayText, toWidth: rect.width)
        let x = rect.x + (rect.width - DisplayWidth.of(text)) / 2
        frame.write(text, at: Point(x: x, y: rect.y + rect.height / 2), style: Theme.placeholder.adding(.bold))
    }

    /// Initials of a name's first letters, capitals: `LB` for Leo Bennink, `LV` for Laura van
    /// der Steen.
    /// - Parameter names: the names, in order; nil ones are skipped.
    /// - Returns: the first letter of each.
    public nonisolated static func initials(_ names: [String?]) -> UntrustedText {
        UntrustedText(String(names.compactMap { $0?.first.map(capital) }))
    }

    /// A name's first letter as initials show it: its capital (`v` → `V`), or the letter itself
    /// when it has none, or more than one letter for one (`ß`). ASCII without a string made:
    /// each row that appears makes its initials.
    nonisolated static func capital(_ letter: Character) -> Character {
        if let ascii = letter.asciiValue {
            return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(ascii) ? Character(Unicode.Scalar(ascii - 32)) : letter
        }
        let upper = letter.uppercased()
        return upper.count == 1 ? Character(upper) : letter
    }
}
