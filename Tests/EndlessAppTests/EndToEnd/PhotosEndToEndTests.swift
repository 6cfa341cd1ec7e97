import Foundation
import Testing

/// The photos tab of the real binary in a real terminal (tmux): key 2 shows it, and 200 photos
/// scroll by with j, none twice, the requests left this hour in the status bar.
///
/// Part of the browse suite, which is serialized: two binaries scrolling at once on a 2-core
/// machine would make each other batch keys into frames.
extension BrowseEndToEndTests {
    /// The photo count at the right of the header: `60 photos · page 2` (the tab bar's
    /// `2 photos` is on the left).
    static func photoCount(_ screen: String) -> Int? {
        Self.header(screen).matches(of: /(\d+) photos?\b/).last.flatMap { Int($0.1) }
    }

    @Test("photos: 2 opens them; j scrolls 200 photos, none twice; the budget shows; q quits cleanly")
    func scrollPhotos() throws {
        let session = try Self.launch("--unsplash-rate-limit 1000", width: 110, height: 34)
        try session.wait(for: "the people") { Self.hasRows($0) }
        try session.send("2")
        try session.wait(for: "the photos") { (Self.photoCount($0) ?? 0) >= 30 && $0.contains("requests left this hour") }

        try Self.scroll(session, to: 200, count: Self.photoCount)
        // Row 200 is on page 7 of 30 photos.
        try session.wait(for: "photo 200 selected") { Self.header($0).contains("page 7") }
        let screen = try session.screen()
        #expect(screen.split(separator: "\n").last?.contains("requests left this hour") == true)

        _ = try Self.quit(session)
        let dump = try Self.fullDump(session)
        #expect(dump.active == "photos")
        let photos = try #require(dump.tabs.first { $0.feed == "photos" })
        #expect(photos.selection == 200)
        #expect(photos.seenItems >= 200)
        #expect(photos.duplicates.isEmpty)
        #expect(Set(photos.loaded.map(\.id)).count == photos.loaded.count && photos.loaded.count >= 210)
    }
}
