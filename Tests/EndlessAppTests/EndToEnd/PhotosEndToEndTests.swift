import Foundation
import Testing

/// The photos tab of the real binary in a real terminal (tmux): key 2 shows it, and 200 photos
/// scroll by with j, none twice, the requests left this hour in the status bar.
@Suite("endless photos in a real terminal (tmux)", .serialized, .timeLimit(.minutes(5)))
struct PhotosEndToEndTests {
    typealias E2E = BrowseEndToEndTests

    /// The photo count at the right of the header: `60 photos · page 2` (the tab bar's
    /// `2 photos` is on the left).
    static func photoCount(_ screen: String) -> Int? {
        E2E.header(screen).matches(of: /(\d+) photos?\b/).last.flatMap { Int($0.1) }
    }

    /// Where the selected row is and who took its photo: the line marked `▌` and the
    /// photographer's name on the line above it, right of the picture.
    static func selected(_ screen: String) -> String {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let marker = lines.firstIndex(where: { $0.hasPrefix("▌") }), marker > 0 else { return "" }
        return "\(marker) \(lines[marker - 1].dropFirst(32))"
    }

    @Test("2 opens the photos; j scrolls 200 photos, none twice; the budget shows; q quits cleanly")
    func scrollPhotos() throws {
        let session = try E2E.launch("--unsplash-rate-limit 1000", width: 110, height: 34)
        try session.wait(for: "the people") { E2E.hasRows($0) }
        try session.send("2")
        try session.wait(for: "the photos") { (Self.photoCount($0) ?? 0) >= 30 && $0.contains("requests left this hour") }

        // One j at a time, each waited for on screen (the selection moves): a photo row is tall,
        // and a burst of keys draws one frame, so rows in a burst would never be on screen.
        var screen = try session.screen()
        for pressed in 0..<200 {
            screen = try session.wait(for: "photos loaded past \(pressed)") { (Self.photoCount($0) ?? 0) > pressed + 1 }
            try session.send("j")
            let before = Self.selected(screen)
            screen = try session.wait(for: "the selection to move past photo \(pressed)") { Self.selected($0) != before }
        }
        // Row 200 is on page 7 of 30 photos.
        try session.wait(for: "photo 200 selected") { E2E.header($0).contains("page 7") }
        screen = try session.screen()
        #expect(screen.split(separator: "\n").last?.contains("requests left this hour") == true)

        _ = try E2E.quit(session)
        let dump = try E2E.fullDump(session)
        #expect(dump.active == "photos")
        let photos = try #require(dump.tabs.first { $0.feed == "photos" })
        #expect(photos.selection == 200)
        #expect(photos.seenItems >= 200)
        #expect(photos.duplicates.isEmpty)
        #expect(Set(photos.loaded.map(\.id)).count == photos.loaded.count && photos.loaded.count >= 210)
    }
}
