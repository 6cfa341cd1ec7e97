import Endless
import EndlessApp
import EndlessFeedModel
import EndlessHTTP
import EndlessImages
import EndlessTerminal
import EndlessTesting
import Foundation

/// A whole number, as a feed of this test's own serves it.
struct Number: Identifiable, Codable, Sendable, RawJSONRepresentable {
    let id: Int

    init(_ id: Int) {
        self.id = id
    }

    // The page cache keeps each item as JSON.
    var rawJSON: RawJSON { (try? RawJSON(encoding: self)) ?? .null }

    init(rawJSON: RawJSON) throws {
        self = try rawJSON.decode(Number.self)
    }
}

/// A feed declared outside the app, through its public plug-in API alone: the whole numbers
/// from 1, twenty a page, one line a row ending in a picture of the feed's own making.
enum NumbersFeed {
    static let id = FeedID(name: "numbers", number: 1)

    /// The feed, and the source its tab was made with (to count the pages asked for).
    static func definition(recordingSourceIn sources: SourceBox) -> FeedDefinition {
        FeedDefinition(
            id: id, abstract: "Browse the whole numbers, from 1.",
            settings: { _, _, _ in },
            tab: { _, _ in
                let source = ScriptedPageSource(pageSize: 20) { Number($0 + 1) }
                sources.source = source
                return FeedTabParts(
                    source: source,
                    descriptor: FeedDescriptor(
                        nouns: Nouns("number", "numbers"), sourceLabel: "counting",
                        details: { number, _ in
                            ItemDetails(id: String(number.id), title: UntrustedText("number \(number.id)"), imageURL: nil, fields: [])
                        }),
                    rowStyle: FeedRowStyle(height: 1) { number, row, frame in
                        frame.write("\(row.isSelected ? ">" : " ") number \(number.id)", at: Point(x: row.rect.x, y: row.rect.y))
                        row.draw(picture, in: pictureRect(in: row.rect), into: &frame)
                    },
                    paging: .adaptive(pageSize: 20))
            })
    }
}

extension NumbersFeed {
    /// Each row's picture, two cells wide at the row's right end.
    static func pictureRect(in row: Rect) -> Rect {
        Rect(x: row.maxX - 3, y: row.y, width: 2, height: 1)
    }

    /// The picture: white over black, 8 × 8 pixels, made here rather than downloaded.
    static let picture: DecodedImage = {
        let side = 8
        let pixels = (0..<side * side).flatMap { index -> [UInt8] in
            let shade: UInt8 = index / side < side / 2 ? 255 : 0
            return [shade, shade, shade, 255]
        }
        // Pictures are kept converted by their request: this one is named by a URL of its own.
        let request = ImageRequest(
            url: URL(fileURLWithPath: "/numbers/picture"), targetSize: PixelSize(width: side, height: side))
        return DecodedImage(width: side, height: side, pixels: pixels, request: request)
    }()
}

/// Where the tab's source is kept once the browser made it.
@MainActor
final class SourceBox: Sendable {
    var source: ScriptedPageSource<Number>?
}
