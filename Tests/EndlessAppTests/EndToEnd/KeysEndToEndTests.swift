import EndlessTesting
import Foundation
import Testing

/// The keys of issue 27 in the real binary, in a real terminal (tmux), as a person uses them:
/// search then Esc, a star that survives relaunch, `O` running `$BROWSER`, `d` saving a photo,
/// `]` changing a coin's chart range.
///
/// Part of the browse suite, which is serialized (two binaries at once on a 2-core machine
/// would make each other batch keys into frames).
extension BrowseEndToEndTests {
    static let keyWait = TimeBudget.scaled(.seconds(30))

    @Test("photos in tmux: / searches and Esc returns; * stars (★) and the star survives relaunch; d saves the photo; O runs $BROWSER with its page")
    func photoKeys() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("endless-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let opened = folder.appendingPathComponent("opened.txt").path
        let browser = folder.appendingPathComponent("browser.sh")
        // Written whole, then renamed: the test reads it as soon as it exists (under load it
        // once read the file between the shell creating it and printf filling it).
        try "#!/bin/sh\nprintf '%s\\n' \"$#\" \"$@\" > \(opened).part && mv \(opened).part \(opened)\n".write(
            to: browser, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: browser.path)
        let environment = [
            "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
            "XDG_PICTURES_DIR": folder.appendingPathComponent("pictures").path, "BROWSER": browser.path,
        ]

        let session = try Self.launch("photos --unsplash-rate-limit 1000", width: 110, height: 34, environment: environment)
        try session.wait(for: "the photos", timeout: Self.keyWait) { (Self.photoCount($0) ?? 0) >= 30 }
        let first = try session.screen()

        try session.send("/")
        try session.sendLiteral("sea")
        try session.send("Enter")
        try session.wait(for: "the search's results", timeout: Self.keyWait) { Self.header($0).contains("sea") }
        try session.send("Escape")
        try session.wait(for: "the feed again, where it was", timeout: Self.keyWait) {
            !Self.header($0).contains("sea") && Self.photoCount($0) == Self.photoCount(first)
        }

        try session.send("*")
        try session.wait(for: "the star on the row", timeout: Self.keyWait) { $0.contains("★") }

        try session.send("d")
        let saved = try session.wait(for: "the download saved", timeout: Self.keyWait) { $0.contains("Saved to") }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("pictures/endless").path)
        #expect(files.count == 1 && files.first?.hasSuffix(".jpg") == true, "\(files)\n\(saved)")

        try session.send("O")
        try session.wait(for: "the page opened", timeout: Self.keyWait) { _ in FileManager.default.fileExists(atPath: opened) }
        let lines = try String(contentsOfFile: opened, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2 && lines.first == "1", "one argument, the page, and nothing else: \(lines)")
        #expect(lines.last?.hasPrefix("https://unsplash.com/photos/") == true)
        #expect(lines.last?.hasSuffix("utm_source=endless&utm_medium=referral") == true)
        _ = try Self.quit(session)

        // Relaunched on the same cache: the star is still on the photo's row.
        let again = try Self.launch("photos --unsplash-rate-limit 1000", width: 110, height: 34, environment: environment)
        try again.wait(for: "the star after relaunch", timeout: Self.keyWait) { (Self.photoCount($0) ?? 0) >= 30 && $0.contains("★") }
        _ = try Self.quit(again)
    }

    @Test("coins in tmux: ] in details shows the 30-day chart, [ the 7-day again")
    func chartRangeKeys() throws {
        let session = try Self.launch("coins", width: 110, height: 34)
        try session.wait(for: "the coins", timeout: Self.keyWait) { $0.contains("Bitcoin") }
        try session.send("Enter")
        try session.wait(for: "the details", timeout: Self.keyWait) { $0.contains("7 d · usd") }
        try session.send("]")
        try session.wait(for: "the 30-day chart", timeout: Self.keyWait) { $0.contains("30 d · usd") && !$0.contains("loading") }
        try session.send("[")
        try session.wait(for: "the 7-day chart again", timeout: Self.keyWait) { $0.contains("7 d · usd") }
        _ = try Self.quit(session)
    }
}
