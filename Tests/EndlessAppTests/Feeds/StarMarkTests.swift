import EndlessTesting
import Foundation
import Testing
import UnsplashAPI

@testable import EndlessApp

/// The ★ on a starred item's row, on every feed (people's list is another each run, and its
/// rows are the users' avatar rows): after `*`, after a relaunch (read from the
/// page cache), and gone after `*` again.
@Suite("Star marks on rows", .timeLimit(TimeBudget.minutes(2)), .serialized)
@MainActor
struct StarMarkTests {
    typealias App = FeedSearchTests.App

    /// The lines of the screen that show the mark.
    static func marked(_ app: App) -> [Substring] {
        app.terminal.text.split(separator: "\n").filter { $0.contains(StarMarks.mark) }
    }

    @Test(
        "* marks the row with ★ at the end of its first line; a relaunch shows it again; * again removes it", arguments: ["users", "coins", "photos"])
    func starMark(_ name: String) async throws {
        let kind = try #require(FeedCatalog.definition(named: name)?.id)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endless-mark-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let app = try App(opening: kind, folder: folder)
            try app.loop.start()
            try await app.run { app.browser.active.status.rows > 1 && !app.browser.active.isOpening }
            #expect(Self.marked(app).isEmpty)
            try app.press(.character("j"))
            try app.press(.character("*"))
            try await app.run { Self.marked(app).count == 1 }
            let line = try #require(Self.marked(app).first)
            #expect(line.hasPrefix(Theme.selectionBarGlyph), "on the selected row")
        }
        let app = try App(opening: kind, folder: folder)
        try app.loop.start()
        try await app.run { app.browser.active.status.rows > 1 && !app.browser.active.isOpening }
        try app.press(.character("j"))
        try await app.run { Self.marked(app).count == 1 }
        try app.press(.character("*"))
        #expect(app.browser.notice?.hasPrefix("unstarred") == true)
        try await app.run { Self.marked(app).isEmpty }
    }

    @Test("photo rows and details credit the photographer as Unsplash asks: Photo by NAME on Unsplash, the name sanitized")
    func attribution() async throws {
        let app = try App(opening: .photos)
        try app.loop.start()
        try await app.run { app.browser.active.status.rows > 0 && !app.browser.active.isOpening }
        let photo = try UnsplashPhoto(rawJSON: try #require(app.browser.active.selectedItem?.json))
        let name = try #require(photo.user?.displayName)
        try await app.run { app.terminal.text.contains("Photo by \(name) on Unsplash") }

        let hostile = UnsplashPhoto(id: "x", user: UnsplashUser(id: "u", username: "u", name: "Eve\u{1B}]0;pwned\u{07}\u{202E}"))
        let credit = try #require(PhotoDetails.of(hostile).fields.first)
        #expect(credit.label == "credit")
        #expect(credit.value.displayText == "Photo by Eve on Unsplash", "the escape sequence and the bidi override removed")
        // The credit's links, as Unsplash's guidelines ask: the photographer's page and the photo's, with the referral.
        let linked = UnsplashPhoto(
            id: "p", links: UnsplashPhotoLinks(api: nil, html: "https://unsplash.com/photos/p?utm_source=x", download: nil, downloadLocation: nil),
            user: UnsplashUser(id: "u", username: "eve_1", name: "Eve"))
        let fields = PhotoDetails.of(linked).fields
        #expect(
            fields.first { $0.label == "photographer" }?.value.displayText == "https://unsplash.com/@eve_1?utm_source=endless&utm_medium=referral")
        #expect(fields.first { $0.label == "page" }?.value.displayText == "https://unsplash.com/photos/p?utm_source=endless&utm_medium=referral")
        let odd = UnsplashPhoto(id: "q", user: UnsplashUser(id: "u", username: "a/../b?x", name: "Mallory"))
        #expect(!PhotoDetails.of(odd).fields.contains { $0.label == "photographer" }, "a username Unsplash would not give links nowhere")
    }

    @Test(
        "details: a photo's and a coin's page and a user's email are OSC 8 links where the terminal shows them, plain text elsewhere",
        arguments: [("photos", "https://unsplash.com/photos/"), ("coins", "https://www.coingecko.com/en/coins/"), ("users", "mailto:")])
    func detailsLinks(_ name: String, _ prefix: String) async throws {
        let kind = try #require(FeedCatalog.definition(named: name)?.id)
        for shown in [true, false] {
            let app = try App(opening: kind)
            app.terminal.hyperlinks = shown
            try app.loop.start()
            try await app.run { app.browser.active.status.rows > 0 && !app.browser.active.isOpening }
            try app.press(.enter)
            try await app.run { app.browser.active.hasDetails && app.terminal.text.contains(name == "users" ? "@" : "https://") }
            #expect(app.terminal.output.contains("\u{1B}]8;;\(prefix)") == shown)
            #expect(app.terminal.output.contains("\u{1B}]8;;\u{1B}\\") == shown, "and closed")
        }
    }

    @Test("what a details value links to: web addresses, and email addresses as mailto; nothing else")
    func detailsTargets() {
        #expect(DetailsLink.target(of: "https://unsplash.com/photos/a") == "https://unsplash.com/photos/a")
        #expect(DetailsLink.target(of: "george.bluth@reqres.in") == "mailto:george.bluth@reqres.in")
        for plain in ["javascript:alert(1)", "a@b", "not an email@x.test", "12,345", "https://x.test/\u{1B}]0;x\u{07}", "é@x.test"] {
            #expect(DetailsLink.target(of: plain) == nil, "\(plain)")
        }
    }
}
