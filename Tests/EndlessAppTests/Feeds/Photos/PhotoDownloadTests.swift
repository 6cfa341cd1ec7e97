import EndlessFeedModel
import EndlessHTTP
import EndlessTerminal
import EndlessTesting
import Foundation
import Glibc
import Synchronization
import Testing
import UnsplashAPI

@testable import EndlessApp

/// `d` as a person uses it on the photos tab, against the embedded simulator on loopback: the
/// photo at full size lands in `$XDG_PICTURES_DIR/endless/`, and the simulator counted the
/// download. And the parts: names made safe, no file replaced, the size bound.
@Suite("Photo downloads", .timeLimit(TimeBudget.minutes(2)), .serialized)
@MainActor
struct PhotoDownloadTests {
    typealias App = FeedSearchTests.App

    /// A folder of its own, removed at the end.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("endless-download-\(UUID().uuidString)")
        deinit { try? FileManager.default.removeItem(at: url) }
        var path: String { url.path }
        func files(_ sub: String = "endless") -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: url.appendingPathComponent(sub).path)) ?? []).sorted()
        }
    }

    /// The photo's downloads as the simulator's `GET /photos/{id}` says now.
    static func downloads(of id: String, app: App) async throws -> Int {
        let client = UnsplashClient(http: app.connection.endpoint(api: nil, service: PhotosFeed.service).http, accessKey: "test")
        return try #require(try await client.photo(id: id).downloads)
    }

    @Test("d on a photo saves it at full size as <photographer>-<id>.jpg in a private folder, and the simulator counts one download")
    func download() async throws {
        let folder = Folder()
        let app = try App(opening: .photos)
        app.browser.environment["XDG_PICTURES_DIR"] = folder.path
        app.browser.environment["HOME"] = "/nonexistent-home"
        try app.loop.start()
        try await app.run { app.browser.active.status.rows > 0 && !app.browser.active.isOpening }
        let selected = try #require(app.browser.active.selectedItem)
        let photo = try UnsplashPhoto(rawJSON: selected.json)
        let before = try await Self.downloads(of: photo.id, app: app)

        try app.press(.character("d"))
        #expect(app.browser.downloads.status?.hasPrefix("Downloading ") == true)
        #expect(app.terminal.text.contains("Downloading "), "said in the status bar")
        try app.press(.character("d"))
        #expect(app.browser.notice?.hasSuffix("is already downloading") == true, "a second d while it runs")
        try await app.run { app.browser.downloads.status?.hasPrefix("Saved to ") == true }

        let name = "\(try #require(photo.user?.username))-\(photo.id).jpg"
        #expect(folder.files() == [name], "one file, no temporary left")
        let file = folder.url.appendingPathComponent("endless/\(name)")
        let bytes = try Data(contentsOf: file)
        #expect(bytes.starts(with: [0xFF, 0xD8, 0xFF]), "a JPEG")
        #expect(bytes.count > 50_000, "at full size, not a row's thumbnail")
        var info = stat()
        #expect(stat(folder.url.appendingPathComponent("endless").path, &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(try await Self.downloads(of: photo.id, app: app) == before + 1, "download_location was called once")

        // Again: the same bytes are the file saved before, nothing new is written.
        try app.press(.character("d"))
        try await app.run { app.browser.downloads.status?.hasPrefix("Already saved to ") == true }
        #expect(folder.files() == [name])
        #expect(try await Self.downloads(of: photo.id, app: app) == before + 2)
    }

    @Test("d on a feed with no downloads says so; d is in the help")
    func nothingToDownload() throws {
        let app = try App(opening: .people)
        app.browser.perform(.download, visibleRows: 10)
        #expect(app.browser.notice == "Nothing to download here")
        #expect(app.browser.downloads.status == nil)
        let bindings = KeyBindings.all(nouns: Nouns("photo", "photos"), tabs: [.photos])
        #expect(KeyBindings.intent(for: KeyEvent(.character("d")), in: bindings) == .download)
        #expect(KeyBindings.helpHints(bindings).contains { $0.key == "d" })
    }

    @Test(
        "names are made safe: only [A-Za-z0-9._-], no leading dot or dash, bounded, never empty",
        arguments: [
            ("sea-LBI7cgq3pbM", "sea-LBI7cgq3pbM"), ("../../etc/passwd", "etc-passwd"), ("a\u{1B}]0;pwned\u{07}b", "a-0-pwned-b"),
            ("", "download"), ("...", "download"), ("Zoë Ångström", "Zo-ngstr-m"), ("日本", "download"), ("-rf x", "rf-x"),
            (".hidden", "hidden"), ("a/b\\c", "a-b-c"),
        ])
    func stems(_ name: String, _ expected: String) {
        #expect(DownloadFileName.stem(name) == expected)
    }

    @Test("a long name is cut; the extension comes from the Content-Type, and only pictures are saved")
    func lengthAndExtension() {
        let long = DownloadFileName.stem(String(repeating: "x", count: 300))
        #expect(long.count == DownloadFileName.maximumStemLength)
        #expect(DownloadFileName.fileExtension(contentType: "image/jpeg") == "jpg")
        #expect(DownloadFileName.fileExtension(contentType: "IMAGE/PNG; charset=binary") == "png")
        #expect(DownloadFileName.fileExtension(contentType: "image/webp") == "webp")
        for refused in ["image/gif", "text/html", "image/svg+xml", "", nil] as [String?] {
            #expect(DownloadFileName.fileExtension(contentType: refused) == nil)
        }
    }

    @Test("no file is ever replaced: a different file of the same name gives -2, -3; the same bytes are kept as they are")
    func noOverwrite() throws {
        let folder = Folder()
        let place = folder.url.appendingPathComponent("endless")
        let first = try DownloadSaver.save(Data("one".utf8), in: place, stem: "sea", fileExtension: "jpg")
        #expect(first.url.lastPathComponent == "sea.jpg" && !first.existed)
        let second = try DownloadSaver.save(Data("two".utf8), in: place, stem: "sea", fileExtension: "jpg")
        #expect(second.url.lastPathComponent == "sea-2.jpg" && !second.existed)
        let third = try DownloadSaver.save(Data("three".utf8), in: place, stem: "sea", fileExtension: "jpg")
        #expect(third.url.lastPathComponent == "sea-3.jpg")
        let again = try DownloadSaver.save(Data("two".utf8), in: place, stem: "sea", fileExtension: "jpg")
        #expect(again.url.lastPathComponent == "sea-2.jpg" && again.existed)
        #expect(try String(contentsOf: place.appendingPathComponent("sea.jpg"), encoding: .utf8) == "one")
        #expect(folder.files() == ["sea-2.jpg", "sea-3.jpg", "sea.jpg"], "no temporary file left")
    }

    @Test("the pictures folder: XDG_PICTURES_DIR, else user-dirs.dirs, else ~/Pictures; shown with ~")
    func picturesFolder() throws {
        let folder = Folder()
        #expect(try DownloadFolder.resolve(environment: ["XDG_PICTURES_DIR": "/p", "HOME": "/h"]).path == "/p/endless")
        #expect(try DownloadFolder.resolve(environment: ["HOME": folder.path]).path == folder.path + "/Pictures/endless")
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".config"), withIntermediateDirectories: true)
        try "# written by xdg-user-dirs-update\nXDG_PICTURES_DIR=\"$HOME/Bilder\"\n".write(
            to: folder.url.appendingPathComponent(".config/user-dirs.dirs"), atomically: true, encoding: .utf8)
        #expect(try DownloadFolder.resolve(environment: ["HOME": folder.path]).path == folder.path + "/Bilder/endless")
        #expect(DownloadFolder.picturesLine(in: "XDG_PICTURES_DIR=\"relative\"", home: "/h") == nil)
        #expect(throws: DownloadFolder.Failure.self) { try DownloadFolder.resolve(environment: [:]) }
        #expect(DownloadFolder.shown("/home/a/Pictures/endless/x.jpg", environment: ["HOME": "/home/a"]) == "~/Pictures/endless/x.jpg")
    }

    /// A download over a scripted loopback server; returns what the status bar says at the end.
    static func download(
        _ answer: String, maximumBytes: Int = Downloader.defaultMaximumBytes, tell: (@Sendable () async throws -> Void)? = nil,
        folder: Folder
    ) async throws -> String? {
        let server = try ScriptedLoopbackServer { _ in answer }
        defer { server.stop() }
        let downloader = Downloader(maximumBytes: maximumBytes)
        downloader.start(
            ItemDownload(key: "k", url: server.url("/x"), name: "sea", toldParty: "the zoo", tell: tell),
            environment: ["XDG_PICTURES_DIR": folder.path])
        await downloader.running["k"]?.value
        return downloader.status
    }

    @Test("a file past the size bound is refused with a clear error and nothing is written")
    func sizeBound() async throws {
        let folder = Folder()
        let big = ScriptedLoopbackServer.response(
            status: 200, headers: ["Content-Type": "image/png"], body: String(repeating: "x", count: 4096))
        let status = try await Self.download(big, maximumBytes: 1024, folder: folder)
        #expect(status == "Not saved: sea is larger than 1 KiB")
        #expect(folder.files().isEmpty)
        let small = ScriptedLoopbackServer.response(status: 200, headers: ["Content-Type": "image/png"], body: "png")
        #expect(try await Self.download(small, maximumBytes: 1024, folder: folder)?.hasPrefix("Saved to \(folder.path)/endless/sea.png") == true)
    }

    @Test("a picture of another kind is not saved; a failed tell keeps the file and says so")
    func refusedAndUntold() async throws {
        let folder = Folder()
        let gif = ScriptedLoopbackServer.response(status: 200, headers: ["Content-Type": "image/gif"], body: "GIF89a")
        #expect(try await Self.download(gif, folder: folder)?.contains("not a JPEG, PNG or WebP picture") == true)
        #expect(folder.files().isEmpty)
        struct Refused: Error, CustomStringConvertible { var description: String { "403 \u{1B}[31mno" } }
        let jpeg = ScriptedLoopbackServer.response(status: 200, headers: ["Content-Type": "image/jpeg"], body: "jpeg")
        let status = try #require(try await Self.download(jpeg, tell: { throw Refused() }, folder: folder))
        #expect(status.hasPrefix("Saved to \(folder.path)/endless/sea.jpg; the zoo was not told of the download: 403 "))
        #expect(!status.contains("\u{1B}"))
        #expect(folder.files() == ["sea.jpg"])
    }

    @Test("progress is said in whole percents, each once, and only when the length is known")
    func progress() {
        let said = Mutex<[Int]>([])
        let progress = DownloadProgress { percent in said.withLock { $0.append(percent) } }
        for received in [10, 449, 450, 451, 1000] { progress.observe(received, 1000) }
        progress.observe(5, nil)
        #expect(said.withLock { $0 } == [1, 44, 45, 100])
    }
}
