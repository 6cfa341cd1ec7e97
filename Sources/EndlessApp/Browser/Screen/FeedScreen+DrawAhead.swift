import Endless
import EndlessFeedModel
import EndlessImages
import EndlessTerminal
import Foundation

/// Rows drawn ahead: the rows just below the screen, a group at once, into the row memo, as
/// the frame that shows them would draw them. A held `j` brought one new row on screen each
/// key, and drawing it (its text laid out, its picture's cells, its cells cut out and kept)
/// ran that code once a key, from cold, for one row; drawn ahead, it runs once a group, warm
/// after the first row, and the key that brings a row on screen copies it as it copies the
/// rows that were there (issue 29). A row is drawn ahead only as it would be shown: with its
/// picture when it has one (the image store takes it from memory as the row comes near), not
/// selected, at the place and size of the rows on screen; any other row is drawn when shown.
extension FeedScreen {
    /// How many rows below the screen are drawn at once.
    static var rowsDrawnAhead: Int { 16 }

    /// Draws the rows after `last` (the last on screen, drawn at `rect`) ahead, unless the next
    /// one already is: a group of ``rowsDrawnAhead``, each into a blank frame of its own.
    func drawAhead(after last: Int, like rect: Rect, items: FeedItems<Source.Item>, rowCount: Int, now: Date, frameWidth: Int) {
        guard let rowMemo, !rowMemo.rowsReadTheClock, last + 1 < rowCount, let next = model.listedRow(at: last + 1, in: items),
            !rowMemo.hasRecorded(at: last + 1, next)
        else { return }
        let place = Rect(x: rect.x, y: 0, width: rect.width, height: rect.height)
        for index in (last + 1)..<min(rowCount, last + 1 + Self.rowsDrawnAhead) {
            guard let listed = model.listedRow(at: index, in: items), !rowMemo.hasRecorded(at: index, listed) else { continue }
            var image: DecodedImage?
            if let request = listed.image, cells.showsImages {
                // Not in memory yet: its row is drawn with its placeholder when it comes on
                // screen, and again when the picture arrives.
                guard let images, let inMemory = images.image(unobserved: request) else { continue }
                image = inMemory
            }
            var frame = ScreenBuffer(size: Size(width: frameWidth, height: rect.height))
            guard drawRow(at: index, listed, in: place, isSelected: false, RowPictures(image: image, placeholder: nil), now: now, into: &frame)
            else {
                // Its rows change with the clock, so none is kept: none is drawn ahead again.
                rowMemo.rowsReadTheClock = true
                return
            }
        }
    }
}
