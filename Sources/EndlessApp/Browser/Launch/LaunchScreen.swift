import EndlessCache
import EndlessTerminal
import Foundation
import Glibc

/// The screen a command left at quit, kept beside the page cache and drawn the instant the same
/// command starts again in a terminal of the same size, before the feeds, the connection or the
/// terminal's answers are ready: the list as it will reopen (see ``FeedTab/drawReopening``), so
/// the first live frame only changes what moved since (the status bar, the pictures as they
/// load). A phone shows an app's last picture while the app launches for the same reason.
///
/// One file per command line (`screens/<feed>-<16 hex digits>.screen`, the feed it opens on
/// first, so `endless cache clear people` removes only people's), holding its key and a
/// ``ScreenSnapshot``. The key is ``LaunchScreenKey``'s digest of the command line with its
/// secrets taken out, so no file holds a key, a password or even the command line. A file
/// whose key differs, that is damaged, or whose screen is not the terminal's size is not shown
/// (the size is checked in the header, before anything is allocated). Files and the folder
/// are private (0600, 0700). `--no-cache` neither reads nor writes it, and `endless cache
/// clear` removes them all; neither, nor the pruning, ever touches a file or folder in
/// `screens/` that is not named as this program names its screens.
struct LaunchScreen: Sendable {
    /// Where the screen is kept.
    let path: String
    /// What the file must say it is for: the digest of the command line.
    let key: String

    /// The most screens kept: one per command line used lately.
    static let keptScreens = 16
    /// The folder under the cache's, for `endless cache clear`.
    static let folderName = "screens"
    /// The largest file read: a 2000×2000 screen of wide styled text is far below it.
    static let largestFile = 8 << 20
    /// A screen file's name: 16 lowercase hex digits and this.
    static let fileExtension = ".screen"

    /// The launch screen of the command named `commandLine`.
    /// - Parameters:
    ///   - directory: the cache's folder (`$XDG_CACHE_HOME/endless`).
    ///   - commandLine: the command line and environment it is for (see
    ///     ``BrowseCommand/launchScreenKey(_:environment:)``); only its digest, secrets taken
    ///     out, is kept.
    ///   - feed: the feed the command opens on, the only one whose screen is saved.
    init(directory: URL, key commandLine: String, feed: FeedID) {
        key = LaunchScreenKey.digest(of: commandLine)
        path = directory.path + "/\(Self.folderName)/\(Self.prefix(of: feed))\(key.prefix(16))\(Self.fileExtension)"
    }

    /// What the names of a feed's screens start with: `people-`. Feed names are lowercase words.
    static func prefix(of feed: FeedID) -> String {
        String(feed.name.filter { $0.isASCII && ($0.isLowercase || $0.isNumber) }) + "-"
    }

    /// The screen kept for this command, when there is one, it is whole, and it is of `size`.
    /// - Parameter size: the terminal's size; by default, the size of the terminal on
    ///   standard output (or input). Nothing is read without one.
    func load(size: Size? = LaunchScreen.terminalSize()) -> ScreenBuffer? {
        guard let size, let bytes = Self.read(path), bytes.count >= 4 else { return nil }
        let keyLength = Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16 | Int(bytes[3]) << 24
        let keyBytes = Array(key.utf8)
        guard keyLength == keyBytes.count, bytes.count >= 4 + keyLength, Array(bytes[4..<(4 + keyLength)]) == keyBytes else {
            return nil
        }
        return ScreenSnapshot.decode(Array(bytes[(4 + keyLength)...]), expecting: size)
    }

