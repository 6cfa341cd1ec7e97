import EndlessImages
import EndlessTerminal

/// The row most feeds share: a picture a few cells wide (or initials on a grey square while it
/// loads), a bold first line and a dim second line, highlighted when selected.
///
/// ```
/// ▌▗▄▄▄▄▖  Mr Leo Bennink
///  ▐████▌  Almere, Netherlands · 34
///  ▝▀▀▀▀▘
/// ```
@MainActor
enum AvatarRow {
    /// Lines per row: the two lines of text and the picture's third line.
    static let height = 3
    /// The picture of a row, in cells: about square on a terminal's 1:2 cells.
    static let imageSize = Size(width: 6, height: 3)

    /// Draws the row.
    /// - Parameters:
    ///   - title: the first line, in bold.
    ///   - subtitle: the second line, dim.
    ///   - initials: shown on the picture's square until the picture arrives.
    ///   - context: the row's place, selection and picture.
    ///   - frame: the frame.
    static func draw(
        title: UntrustedText, subtitle: UntrustedText, initials: UntrustedText, context: RowContext,
        into frame: inout ScreenBuffer
    ) {
        let row = context.rect
        let picture = Rect(x: row.x + 1, y: row.y, width: imageSize.width, height: imageSize.height)
        if let image = context.image {
            context.cells.draw(image, in: picture, into: &frame)
        } else {
            drawInitials(initials, into: &frame, in: picture)
        }
        let textX = picture.maxX + 2
        let text = Rect(x: textX - 1, y: row.y, width: max(0, row.maxX - textX + 1), height: 2)
        if context.isSelected {
            frame.write("▌", at: Point(x: row.x, y: row.y + 1), style: Theme.selectionMarker)
            frame.fill(text, style: Theme.selectedName)
        }
        let width = max(0, row.maxX - textX - 1)
        frame.write(
            title.displayText, at: Point(x: textX, y: row.y), style: context.isSelected ? Theme.selectedName : Theme.name,
            maxWidth: width, ellipsis: true)
        frame.write(
            subtitle.displayText, at: Point(x: textX, y: row.y + 1),
            style: context.isSelected ? Theme.selectedSubtitle : Theme.subtitle, maxWidth: width, ellipsis: true)
    }

    /// The picture's place while it loads: the initials on a grey square.
    static func drawInitials(_ initials: UntrustedText, into frame: inout ScreenBuffer, in rect: Rect) {
        frame.fill(rect, style: Theme.placeholder)
        let text = TextLayout.truncate(initials.displayText, toWidth: rect.width)
        let x = rect.x + (rect.width - DisplayWidth.of(text)) / 2
        frame.write(text, at: Point(x: x, y: rect.y + rect.height / 2), style: Theme.placeholder.adding(.bold))
    }

    /// Initials of a name's first letters: `LB` for Leo Bennink.
    static func initials(_ names: [String?]) -> UntrustedText {
        UntrustedText(names.compactMap { $0?.first.map(String.init) }.joined())
    }
}
