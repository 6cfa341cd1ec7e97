import EndlessBlurHash
import EndlessFeedModel
import EndlessImages
import EndlessTerminal
import Foundation
import UnsplashAPI

/// A photo's row: the picture in a box shaped like the photo (its BlurHash at once, the photo
/// when it lands), and beside it the photographer, the caption, likes and date, and the
/// dominant colour as a swatch. The photographer is credited as Unsplash's guidelines ask.
///
/// ```
/// ▌▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓  Photo by Maria Eduarda Gonçalves on Unsplash  @mariaeduarda
/// ▌▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓  Colour field
/// ▌▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓  abstract painting with soft gradients
/// ▌▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓  ♥ 1,240 · 2026-11-18 · 3935 × 5247
/// ▌▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓  ██ #c7ab47
/// ▌
/// ```
/// The selection is the browser's bar in the gutter, on every line of the row (as on every
/// feed's rows).
/// ```
/// ```
@MainActor
public enum PhotoRow {
    /// How big a photo's picture is in cells: a fixed box width, lines from the aspect ratio
    /// and the cells' own shape, so a row's height is known from the photo's `width` and
    /// `height` before any pixel arrives (nothing jumps when it does).
    public struct Layout: Sendable, Hashable {
        /// Columns of a landscape picture; portraits are narrower, to stay within ``maxLines``.
        public var columns = 30
        /// The fewest lines of a picture (the text beside it needs five).
        public var minLines = 5
        /// The most lines of a picture.
        public var maxLines = 12
        /// Cell height over cell width (about 2).
        public var cellAspect: Double
        /// The fewest columns the text beside a picture is given: on a screen too narrow for
        /// both, the picture's box narrows (showing the photo's middle), down to
        /// ``narrowestPicture``, before the credit and caption are cut to nothing.
        public var textColumns = 24
        /// The fewest columns of a picture narrowed for the text.
        public var narrowestPicture = 8

        /// A layout for cells `cellAspect` times as tall as wide.
        /// - Parameter cellAspect: cell height over cell width.
        public init(cellAspect: Double) {
            self.cellAspect = cellAspect
        }

        /// The picture's cells for `photo` (3:2 when its size is unknown).
        /// - Returns: columns and lines.
        public nonisolated func picture(for photo: UnsplashPhoto) -> Size {
            picture(aspect: photo.aspectRatio ?? 1.5)
        }

        /// The picture's cells for a photo of `aspect` (width over height).
        /// - Returns: columns and lines.
        public nonisolated func picture(aspect: Double) -> Size {
            let lines = Double(columns) / aspect / max(0.5, cellAspect)
            if lines > Double(maxLines) {
                let width = Int((Double(maxLines) * aspect * cellAspect).rounded())
                return Size(width: max(4, min(columns, width)), height: maxLines)
            }
            // A panorama flatter than the smallest row is cropped a little at its sides.
            return Size(width: columns, height: max(minLines, Int(lines.rounded())))
        }

        /// The columns a row `width` wide gives pictures (the room left of the text): ``columns``
        /// when the text has ``textColumns`` beside them, fewer on a narrower screen (at least
        /// ``narrowestPicture``). A row keeps its height whatever its width: only the box narrows.
        /// - Parameter width: the row's columns, its gutter included.
        /// - Returns: columns.
        public nonisolated func pictureColumns(inRowOf width: Int) -> Int {
            // The gutter, two columns between picture and text, one after the text.
            max(narrowestPicture, min(columns, width - 4 - textColumns))
        }

        /// The row's lines: the picture and a blank line under it.
        /// - Returns: lines.
        public nonisolated func height(for photo: UnsplashPhoto) -> Int {
            picture(for: photo).height + 1
        }
    }

    /// The row style for `layout`.
    static func style(_ layout: Layout) -> FeedRowStyle<UnsplashPhoto> {
        var style = FeedRowStyle<UnsplashPhoto>(height: { layout.height(for: $0) }, placeholderHeight: layout.minLines + 1) {
            photo, context, frame in draw(photo, layout: layout, context: context, into: &frame)
        }
        style.detailsImageSize = Size(width: 48, height: 16)
        style.rowImageSize = Size(width: layout.columns, height: layout.maxLines)
        style.placeholder = { photo, size in PhotoPlaceholder.image(for: photo, size: size) }
        style.marksSelection = false  // the browser's bar is the mark
        return style
    }