    /// Keeps `frame` for the next launch of this command, replacing the last one at once (a
    /// launch reading meanwhile sees the old file or the new, never half of one), and forgets
    /// the screens of the command lines used longest ago beyond ``keptScreens``.
    /// - Parameter frame: the screen to open on.
    func save(_ frame: ScreenBuffer) {
        let keyBytes = Array(key.utf8)
        let count = UInt32(clamping: keyBytes.count)
        var bytes = (0..<4).map { UInt8(truncatingIfNeeded: count >> ($0 * 8)) }
        bytes += keyBytes
        bytes += ScreenSnapshot.encode(frame)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        // A read-only or full cache folder: the next launch draws its first frame as before.
        guard (try? PrivateFiles.createFolder(folder)) != nil, PrivateFiles.write(bytes, to: path) else { return }
        Self.prune(folder)
    }

    /// Forgets this command's screen (its tab no longer opens as it was left).
    func remove() {
        unlink(path)
    }

    /// Removes every launch screen under the cache folder `directory` (only those of `feed`,
    /// when given, and those older ones whose feed is not named), and the folder when nothing
    /// else is left in it.
    static func removeAll(in directory: URL, feed: FeedID? = nil) {
        let folder = directory.appendingPathComponent(folderName, isDirectory: true)
        for file in screenFiles(in: folder, includingUnfinished: true) {
            let name = file.lastPathComponent
            if let feed, name.contains("-"), !name.hasPrefix(prefix(of: feed)) { continue }
            unlink(file.path)
        }
        rmdir(folder.path)
    }

    /// The terminal's size, from standard output, else standard input, as the session draws
    /// it (``Size/boundedToWindow``); nil without a terminal.
    static func terminalSize() -> Size? {
        for descriptor in [STDOUT_FILENO, STDIN_FILENO] {
            var size = winsize()
            if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
                return Size(width: Int(size.ws_col), height: Int(size.ws_row)).boundedToWindow
            }
        }
        return nil
    }

    // MARK: - Files

    /// Whether `name` is a screen's file name as ``init(directory:key:)`` makes them.
    static func isScreenFileName(_ name: String) -> Bool {
        guard name.hasSuffix(fileExtension) else { return false }
        var stem = name.utf8.dropLast(fileExtension.utf8.count)
        // `<feed>-` first, a lowercase word; files of earlier versions have none.
        if let dash = stem.firstIndex(of: UInt8(ascii: "-")) {
            let feed = stem[..<dash]
            guard !feed.isEmpty, feed.count <= 32,
                feed.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) })
            else { return false }
            stem = stem[stem.index(after: dash)...]
        }
        return stem.count == 16 && stem.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Whether `name` is a screen being written (`<screen>.<pid>.tmp`, see
    /// `PrivateFiles.write(_:to:)`), or left half-written by a process that died.
    static func isUnfinishedScreenFileName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && isScreenFileName(parts[0] + "." + parts[1]) && parts[3] == "tmp"
            && !parts[2].isEmpty && parts[2].allSatisfy(\.isASCII) && parts[2].allSatisfy(\.isNumber)
    }

    /// The screens in `folder`: regular files named as this program names them (and, when
    /// asked, its unfinished ones); never a folder, a link or anyone else's file.
    private static func screenFiles(in folder: URL, includingUnfinished: Bool = false) -> [URL] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { isScreenFileName($0) || (includingUnfinished && isUnfinishedScreenFileName($0)) }.compactMap { name in
            var status = stat()
            let path = folder.path + "/" + name
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
            return URL(fileURLWithPath: path)
        }
    }

    /// The file's bytes, read with two system calls: this runs before anything else at launch.
    private static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size > 0,
            status.st_size <= largestFile
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        return count == bytes.count ? bytes : nil
    }

    private static func prune(_ folder: URL) {
        let files = screenFiles(in: folder)
        guard files.count > keptScreens else { return }
        let oldestFirst = files.map { file in
            var status = stat()
            let modified = lstat(file.path, &status) == 0 ? Int(status.st_mtim.tv_sec) * 1_000_000_000 + status.st_mtim.tv_nsec : 0
            return (file, modified)
        }.sorted { $0.1 < $1.1 }
        for (file, _) in oldestFirst.prefix(files.count - keptScreens) { unlink(file.path) }
    }
}
