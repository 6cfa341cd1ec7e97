import EndlessTerminal
import Foundation
import Glibc

/// The screen a command left at quit, kept beside the page cache and drawn the instant the same
/// command starts again in a terminal of the same size, before the feeds, the connection or the
/// terminal's answers are ready: the list as it will reopen (see ``FeedTab/drawReopening``), so
/// the first live frame only changes what moved since (the status bar, the pictures as they
/// load). A phone shows an app's last picture while the app launches for the same reason.
///
/// One file per command line and terminal (`screens/<hash>.screen`), holding its key (see
/// ``BrowseCommand/launchScreenKey(_:environment:)``) and a ``ScreenSnapshot``. A file whose
/// key differs, or that is damaged, is not shown. `--no-cache` neither reads nor writes it, and
/// `endless cache clear` removes them all.
struct LaunchScreen: Sendable {
    /// Where the screen is kept.
    let path: String
    /// What the file must say it is for.
    let key: String

    /// The most screens kept: one per command line used lately.
    static let keptScreens = 16
    /// The folder under the cache's, for `endless cache clear`.
    static let folderName = "screens"
    /// The largest file read: a 2000×2000 screen of wide styled text is far below it.
    static let largestFile = 8 << 20

    /// The launch screen of the command named `key`.
    /// - Parameters:
    ///   - directory: the cache's folder (`$XDG_CACHE_HOME/endless`).
    ///   - key: the command line and environment it is for.
    init(directory: URL, key: String) {
        self.key = key
        path = directory.path + "/\(Self.folderName)/\(Self.fileName(for: key))"
    }

    /// The screen kept for this command, when there is one and it is whole.
    func load() -> ScreenBuffer? {
        guard let bytes = Self.read(path), bytes.count >= 4 else { return nil }
        let keyLength = Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16 | Int(bytes[3]) << 24
        let keyBytes = Array(key.utf8)
        guard keyLength == keyBytes.count, bytes.count >= 4 + keyLength, Array(bytes[4..<(4 + keyLength)]) == keyBytes else {
            return nil
        }
        return ScreenSnapshot.decode(Array(bytes[(4 + keyLength)...]))
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
        let file = URL(fileURLWithPath: path)
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(bytes).write(to: file, options: .atomic)
        } catch {
            return  // a read-only or full cache folder: the next launch draws its first frame as before
        }
        Self.prune(folder)
    }

    /// Forgets this command's screen (its tab no longer opens as it was left).
    func remove() {
        unlink(path)
    }

    /// Removes every launch screen under the cache folder `directory`.
    static func removeAll(in directory: URL) {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(folderName, isDirectory: true))
    }

    // MARK: - Files

    /// A file name from the key: FNV-1a, 64 bits, in hex. Two keys that collide share a file,
    /// and the key inside tells them apart.
    static func fileName(for key: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + ".screen"
    }

    /// The file's bytes, read with two system calls: this runs before anything else at launch.
    private static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0, status.st_size <= largestFile else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        return count == bytes.count ? bytes : nil
    }

    private static func prune(_ folder: URL) {
        let manager = FileManager.default
        guard
            let files = try? manager.contentsOfDirectory(
                at: folder, includingPropertiesForKeys: [.contentModificationDateKey], options: .skipsHiddenFiles),
            files.count > keptScreens
        else { return }
        let oldestFirst = files.map { file in
            (file, (try? file.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate) ?? .distantPast)
        }.sorted { $0.1 < $1.1 }
        for (file, _) in oldestFirst.prefix(files.count - keptScreens) { try? manager.removeItem(at: file) }
    }
}
