import EndlessTerminal
import EndlessTesting
import Foundation
import Glibc
import Testing

@testable import EndlessApp

/// What a launch screen keeps on disk, and what it reads back: no secret in a file or its
/// name, private modes, a header checked against the terminal before anything is allocated,
/// and pruning that touches only the program's own files.
@Suite("Launch screen files", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct LaunchScreenTrustTests {
    static let size = LaunchScreenTests.size

    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o777 : 0
    }

    /// A command line as `BrowseCommand.launchScreenKey` makes it, with every kind of secret.
    static func commandLine(key: String, password: String, clientID: String) -> String {
        [
            "browse", "photos", "--access-key=\(key)", "--api-key=\(key)", "--demo-key=\(key)",
            "--api=http://user:\(password)@127.0.0.1:9/unsplash/?client_id=\(clientID)&per_page=5",
            "UNSPLASH_ACCESS_KEY=\(key)", "TERM=xterm",
        ].joined(separator: "\u{0}")
    }

    @Test("no secret in the file, its name or its folder; files 0600 in a 0700 folder; another key opens the same screen")
    func noSecretKept() throws {
        let directory = LaunchScreenTests.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let screen = LaunchScreen(directory: directory, key: Self.commandLine(key: "SECRET123", password: "PW456", clientID: "CID789"), feed: .people)
        screen.save(LaunchScreenTests.frame("Ms First3 Last3"))

        let folder = directory.appendingPathComponent(LaunchScreen.folderName)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.count == 1)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: screen.path))
        for secret in ["SECRET123", "PW456", "CID789", "user:"] {
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(secret) is in the file")
            #expect(!names.joined().contains(secret))
        }
        #expect(Self.mode(screen.path) == 0o600)
        #expect(Self.mode(folder.path) == 0o700)
        // The command line is not kept either, only its digest.
        #expect(bytes.range(of: Data("photos".utf8)) == nil)

        let otherKey = LaunchScreen(directory: directory, key: Self.commandLine(key: "OTHER", password: "OTHERPW", clientID: "X"), feed: .people)
        #expect(otherKey.load(size: Self.size) == LaunchScreenTests.frame("Ms First3 Last3"))
        // What is not a secret still tells two command lines apart.
        let otherPage = Self.commandLine(key: "SECRET123", password: "PW456", clientID: "CID789").replacingOccurrences(
            of: "per_page=5", with: "per_page=6")
        #expect(LaunchScreen(directory: directory, key: otherPage, feed: .people).load(size: Self.size) == nil)
    }

    @Test("secrets are taken out of options, variables, URLs and query strings; the rest stays")
    func secretFree() {
        #expect(LaunchScreenKey.redacted("browse\u{0}--access-key=K\u{0}--seed=abc") == "browse\u{0}--access-key=<secret>\u{0}--seed=abc")
        #expect(LaunchScreenKey.redacted("REQRES_API_KEY=K\u{0}TERM=xterm") == "REQRES_API_KEY=<secret>\u{0}TERM=xterm")
        #expect(SecretFree.url("http://u:p@h:1/a?client_id=c&x=1") == "http://h:1/a?client_id=%3Csecret%3E&x=1")
        #expect(SecretFree.url("https://api.example/v1/") == "https://api.example/v1/")
        #expect(SecretFree.words("https://u:p@h/ nat=nl&api_key=k seed=1") == "https://h/ nat=nl&api_key=<secret> seed=1")
        // Nothing in a URL, however odd, makes the cleaning trap.
        for odd in ["http://h/?a=%zz&key=1", "http://[::1]:1/?token", "http://u@h/?=&&key", "http://h/%%?client_id=<x>"] {
            #expect(!SecretFree.url(odd).contains("u@"))
        }
        #expect(SecretFree.words("simulator  order_by=latest") == "simulator  order_by=latest")
        #expect(!LaunchScreenKey.redacted("--api=http://u:pw@h/,http://v:pw2@g/").contains("pw"))
    }

    @Test("a forged header claiming 2000×2000 is refused from its header when the terminal is another size")
    func forgedHeader() throws {
        let directory = LaunchScreenTests.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let screen = LaunchScreen(directory: directory, key: "browse", feed: .people)
        screen.save(LaunchScreenTests.frame("real"))
        // The same key, then a snapshot of 2000 empty rows of 2000 cells: 4 KB that would
        // make a screen of 4 million cells.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: screen.path)))
        let keyLength = Int(bytes[0]) | Int(bytes[1]) << 8
        bytes = Array(bytes[0..<(4 + keyLength)]) + Array("ESNP".utf8) + [1, 0xD0, 0x07, 0xD0, 0x07]
        bytes += [UInt8](repeating: 0xFF, count: 2 * 2000)
        try Data(bytes).write(to: URL(fileURLWithPath: screen.path))
        #expect(screen.load(size: Self.size) == nil)
        #expect(screen.load(size: Size(width: 80, height: 24)) == nil)
        #expect(ScreenSnapshot.decode(Array(bytes[(4 + keyLength)...]), expecting: Size(width: 80, height: 24)) == nil)
        // Without a terminal nothing is read.
        #expect(screen.load(size: nil) == nil)
    }

    @Test("pruning and clearing remove only the program's screens: a foreign file, a folder and a link stay")
    func pruneOnlyOwnFiles() throws {
        let directory = LaunchScreenTests.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent(LaunchScreen.folderName)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("kept/inner"), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent("kept/inner/file").path, contents: Data("x".utf8)))
        #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent("notes.txt").path, contents: Data("x".utf8)))
        // Named like a screen, but a folder: not the program's either.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("0123456789abcdef.screen"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("fedcba9876543210.screen").path, withDestinationPath: "notes.txt")
        let foreign = ["kept", "notes.txt", "0123456789abcdef.screen", "fedcba9876543210.screen"]

        for number in 0..<(LaunchScreen.keptScreens + 4) {
            LaunchScreen(directory: directory, key: "command \(number)", feed: .people).save(LaunchScreenTests.frame("\(number)"))
        }
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(names.isSuperset(of: foreign))
        #expect(names.subtracting(foreign).count == LaunchScreen.keptScreens)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("kept/inner/file").path))

        // A screen a process died writing is the program's too, for `endless cache clear`.
        #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent("00000000000000aa.screen.123.tmp").path, contents: Data()))
        LaunchScreen.removeAll(in: directory)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == Set(foreign))
    }
}