    /// Draws a photo's row.
    static func draw(_ photo: UnsplashPhoto, layout: Layout, context: RowContext, into frame: inout ScreenBuffer) {
        let row = context.rect
        let size = layout.picture(for: photo)
        // On a narrow screen the box narrows and shows the photo's middle (``ImageCells``
        // crops a picture to the box it is drawn in), so the text beside it keeps its room.
        let columns = layout.pictureColumns(inRowOf: row.width)
        let picture = Rect(x: row.x + 1, y: row.y, width: min(size.width, columns), height: min(size.height, row.height))
        let swatch = photo.color.flatMap(RGBColor.init(hex:))
        if let image = context.image ?? context.placeholder {
            context.cells.draw(image, in: picture, into: &frame)
        } else {
            // No picture yet and no BlurHash: the dominant colour, else the grey of a placeholder.
            frame.fill(picture, style: swatch.map { Style(background: .rgb($0.red, $0.green, $0.blue)) } ?? Theme.placeholder)
        }
        let textX = row.x + 1 + columns + 2
        let width = max(0, row.maxX - textX - 1)
        // The credit Unsplash's guidelines ask for: "Photo by NAME on Unsplash", the name cut
        // first when the line is short.
        let name = UntrustedText(photo.user?.displayName ?? "unknown photographer")
        let end = textX + width
        var x = textX + frame.write(PhotoDetails.creditLead, at: Point(x: textX, y: row.y), style: Theme.subtitle, maxWidth: width)
        let room = max(0, end - x - DisplayWidth.of(PhotoDetails.creditTail))
        x += frame.write(name.displayText, at: Point(x: x, y: row.y), style: Theme.name, maxWidth: room, ellipsis: true)
        x += frame.write(PhotoDetails.creditTail, at: Point(x: x, y: row.y), style: Theme.subtitle, maxWidth: max(0, end - x))
        if let username = photo.user?.username, x + 4 < textX + width {
            x += frame.write("  ", at: Point(x: x, y: row.y), style: .plain)
            frame.write(
                "@" + UntrustedText(username).displayText, at: Point(x: x, y: row.y),
                style: Theme.subtitle, maxWidth: textX + width - x, ellipsis: true)
        }
        var lines: [(String, Style)] = []
        if let caption = photo.caption { lines.append((UntrustedText(caption).displayText, .plain)) }
        if let alt = photo.altDescription, photo.description?.isEmpty == false, alt != photo.description {
            lines.append((UntrustedText(alt).displayText, Theme.subtitle))
        }
        lines.append((facts(photo), Theme.subtitle))
        for (offset, line) in lines.prefix(max(0, picture.height - 2)).enumerated() {
            frame.write(line.0, at: Point(x: textX, y: row.y + 1 + offset), style: line.1, maxWidth: width, ellipsis: true)
        }
        if let swatch, picture.height >= 2 {
            let y = row.y + 1 + min(lines.count, max(0, picture.height - 2))
            let next = textX + frame.write("██", at: Point(x: textX, y: y), style: Style(foreground: .rgb(swatch.red, swatch.green, swatch.blue)))
            frame.write(" \(swatch.hex)", at: Point(x: next, y: y), style: Theme.subtitle)
        }
    }

    /// `♥ 1,240 · 2026-11-18 · 3935 × 5247`.
    static func facts(_ photo: UnsplashPhoto) -> String {
        var parts: [String] = []
        if let likes = photo.likes { parts.append("♥ \(PhotoDetails.grouped(likes))") }
        if let date = photo.createdDate { parts.append(UnsplashTimestamp.day(of: date)) }
        if let width = photo.width, let height = photo.height { parts.append("\(width) × \(height)") }
        return parts.joined(separator: " · ")
    }
}
